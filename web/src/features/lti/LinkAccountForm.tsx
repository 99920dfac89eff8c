import { loginSchema, type LoginInput } from '@exam/shared';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageFromServer } from '../../api/http';
import { storeSession } from '../../api/storedSession';
import { PasswordField } from '../../components/PasswordField';
import { zodValidate } from '../../lib/zodForm';
import { useAuth } from '../../session/useAuth';
import { ltiApi } from './api';

/**
 * The picker's "use my exam platform account": a teacher whose exams are in the account they sign
 * in to with a password signs in with it once; their LMS identity opens that account from then on
 * (the launch's own account is left unused), and the picker lists its exams.
 */
export function LinkAccountForm() {
  const { t } = useTranslation('lti');
  const { t: ta } = useTranslation('auth');
  const { refreshMe } = useAuth();
  const queryClient = useQueryClient();
  const form = useForm<LoginInput>({ initialValues: { email: '', password: '' }, validate: zodValidate(loginSchema) });
  const link = useMutation({
    mutationFn: ltiApi.linkAccount,
    onSuccess: async ({ user, accessToken }) => {
      storeSession(accessToken, user);
      await refreshMe();
      await queryClient.invalidateQueries({ queryKey: ['lti', 'deepLinking'] });
    },
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={form.onSubmit((values) => link.mutate(values))} noValidate aria-label={t('link.title')}>
        <Stack>
          <Title order={2} size="h4">
            {t('link.title')}
          </Title>
          <Text size="sm">{t('link.intro')}</Text>
          {link.isError && <Alert color="red">{messageFromServer(link.error, t('link.failed'))}</Alert>}
          {link.isSuccess && (
            <Alert color="green" role="status">
              {t('link.done', { name: `${link.data.user.firstName} ${link.data.user.lastName}` })}
            </Alert>
          )}
          <TextInput label={ta('fields.email')} type="email" autoComplete="username" {...form.getInputProps('email')} />
          <PasswordField label={ta('fields.password')} autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" variant="default" loading={link.isPending}>
            {t('link.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
