import { i18n } from '../../i18n';
import { msg } from '../../i18n/messages';
import { loginSchema, type LoginInput } from '@exam/shared';
import { Alert, Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { messageFromServer } from '../../api/http';
import { AuthCard } from '../../components/AuthCard';
import { PasswordField } from '../../components/PasswordField';
import { notifySuccess } from '../../lib/notify';
import { afterLoginPath } from '../../lib/redirect';
import { zodValidate } from '../../lib/zodForm';
import { queuePlaceOf, type QueuePlace } from './signInQueue';
import { useAuth } from '../../session/useAuth';

interface Waiting {
  place: QueuePlace;
  /** When the page tries again by itself (epoch ms). */
  retryAt: number;
}

/**
 * Sign-in: success returns to the page the guard remembered, else /dashboard. When
 * a whole hall signs in at once the server may answer with a place in line instead: the page says
 * so, counts down and tries again by itself with the form as it stands, until the student cancels.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: zodValidate(loginSchema),
  });

  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Cancelling while a retry is on its way: its answer must not put the student back in line.
  const cancelled = useRef(false);

  const mutation = useMutation({
    mutationFn: ({ input, queueTicket }: { input: LoginInput; queueTicket?: string }) => login(input, queueTicket),
    onSuccess: ({ message }) => {
      setWaiting(null);
      notifySuccess(message ?? msg('common.loginSuccess'));
      navigate(afterLoginPath(location.state), { replace: true });
    },
    onError: (error) => {
      const place = cancelled.current ? undefined : queuePlaceOf(error);
      setWaiting(place ? { place, retryAt: Date.now() + place.retryAfterSeconds * 1000 } : null);
      setNow(Date.now());
    },
  });

  useEffect(() => {
    if (!waiting) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const retry = setTimeout(() => {
      const input = loginSchema.safeParse(form.getValues());
      if (input.success) mutation.mutate({ input: input.data, queueTicket: waiting.place.queueTicket });
      else setWaiting(null);
    }, Math.max(0, waiting.retryAt - Date.now()));
    return () => {
      clearInterval(tick);
      clearTimeout(retry);
    };
    // Scheduled once per answer from the server; the form and mutation are read when it fires.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting]);

  const cancelWaiting = () => {
    cancelled.current = true;
    setWaiting(null);
    mutation.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.onSubmit((values) => {
      cancelled.current = false;
      mutation.mutate({ input: loginSchema.parse(values) });
    })(event);
  const busy = mutation.isPending || waiting !== null;

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={submit} noValidate aria-label={t('login.formLabel')}>
        <Stack>
          {waiting ? (
            <Alert color="blue" role="status" data-testid="sign-in-queue">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {/* The server's own text (shared catalogue), its seconds counting down. Plural, so by its base key. */}
                  {i18n.t('common.signInQueued', {
                    ns: 'messages',
                    position: waiting.place.queuePosition,
                    count: Math.max(1, Math.ceil((waiting.retryAt - now) / 1000)),
                  })}
                </Text>
                <Button variant="subtle" size="compact-sm" onClick={cancelWaiting}>
                  {t('login.stopWaiting')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            mutation.isError && (
              <Alert color="red" data-testid="form-error">
                {messageFromServer(mutation.error, msg('common.loginFailed'))}
              </Alert>
            )
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
            {/* Kept from the original screen; it changes nothing. */}
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
