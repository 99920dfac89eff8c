import { msg } from '../../i18n/messages';
import { type Role } from '@exam/shared';
import { Alert, Button, Container, Group } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconUserOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { useAuth } from '../../session/useAuth';
import { guardDecision } from './guardDecision';

/**
 * Wraps a route with the documented access checks. Without `roles` any signed-in role may
 * enter. The decision itself is the pure `guardDecision`; this only renders it.
 */
export function RequireRole({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const session = useAuth();
  const location = useLocation();
  const { t } = useTranslation();

  switch (guardDecision(session, roles)) {
    case 'loading':
      return <PageLoader label={t('guard.checking')} />;
    case 'login':
      return (
        <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />
      );
    case 'verify':
      return (
        <GuardNotice color="yellow" icon={<IconAlertTriangle />}>
          {msg('common.guardVerify')}
          <Group mt="md">
            <Button component={Link} to="/verify-email">
              {t('guard.verifyNow')}
            </Button>
          </Group>
        </GuardNotice>
      );
    case 'denied':
      return (
        <GuardNotice color="red" icon={<IconLock />}>
          {msg('common.guardAccessDenied')}
        </GuardNotice>
      );
    case 'deactivated':
      return (
        <GuardNotice color="red" icon={<IconUserOff />}>
          {msg('common.guardDeactivated')}
        </GuardNotice>
      );
    case 'allow':
      return <>{children}</>;
  }
}

function GuardNotice({
  color,
  icon,
  children,
}: {
  color: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="sm" py="xl">
      <Alert color={color} icon={icon} data-testid="guard-notice">
        {children}
      </Alert>
    </Container>
  );
}
