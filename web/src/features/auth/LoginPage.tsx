import { msg } from '../../i18n/messages';
import { loginSchema, type LoginInput } from '@exam/shared';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
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
    <AuthCard title="Sign in to your account" subtitle="Welcome back! Please enter your details.">
      <form onSubmit={submit} noValidate aria-label="Sign in">
        <Stack>
          {mutation.isError && (
            <Alert color="red" data-testid="form-error">
              {messageFromServer(mutation.error, msg('common.loginFailed'))}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...form.getInputProps('email')}
          />
          <PasswordField label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Group justify="space-between">
            {/* Kept from the original screen; it changes nothing (spec core §2). */}
            <Checkbox label="Remember me" />
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" disabled={busy} fullWidth>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
          <Text size="sm" ta="center">
            Don&apos;t have an account?{' '}
            <Anchor component={Link} to="/register">
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
