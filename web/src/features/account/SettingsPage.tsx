import { LANGUAGE_NAMES, SETTING_CHOICES, type UserSettings } from '@exam/shared';
import { Box, Button, Group, Paper, Select, Stack, Switch, Tabs, Text, Title } from '@mantine/core';
import { useSettings } from './useSettings';
import { useSaveSettings } from './useSaveSettings';

const TIMEZONE_LABELS: Record<string, string> = {
  UTC: 'UTC',
  EST: 'Eastern Time (EST/EDT)',
  PST: 'Pacific Time (PST/PDT)',
  GMT: 'GMT',
};
const THEME_LABELS: Record<string, string> = { light: 'Light', dark: 'Dark', auto: 'Auto (follow the system)' };
const TIME_LABELS: Record<string, string> = { '12h': '12-hour (2:30 PM)', '24h': '24-hour (14:30)' };

const options = (values: readonly string[], labels?: Record<string, string>) => values.map((v) => ({ value: v, label: labels?.[v] ?? v }));

/** /settings (surroundings §2): every change applies at once and is saved; Save All and Reset to Default. */
export function SettingsPage() {
  const { settings, isLoaded } = useSettings();
  const save = useSaveSettings();
  const n = settings.notifications;
  const p = settings.privacy;
  const pr = settings.preferences;

  const toggle = <C extends 'notifications' | 'privacy' | 'exam'>(category: C, key: keyof UserSettings[C] & string, label: string, description: string) => (
    <Switch
      label={label}
      description={description}
      checked={Boolean(settings[category][key])}
      disabled={!isLoaded}
      onChange={(ev) => save.change(category, key, ev.currentTarget.checked as UserSettings[C][keyof UserSettings[C]])}
    />
  );

  return (
    <Box py="md">
      <Group justify="space-between" mb="md">
        <Title order={1}>Settings</Title>
        <Group>
          <Button variant="default" onClick={() => save.reset()} disabled={!isLoaded || save.isSaving}>
            Reset to Default
          </Button>
          <Button onClick={() => save.saveAll(settings)} disabled={!isLoaded || save.isSaving}>
            Save All
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Tabs defaultValue="general" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="general">General</Tabs.Tab>
            <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
            <Tabs.Tab value="privacy">Privacy</Tabs.Tab>
            <Tabs.Tab value="exam">Exam Settings</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="general">
            <Stack maw={420}>
              <Select
                label="Language"
                description="Every screen, e-mail and notification is shown in this language."
                data={options(SETTING_CHOICES.language, LANGUAGE_NAMES)}
                value={pr.language}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'language', v as UserSettings['preferences']['language'])}
              />
              <Select
                label="Time zone"
                description="Every date and time in the app is shown in this zone."
                data={options(SETTING_CHOICES.timezone, TIMEZONE_LABELS)}
                value={pr.timezone}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'timezone', v as UserSettings['preferences']['timezone'])}
              />
              <Select
                label="Theme"
                data={options(SETTING_CHOICES.theme, THEME_LABELS)}
                value={pr.theme}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'theme', v as UserSettings['preferences']['theme'])}
              />
              <Select
                label="Date format"
                data={options(SETTING_CHOICES.dateFormat)}
                value={pr.dateFormat}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'dateFormat', v as UserSettings['preferences']['dateFormat'])}
              />
              <Select
                label="Time format"
                data={options(SETTING_CHOICES.timeFormat, TIME_LABELS)}
                value={pr.timeFormat}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('preferences', 'timeFormat', v as UserSettings['preferences']['timeFormat'])}
              />
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="notifications">
            <Stack>
              {toggle('notifications', 'emailNotifications', 'Email notifications', 'Receive e-mails at all. Turn off to stop every e-mail below.')}
              {toggle('notifications', 'pushNotifications', 'Push notifications', 'Pop up new notifications while you use the app. They are always kept in Notifications.')}
              {toggle('notifications', 'examReminders', 'Exam reminders', 'E-mail when an exam is published for you and shortly before it starts.')}
              {toggle('notifications', 'resultNotifications', 'Result notifications', 'E-mail when a result is available (for parents: their children’s results).')}
              {toggle('notifications', 'systemUpdates', 'System updates', 'E-mail about changes to the platform.')}
              {!n.emailNotifications && (
                <Text size="sm" c="dimmed">
                  Email notifications are off, so no e-mails are sent whatever the switches below it say.
                </Text>
              )}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="privacy">
            <Stack maw={520}>
              <Select
                label="Profile visibility"
                description="Private (or friends) shows your statistics only to you, your linked parents, your teachers and admins."
                data={options(SETTING_CHOICES.profileVisibility, { public: 'Public', private: 'Private', friends: 'Friends' })}
                value={p.profileVisibility}
                disabled={!isLoaded}
                allowDeselect={false}
                onChange={(v) => v && save.change('privacy', 'profileVisibility', v as UserSettings['privacy']['profileVisibility'])}
              />
              {toggle('privacy', 'showEmail', 'Show email', 'Let other users see your e-mail address (admins always can).')}
              {toggle('privacy', 'showPhone', 'Show phone', 'Let other users see your phone number (admins always can).')}
              {toggle('privacy', 'allowMessages', 'Allow messages', 'Let other users send you messages.')}
            </Stack>
          </Tabs.Panel>

          <Tabs.Panel value="exam">
            <Stack>
              <Switch
                label="Auto-save answers"
                description="Answers are always saved as you go in proctored exams: the server keeps each answer so a lost connection or a closed tab loses nothing."
                checked
                disabled
              />
              {toggle('exam', 'confirmBeforeSubmit', 'Confirm before submit', 'Ask before an exam is submitted.')}
              {toggle('exam', 'showTimer', 'Show timer', 'Show the time left. The last 5 minutes are always shown, and the deadline applies either way.')}
              {toggle('exam', 'playSound', 'Play sound', 'A short sound when 5 minutes and 1 minute are left.')}
              {toggle('exam', 'enableKeyboardShortcuts', 'Keyboard shortcuts', 'Alt+N next question, Alt+P previous question, Alt+M mark for review.')}
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Box>
  );
}
