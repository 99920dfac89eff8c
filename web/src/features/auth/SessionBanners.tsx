import { Alert, Button, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../../session/useAuth';
import { useResendVerification } from './useResendVerification';

/**
 * The shell's word on the session, above every page: "Reconnecting…" while the server cannot be
 * reached (the session is kept meanwhile), and, for a signed-in user whose address is not
 * verified yet, a way to ask for a new verification e-mail.
 */
export function SessionBanners() {
  const { t } = useTranslation('auth');
  const { reconnecting, isAuthenticated, user } = useAuth();
  const { pathname } = useLocation();
  // The verification page offers its own resend button.
  const unverifiedEmail = isAuthenticated && user && !user.isVerified && pathname !== '/verify-email' ? user.email : null;
  if (!reconnecting && !unverifiedEmail) return null;

  return (
    <Container size="lg" pt="sm">
      <Stack gap="xs">
        {reconnecting && (
          <Alert role="status" aria-live="polite" color="yellow" icon={<Loader size="xs" color="yellow" aria-hidden />} title={t('banners.reconnectingTitle')} data-testid="reconnecting-banner">
            {t('banners.reconnectingText')}
          </Alert>
        )}
        {unverifiedEmail && <VerifyBanner email={unverifiedEmail} />}
      </Stack>
    </Container>
  );
}

function VerifyBanner({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  return (
    <Alert color="blue" icon={<IconMailExclamation aria-hidden />} title={t('banners.verifyTitle')} data-testid="verify-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('banners.verifyText', { email })}</Text>
        <Button size="xs" variant="light" onClick={() => resend.mutate()} loading={resend.isPending}>
          {t('banners.resend')}
        </Button>
      </Group>
    </Alert>
  );
}
