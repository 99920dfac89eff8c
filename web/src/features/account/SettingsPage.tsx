import { LANGUAGE_NAMES, SETTING_CHOICES, type Language, type UserSettings } from '@exam/shared';
import { Box, Button, Group, Paper, Select, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { enumLabel } from '../../i18n/format';
import { useSettings } from './useSettings';
import { useSaveSettings } from './useSaveSettings';
import { ZoneSelect } from './ZoneSelect';

/** The date formats' keys in account:settings.dateFormat.options (each language writes its own letters). */
const DATE_FORMAT_KEYS: Record<string, string> = { 'MM/DD/YYYY': 'mdy', 'DD/MM/YYYY': 'dmy', 'YYYY-MM-DD': 'ymd' };

/** Select options whose labels are read at render time, in the language on screen. */
const options = (values: readonly string[], label: (value: string) => string) => values.map((v) => ({ value: v, label: label(v) }));

/** /settings: every change applies at once and is saved; Save All and Reset to Default. */
export function SettingsPage() {
  const { t } = useTranslation('account');
  const { settings, isLoaded } = useSettings();
  const save = useSaveSettings();
  const n = settings.notifications;
  const p = settings.privacy;
  const pr = settings.preferences;

  // Each switch's words are account:settings.<category>.<key>.label / .description.
  const toggle = <C extends 'notifications' | 'privacy' | 'exam'>(category: C, key: keyof UserSettings[C] & string) => (
    <Switch
      label={t(`settings.${category}.${key}.label`)}
      description={t(`settings.${category}.${key}.description`)}
      checked={Boolean(settings[category][key])}
      disabled={!isLoaded}
      onChange={(ev) => save.change(category, key, ev.currentTarget.checked as UserSettings[C][keyof UserSettings[C]])}
    />
  );

  return (
    <Box py="md">
      <Group justify="space-between" mb="md">
        <Title order={1}>{t('settings.title')}</Title>
        <Group>
          <Button variant="default" onClick={() => save.reset()} disabled={!isLoaded || save.isSaving}>
            {t('settings.reset')}
          </Button>
          <Button onClick={() => save.saveAll(settings)} disabled={!isLoaded || save.isSaving}>
            {t('settings.saveAll')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="general">{t('settings.tabs.general')}</Tabs.Tab>
            <Tabs.Tab value="notifications">{t('settings.tabs.notifications')}</Tabs.Tab>
            <Tabs.Tab value="privacy">{t('settings.tabs.privacy')}</Tabs.Tab>
            <Tabs.Tab value="exam">{t('settings.tabs.exam')}</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="general">
            <Stack maw={420}>
              <Select
                label={t('common:languageLabel')}
                description={t('settings.language.description')}
                data={options(SETTING_CHOICES.language, (v) => LANGUAGE_NAMES[v as Language])}
                value={pr.language}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'language', v as UserSettings['preferences']['language'])}
              />
              <ZoneSelect
                label={t('settings.timezone.label')}
                description={t('settings.timezone.description')}
                withFirstNames
                value={pr.timezone}
                disabled={!isLoaded}
                onChange={(zone) => save.change('preferences', 'timezone', zone)}
              />
              <Select
                label={t('settings.theme.label')}
                data={options(SETTING_CHOICES.theme, (v) => t(`settings.theme.options.${v}`))}
                value={pr.theme}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'theme', v as UserSettings['preferences']['theme'])}
              />
              <Select
                label={t('settings.dateFormat.label')}
                data={options(SETTING_CHOICES.dateFormat, (v) => t(`settings.dateFormat.options.${DATE_FORMAT_KEYS[v]}`))}
                value={pr.dateFormat}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'dateFormat', v as UserSettings['preferences']['dateFormat'])}
              />
              <Select
                label={t('settings.timeFormat.label')}
                data={options(SETTING_CHOICES.timeFormat, (v) => t(`settings.timeFormat.options.${v}`))}
                value={pr.timeFormat}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'timeFormat', v as UserSettings['preferences']['timeFormat'])}
              />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="notifications">
            <Stack>
              {toggle('notifications', 'emailNotifications')}
              {toggle('notifications', 'pushNotifications')}
              {toggle('notifications', 'examReminders')}
              {toggle('notifications', 'resultNotifications')}
              {toggle('notifications', 'systemUpdates')}
              {!n.emailNotifications && (
                <Text size="sm" c="dimmed">
                  {t('settings.notifications.emailOff')}
                </Text>
              )}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="privacy">
            <Stack maw={520}>
              <Select
                label={t('settings.privacy.profileVisibility.label')}
                description={t('settings.privacy.profileVisibility.description')}
                data={options(SETTING_CHOICES.profileVisibility, (v) => enumLabel('profileVisibility', v))}
                value={p.profileVisibility}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('privacy', 'profileVisibility', v as UserSettings['privacy']['profileVisibility'])}
              />
              {toggle('privacy', 'showEmail')}
              {toggle('privacy', 'showPhone')}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="exam">
            <Stack>
              <Switch
                label={t('settings.exam.autoSave.label')}
                description={t('settings.exam.autoSave.description')}
                checked
                disabled
              />
              {toggle('exam', 'confirmBeforeSubmit')}
              {toggle('exam', 'showTimer')}
              {toggle('exam', 'playSound')}
              {toggle('exam', 'enableKeyboardShortcuts')}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Box>
  );
}
