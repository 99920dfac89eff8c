import { msg } from '../../i18n/messages';
import { VERIFY_REDIRECT_MS } from '@exam/shared';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { AuthCard } from '../../components/AuthCard';
import { authApi } from '../../api/auth';
import { useAuth } from '../../session/useAuth';
import { useResendVerification } from './useResendVerification';

/** The documented texts for a failed verification. */
function verifyFailureText(error: unknown): string {
  // No answer at all, or something other than an HTTP failure: the "exception" text.
  if (!(error instanceof ApiError) || error.status === 0) return msg('common.verifyException');
  return error.serverMessage ?? msg('common.verifyFailedLink');
}

/**
 * E-mail verification: verifying → success (redirect after 3 s) or error.
 * A signed-in user is marked verified and sent to the dashboard instead of the login screen.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isAuthenticated, user, updateUser } = useAuth();
  const navigate = useNavigate();

  const verify = useMutation({ mutationFn: (t: string) => authApi.verifyEmail(t) });

  // The link's token is single-use: StrictMode's double effect must not post it twice.
  const posted = useRef<string | null>(null);
  const { mutate } = verify;
  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    mutate(token);
  }, [token, mutate]);

  const succeeded = verify.isSuccess;
  const target = isAuthenticated ? '/dashboard' : '/login';

  useEffect(() => {
    if (succeeded && isAuthenticated && user && !user.isVerified) updateUser({ isVerified: true });
  }, [succeeded, isAuthenticated, user, updateUser]);

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [succeeded, target, navigate]);

  if (!token) return <NoToken />;

  if (verify.isError) {
    return (
      <AuthCard title={t('verify.title')}>
        <Stack>
          <Alert color="red" icon={<IconCircleX />} data-testid="verify-error">
            {verifyFailureText(verify.error)}
          </Alert>
          <ErrorWayOut />
        </Stack>
      </AuthCard>
    );
  }

  if (succeeded) {
    return (
      <AuthCard title={t('verify.title')}>
        <Stack>
          <Alert color="green" icon={<IconCircleCheck />} data-testid="verify-success">
            {msg('common.emailVerified')}
          </Alert>
          <Text size="sm" c="dimmed">
            {isAuthenticated ? t('verify.redirectDashboard') : t('verify.redirectLogin')}
          </Text>
          <Button component={Link} to={target} replace>
            {isAuthenticated ? t('verify.goDashboardNow') : t('verify.goLoginNow')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('verify.title')}>
      <Stack align="center" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Text>{t('verify.verifying')}</Text>
      </Stack>
    </AuthCard>
  );
}

/** Opened without a token (e.g. from the guard's Verify Now): explain, and offer a new e-mail. */
function NoToken() {
  const { t } = useTranslation('auth');
  const { isAuthenticated, user } = useAuth();
  const resend = useResendVerification();
  const canResend = isAuthenticated && user !== null && !user.isVerified;

  return (
    <AuthCard title={t('verify.title')}>
      <Stack>
        <Alert color="yellow" data-testid="verify-error">
          {msg('common.verifyNoToken')}
        </Alert>
        {canResend ? (
          <>
            <Text size="sm">{t('verify.signedInAs', { email: user.email })}</Text>
            <Button onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
              {resend.isPending ? t('sending') : t('verify.resend')}
            </Button>
            {resend.isSuccess && (
              <Text size="sm" c="green" role="status">
                {resend.data.message ?? msg('common.verificationSent')}
              </Text>
            )}
          </>
        ) : isAuthenticated ? (
          <>
            {user?.isVerified && <Text size="sm">{msg('common.alreadyVerified')}</Text>}
            <Button component={Link} to="/dashboard">
              {t('verify.goDashboard')}
            </Button>
          </>
        ) : (
          <ErrorWayOut />
        )}
      </Stack>
    </AuthCard>
  );
}

/** After a failed verification: sign in (perhaps it was already verified) or start over. */
function ErrorWayOut() {
  const { t } = useTranslation('auth');
  return (
    <Group grow>
      <Button component={Link} to="/login">
        {t('verify.goLogin')}
      </Button>
      <Button component={Link} to="/register" variant="default">
        {t('verify.registerAgain')}
      </Button>
    </Group>
  );
}
