import { MAX_VIOLATIONS_ALLOWED, platformSettingsSchema, SELF_REGISTER_ROLES, type PlatformSettings } from '@exam/shared';
import { ActionIcon, Alert, Box, Button, Card, Checkbox, Group, NumberInput, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, errorMessage, http } from '../../../api/http';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { titleCase } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { apiFieldErrors, zodValidate } from '../../../lib/zodForm';
import { ALLOWANCE_LABELS } from '../../exams/labels';
import { platformSettingsKey } from '../../platform/usePlatformSettings';

interface AdminSettingsData {
  settings: PlatformSettings;
  mail: { mode: 'smtp' | 'dev-outbox' };
}

const adminKey = ['platform-settings', 'admin'] as const;

/** Admin settings (/admin/settings): the school's own settings, saved for every node at once. */
export function AdminSettingsPage() {
  useDocumentTitle('Admin Settings');
  const query = useQuery({
    queryKey: adminKey,
    queryFn: () => http.get<AdminSettingsData>('/platform-settings/admin').then((r) => r.data),
    meta: { silent: true },
  });
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Box py="lg">
        <LoadError message="Failed to load settings" onRetry={() => void query.refetch()} />
      </Box>
    );
  return <SettingsForm data={query.data} />;
}

function SettingsForm({ data }: { data: AdminSettingsData }) {
  const client = useQueryClient();
  const form = useForm<PlatformSettings>({ initialValues: data.settings, validate: zodValidate(platformSettingsSchema) });

  const save = useMutation({
    mutationFn: (values: PlatformSettings) => http.put<{ settings: PlatformSettings }>('/platform-settings', platformSettingsSchema.parse(values)),
    onSuccess: (res) => {
      notifySuccess(res.message ?? 'Platform settings saved');
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
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate aria-label="Platform settings">
        <Stack gap="lg">
          <Title order={1} size="h2">
            Admin Settings
          </Title>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="school-title">
            <Title order={2} size="h4" id="school-title" mb="sm">
              School
            </Title>
            <TextInput label="School name" description="Shown in the header, the tab title and e-mails." {...form.getInputProps('schoolName')} />
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="registration-title">
            <Title order={2} size="h4" id="registration-title" mb="sm">
              Registration
            </Title>
            <Stack>
              <Switch label="Visitors may create their own accounts" {...form.getInputProps('registration.open', { type: 'checkbox' })} />
              <Checkbox.Group label="Roles visitors may register as" {...form.getInputProps('registration.roles')}>
                <Group mt="xs">
                  {SELF_REGISTER_ROLES.map((r) => (
                    <Checkbox key={r} value={r} label={titleCase(r)} disabled={!form.values.registration.open} />
                  ))}
                </Group>
              </Checkbox.Group>
              <TagsInput
                label="Allowed e-mail domains"
                description="Leave empty to allow any address. Subdomains are included. Press Enter after each."
                placeholder="school.edu"
                {...form.getInputProps('registration.allowedDomains')}
                error={form.errors['registration.allowedDomains'] ?? Object.entries(form.errors).find(([k]) => k.startsWith('registration.allowedDomains.'))?.[1]}
              />
            </Stack>
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="defaults-title">
            <Title order={2} size="h4" id="defaults-title" mb="sm">
              New exams start with
            </Title>
            <Group grow wrap="wrap">
              <NumberInput label="Duration (minutes)" min={1} max={600} {...form.getInputProps('examDefaults.duration')} />
              <NumberInput label="Passing marks (%)" min={0} max={100} {...form.getInputProps('examDefaults.passingMarks')} />
            </Group>
            <Text size="sm" c="dimmed" mt="md" mb="xs">
              When proctoring is on, the next tab switch or fullscreen exit after these submits the exam. Each exam keeps the numbers it was created with.
            </Text>
            <Group grow wrap="wrap">
              <NumberInput label={ALLOWANCE_LABELS.tabSwitchesAllowed} min={0} max={MAX_VIOLATIONS_ALLOWED} clampBehavior="none" allowDecimal={false} {...form.getInputProps('examDefaults.proctoring.tabSwitchesAllowed')} />
              <NumberInput label={ALLOWANCE_LABELS.fullscreenExitsAllowed} min={0} max={MAX_VIOLATIONS_ALLOWED} clampBehavior="none" allowDecimal={false} {...form.getInputProps('examDefaults.proctoring.fullscreenExitsAllowed')} />
            </Group>
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="scale-title">
            <Title order={2} size="h4" id="scale-title" mb="xs">
              Grading scale
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              From the highest band down: a score at or above a band’s minimum gets its letter.
            </Text>
            <Stack gap="xs">
              {bands.map((_, i) => (
                <Group key={i} wrap="nowrap" align="flex-end">
                  <NumberInput label={`Band ${i + 1} minimum (%)`} min={0} max={100} {...form.getInputProps(`gradingScale.bands.${i}.min`)} />
                  <TextInput label={`Band ${i + 1} letter`} maxLength={3} {...form.getInputProps(`gradingScale.bands.${i}.letter`)} />
                  <ActionIcon variant="subtle" color="red" size="lg" mb={4} aria-label={`Remove band ${i + 1}`} onClick={() => form.removeListItem('gradingScale.bands', i)} disabled={bands.length < 2}>
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
                <TextInput label="Below every band" maxLength={3} w={160} {...form.getInputProps('gradingScale.fallback')} />
                <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => form.insertListItem('gradingScale.bands', { min: 0, letter: '' })} disabled={bands.length >= 12}>
                  Add band
                </Button>
              </Group>
            </Stack>
          </Card>

          <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="mail-title">
            <Title order={2} size="h4" id="mail-title" mb="xs">
              E-mail
            </Title>
            <Text size="sm" mb="sm">
              {data.mail.mode === 'smtp' ? 'Mail goes out through the configured SMTP server.' : 'No SMTP server is configured: mails are kept in the dev outbox (DATA_DIR/mail), not delivered.'}
            </Text>
            <Button variant="default" onClick={() => testMail.mutate()} loading={testMail.isPending}>
              Send a test e-mail to me
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
              Save Settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Box>
  );
}
