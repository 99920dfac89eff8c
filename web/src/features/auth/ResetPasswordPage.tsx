import { msg } from '../../i18n/messages';
import { MIN_PASSWORD_LENGTH, resetPasswordFormSchema } from '@exam/shared';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { messageFromServer } from '../../api/http';
import { AuthCard } from '../../components/AuthCard';
import { PasswordField } from '../../components/PasswordField';
import { notifySuccess } from '../../lib/notify';
import { zodValidate } from '../../lib/zodForm';
import { authApi } from '../../api/auth';

/** Sets a new password from the e-mailed link (?token=); success goes to /login. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();

  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: zodValidate(resetPasswordFormSchema),
  });
  const mutation = useMutation({
    mutationFn: (password: string) => authApi.resetPassword(token, password),
    onSuccess: () => {
      notifySuccess(msg('common.passwordResetSuccess'));
      navigate('/login', { replace: true });
    },
  });

  if (!token) {
    return (
      <AuthCard title={t('reset.title')}>
        <Stack>
          <Alert color="red" data-testid="form-error">
            {msg('common.invalidOrExpiredToken')}
          </Alert>
          <Button component={Link} to="/forgot-password">
            {t('reset.requestNewLink')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) => mutation.mutate(values.password));
  const busy = mutation.isPending;

  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle', { min: MIN_PASSWORD_LENGTH })}>
      <form onSubmit={submit} noValidate aria-label={t('reset.formLabel')}>
        <Stack>
          {mutation.isError && (
            <Alert color="red" data-testid="form-error">
              {messageFromServer(mutation.error, msg('common.passwordResetFailed'))}
              {' '}
              <Anchor component={Link} to="/forgot-password" size="sm">
                {t('reset.requestNewLink')}
              </Anchor>
            </Alert>
          )}
          <PasswordField label={t('fields.password')} autoComplete="new-password" {...form.getInputProps('password')} />
          <PasswordField label={t('fields.confirmPassword')} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('reset.submitting') : t('reset.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              {t('backToSignIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
