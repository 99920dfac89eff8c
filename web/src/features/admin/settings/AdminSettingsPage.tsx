import { DEFAULT_PLATFORM_SETTINGS, INTEGRITY_OUTCOMES, LANGUAGE_NAMES, LANGUAGES, MAX_VIOLATIONS_ALLOWED, PROFILE_DEFAULTS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, platformSettingsSchema, SELF_REGISTER_ROLES, type PlatformSettings } from '@exam/shared';
import { ActionIcon, Alert, Box, Button, Card, Checkbox, Group, NumberInput, Radio, Select, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, http } from '../../../api/http';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { enumLabel } from '../../../i18n/format';
import { msg } from '../../../i18n/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { apiFieldErrors, zodValidate } from '../../../lib/zodForm';
import { platformSettingsKey } from '../../../api/usePlatformSettings';
import { ProctoringProfileFields } from '../../exams/form/ProctoringProfileFields';
import { SebSettingsCard } from '../../seb/SebSettingsCard';
import { ZoneSelect } from '../../account/ZoneSelect';

interface AdminSettingsData {
  settings: PlatformSettings;
  mail: { mode: 'smtp' | 'dev-outbox' };
}

const adminKey = ['platform-settings', 'admin'] as const;

/** Admin settings (/admin/settings): the school's own settings, saved for every node at once. */
export function AdminSettingsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('settings.title'));
  const query = useQuery({
    queryKey: adminKey,
    queryFn: () => http.get<AdminSettingsData>('/platform-settings/admin').then((r) => r.data),
    meta: { silent: true },
  });
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Box py="lg">
        <LoadError message={t('settings.loadFailed')} onRetry={() => void query.refetch()} />
      </Box>
    );
  return <SettingsForm data={query.data} />;
}

function SettingsForm({ data }: { data: AdminSettingsData }) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  // The device checks' defaults are shown as the built-in ones until the school sets its own.
  const initialValues: PlatformSettings = {
    ...data.settings,
    // Settings saved before the integrity review read as its default: a confirmed breach withholds the result.
    integrity: data.settings.integrity ?? DEFAULT_PLATFORM_SETTINGS.integrity,
    // Settings saved before the school had a zone and language read as the long-standing UTC and English.
    timezone: data.settings.timezone ?? DEFAULT_PLATFORM_SETTINGS.timezone,
    language: data.settings.language ?? DEFAULT_PLATFORM_SETTINGS.language,
    examDefaults: { ...data.settings.examDefaults, proctoring: { ...data.settings.examDefaults.proctoring, profile: data.settings.examDefaults.proctoring.profile ?? PROFILE_DEFAULTS } },
  };
  const form = useForm<PlatformSettings>({ initialValues, validate: zodValidate(platformSettingsSchema) });

  const save = useMutation({
    mutationFn: (values: PlatformSettings) => http.put<{ settings: PlatformSettings }>('/platform-settings', platformSettingsSchema.parse(values)),
    onSuccess: (res) => {
      notifySuccess(res.message ?? msg('platformSettings.saved'));
      void client.invalidateQueries({ queryKey: platformSettingsKey });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors.length) form.setErrors(apiFieldErrors(error.errors));
      notifyError(errorMessage(error));
    },
  });
  const testMail = useMutation({ mutationFn: () => http.post('/platform-settings/test-email') });

  const bands = form.values.gradingScale.bands;

  return (
    <Box py="lg">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label={t('settings.formLabel')}>
        <Stack gap="lg">
          <Title order={1} size="h2">
            {t('settings.title')}
          </Title>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="school-title">
            <Title order={2} size="h4" id="school-title" mb="sm">
              {t('settings.school.title')}
            </Title>
            <Stack>
              <TextInput label={t('settings.school.name')} description={t('settings.school.nameHint')} {...form.getInputProps('schoolName')} />
              <Group grow wrap="wrap" align="flex-start">
                <ZoneSelect
                  label={t('settings.school.timezone')}
                  description={t('settings.school.timezoneHint')}
                  value={form.values.timezone}
                  onChange={(zone) => form.setFieldValue('timezone', zone)}
                  error={form.errors.timezone}
                />
                <Select
                  label={t('settings.school.language')}
                  description={t('settings.school.languageHint')}
                  data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                  allowDeselect={false}
                  {...form.getInputProps('language')}
                />
              </Group>
            </Stack>
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="registration-title">
            <Title order={2} size="h4" id="registration-title" mb="sm">
              {t('settings.registration.title')}
            </Title>
            <Stack>
              <Switch label={t('settings.registration.open')} {...form.getInputProps('registration.open', { type: 'checkbox' })} />
              <Checkbox.Group label={t('settings.registration.roles')} {...form.getInputProps('registration.roles')}>
                <Group mt="xs">
                  {SELF_REGISTER_ROLES.map((r) => (
                    <Checkbox key={r} value={r} label={enumLabel('roles', r)} disabled={!form.values.registration.open} />
                  ))}
                </Group>
              </Checkbox.Group>
              <TagsInput
                label={t('settings.registration.domains')}
                description={t('settings.registration.domainsHint')}
                placeholder={t('settings.registration.domainsPlaceholder')}
                {...form.getInputProps('registration.allowedDomains')}
                error={form.errors['registration.allowedDomains'] ?? Object.entries(form.errors).find(([k]) => k.startsWith('registration.allowedDomains.'))?.[1]}
              />
            </Stack>
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="defaults-title">
            <Title order={2} size="h4" id="defaults-title" mb="sm">
              {t('settings.examDefaults.title')}
            </Title>
            <Group grow wrap="wrap">
              <NumberInput label={t('settings.examDefaults.duration')} min={1} max={600} {...form.getInputProps('examDefaults.duration')} />
              <NumberInput label={t('settings.examDefaults.passingMarks')} min={0} max={100} {...form.getInputProps('examDefaults.passingMarks')} />
            </Group>
            <Text size="sm" c="dimmed" mt="md" mb="xs">
              {t('settings.examDefaults.allowancesHint')}
            </Text>
            <Group grow wrap="wrap">
              <NumberInput label={t('settings.examDefaults.tabSwitchesAllowed')} min={0} max={MAX_VIOLATIONS_ALLOWED} clampBehavior="none" allowDecimal={false} {...form.getInputProps('examDefaults.proctoring.tabSwitchesAllowed')} />
              <NumberInput label={t('settings.examDefaults.fullscreenExitsAllowed')} min={0} max={MAX_VIOLATIONS_ALLOWED} clampBehavior="none" allowDecimal={false} {...form.getInputProps('examDefaults.proctoring.fullscreenExitsAllowed')} />
            </Group>
            <Title order={3} size="h5" mt="lg" mb="xs" id="device-checks-title">
              {t('settings.examDefaults.deviceChecks')}
            </Title>
            <ProctoringProfileFields form={form} path="examDefaults.proctoring.profile" profile={form.values.examDefaults.proctoring.profile ?? PROFILE_DEFAULTS} />
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scale-title">
            <Title order={2} size="h4" id="scale-title" mb="xs">
              {t('settings.gradingScale.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t('settings.gradingScale.hint')}
            </Text>
            <Stack gap="xs">
              {bands.map((_, i) => (
                <Group key={i} wrap="nowrap" align="flex-end">
                  <NumberInput label={t('settings.gradingScale.bandMinimum', { band: i + 1 })} min={0} max={100} {...form.getInputProps(`gradingScale.bands.${i}.min`)} />
                  <TextInput label={t('settings.gradingScale.bandLetter', { band: i + 1 })} maxLength={3} {...form.getInputProps(`gradingScale.bands.${i}.letter`)} />
                  <ActionIcon variant="subtle" color="red" size="lg" mb={4} aria-label={t('settings.gradingScale.removeBand', { band: i + 1 })} onClick={() => form.removeListItem('gradingScale.bands', i)} disabled={bands.length < 2}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              ))}
              {form.errors['gradingScale.bands'] && (
                <Text size="sm" c="red.8" role="alert">
                  {form.errors['gradingScale.bands']}
                </Text>
              )}
              <Group align="flex-end">
                <TextInput label={t('settings.gradingScale.fallback')} maxLength={3} w={160} {...form.getInputProps('gradingScale.fallback')} />
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('gradingScale.bands', { min: 0, letter: '' })} disabled={bands.length >= 12}>
                  {t('settings.gradingScale.addBand')}
                </Button>
              </Group>
            </Stack>
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="payments-title">
            <Title order={2} size="h4" id="payments-title" mb="xs">
              {t('settings.payments.title')}
            </Title>
            <Switch label={t('settings.payments.allowFreeAmounts')} description={t('settings.payments.allowFreeAmountsHint')} {...form.getInputProps('payments.allowFreeAmounts', { type: 'checkbox' })} />
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="evidence-title">
            <Title order={2} size="h4" id="evidence-title" mb="xs">
              {t('settings.evidence.title')}
            </Title>
            <NumberInput
              maw={320}
              label={t('settings.evidence.retentionDays')}
              description={t('settings.evidence.retentionHint')}
              min={RETENTION_DAYS_MIN}
              max={RETENTION_DAYS_MAX}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps('evidence.retentionDays')}
            />
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="integrity-title">
            <Title order={2} size="h4" id="integrity-title" mb="xs">
              {t('integrity:adminSetting.title')}
            </Title>
            <Radio.Group label={t('integrity:adminSetting.label')} description={t('integrity:adminSetting.description')} {...form.getInputProps('integrity.confirmedOutcome')}>
              <Stack gap={6} mt="xs">
                {INTEGRITY_OUTCOMES.map((o) => (
                  <Radio key={o} value={o} label={t(`integrity:outcomes.${o}`)} />
                ))}
              </Stack>
            </Radio.Group>
          </Card>

          <SebSettingsCard form={form} />

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="mail-title">
            <Title order={2} size="h4" id="mail-title" mb="xs">
              {t('settings.mail.title')}
            </Title>
            <Text size="sm" mb="sm">
              {data.mail.mode === 'smtp' ? t('settings.mail.smtp') : t('settings.mail.devOutbox')}
            </Text>
            <Button variant="default" onClick={() => testMail.mutate()} loading={testMail.isPending}>
              {t('settings.mail.sendTest')}
            </Button>
            {testMail.isSuccess && (
              <Alert color="green" mt="sm" role="status">
                {testMail.data.message}
              </Alert>
            )}
            {testMail.isError && (
              <Alert color="red" mt="sm" role="alert">
                {testMail.error instanceof ApiError ? (testMail.error.serverMessage ?? testMail.error.message) : errorMessage(testMail.error)}
              </Alert>
            )}
          </Card>

          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Box>
  );
}
