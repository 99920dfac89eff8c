import { msg } from '../../i18n/messages';
import { loginSchema, type LoginInput } from '@exam/shared';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { messageFromServer } from '../../api/http';
import { AuthCard } from '../../components/AuthCard';
import { PasswordField } from '../../components/PasswordField';
import { notifySuccess } from '../../lib/notify';
import { afterLoginPath } from '../../lib/redirect';
import { zodValidate } from '../../lib/zodForm';
import { useAuth } from './useAuth';

/** Sign-in (spec core §2): success returns to the page the guard remembered, else /dashboard. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginSchema),
  });

  const mutation = useMutation({
    mutationFn: (input: LoginInput) => login(input),
    onSuccess: ({ message }) => {
      notifySuccess(message ?? msg('common.loginSuccess'));
      navigate(afterLoginPath(location.state), { replace: true });
    },
  });

  const submit = form.onSubmit((values) => mutation.mutate(loginSchema.parse(values)));
  const busy = mutation.isPending;

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate aria-label={t('login.formLabel')}>
        <Stack>
          {mutation.isError && (
            <Alert color="red" data-testid="form-error">
              {messageFromServer(mutation.error, msg('common.loginFailed'))}
            </Alert>
          )}
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            placeholder={t('fields.emailPlaceholder')}
            {...form.getInputProps('email')}
          />
          <PasswordField label={t('fields.password')} autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between">
            {/* Kept from the original screen; it changes nothing (spec core §2). */}
            <Checkbox label={t('login.rememberMe')} />
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? t('login.submitting') : t('login.submit')}
          </Button>
          <Text size="sm" ta="center">
            <Trans t={t} i18nKey="login.noAccount" components={{ a: <Anchor component={Link} to="/register" /> }} />
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
