import { msg } from '../../i18n/messages';
import { forgotPasswordSchema } from '@exam/shared';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { messageFromServer } from '../../api/http';
import { AuthCard } from '../../components/AuthCard';
import { notifySuccess } from '../../lib/notify';
import { zodValidate } from '../../lib/zodForm';
import { authApi } from '../../api/auth';

/**
 * Asks for a reset link. The server answers the same generic message whether or not the address
 * exists (no account probing), and that message is what the page shows.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const form = useForm({ initialValues: { email: '' }, validate: zodValidate(forgotPasswordSchema) });
  const mutation = useMutation({
    mutationFn: (email: string) => authApi.forgotPassword(email),
    onSuccess: () => notifySuccess(msg('common.resetEmailSent')),
  });

  const submit = form.onSubmit((values) => mutation.mutate(forgotPasswordSchema.parse(values).email));
  const busy = mutation.isPending;

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <form onSubmit={submit} noValidate aria-label={t('forgot.formLabel')}>
        <Stack>
          {mutation.isSuccess && (
            <Alert color="green" data-testid="form-success">
              {mutation.data.message ?? msg('common.forgotPasswordSent')}
            </Alert>
          )}
          {mutation.isError && (
            <Alert color="red" data-testid="form-error">
              {messageFromServer(mutation.error, msg('common.resetEmailFailed'))}
            </Alert>
          )}
          <TextInput label={t('fields.email')} type="email" autoComplete="email" {...form.getInputProps('email')} />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('sending') : t('forgot.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Trans t={t} i18nKey="forgot.remembered" components={{ a: <Anchor component={Link} to="/login" /> }} />
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
