import { Alert, Button, Container, Group, Loader, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useLocation } from 'react-router-dom';
import { useAuth } from './useAuth';
import { useResendVerification } from './useResendVerification';

export const RECONNECTING_TITLE = 'Reconnecting…';

/**
 * The shell's word on the session, above every page: "Reconnecting…" while the server cannot be
 * reached (the session is kept meanwhile), and, for a signed-in user whose address is not
 * verified yet, a way to ask for a new verification e-mail.
 */
export function SessionBanners() {
  const { reconnecting, isAuthenticated, user } = useAuth();
  const { pathname } = useLocation();
  // The verification page offers its own resend button.
  const unverifiedEmail = isAuthenticated && user && !user.isVerified && pathname !== '/verify-email' ? user.email : null;
  if (!reconnecting && !unverifiedEmail) return null;

  return (
    <Container size="lg" pt="sm">
      <Stack gap="xs">
        {reconnecting && (
          <Alert role="status" aria-live="polite" color="yellow" icon={<Loader size="xs" color="yellow" aria-hidden />} title={RECONNECTING_TITLE} data-testid="reconnecting-banner">
            The server cannot be reached just now. You are still signed in and nothing is lost; this page picks up again by
            itself as soon as the server answers.
          </Alert>
        )}
        {unverifiedEmail && <VerifyBanner email={unverifiedEmail} />}
      </Stack>
    </Container>
  );
}

function VerifyBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <Alert color="blue" icon={<IconMailExclamation aria-hidden />} title="Please verify your e-mail address" data-testid="verify-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm">Open the link we sent to {email}. No mail? We can send a new one.</Text>
        <Button size="xs" variant="light" onClick={() => resend.mutate()} loading={resend.isPending}>
          Resend verification email
        </Button>
      </Group>
    </Alert>
  );
}
