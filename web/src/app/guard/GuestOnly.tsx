import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../../session/useAuth';
import { afterLoginPath } from '../../lib/redirect';

/**
 * The sign-in and registration screens are for visitors: a signed-in person opening them goes
 * where signing in would have taken them (the page they came from, else their dashboard).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, user } = useAuth();
  const location = useLocation();
  if (isAuthenticated && user) return <Navigate to={afterLoginPath(location.state)} replace />;
  return <>{children}</>;
}
