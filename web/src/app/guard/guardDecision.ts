import type { Role, User } from '@exam/shared';

export type GuardDecision = 'loading' | 'login' | 'verify' | 'denied' | 'deactivated' | 'allow';

export interface GuardSession {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: Pick<User, 'role' | 'isVerified' | 'isActive'> | null;
}

/**
 * The route guard's checks in the documented order: loading, signed out, unverified, role
 * not allowed, deactivated, allowed. `roles` undefined means any signed-in role.
 */
export function guardDecision(session: GuardSession, roles?: readonly Role[]): GuardDecision {
  if (session.isLoading) return 'loading';
  if (!session.isAuthenticated || !session.user) return 'login';
  if (!session.user.isVerified) return 'verify';
  if (roles && !roles.includes(session.user.role)) return 'denied';
  // Only an explicit false deactivates, as everywhere else in the product.
  if (session.user.isActive === false) return 'deactivated';
  return 'allow';
}
