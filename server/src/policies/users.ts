import { USER_MSG, type Role } from '@exam/shared';
import { administers } from './people';

/**
 * People management (docs/people.md): admins manage every account, with two limits. An admin
 * never changes their own role, deactivates or deletes themself; and the school always keeps one
 * active admin, so whatever would take the last one away is refused (the service counts them).
 */
export interface ManagedAccount {
  id: string;
  role: Role;
  is_active: boolean;
}

/** A change to an account: its role and state after, or its deletion. */
export type AccountChange = { role: Role; isActive: boolean } | 'delete';

/** Why an admin may not make this change to their own account (it would lock them out), or null. */
export function ownAccountRefusal(actorId: string, target: ManagedAccount, change: AccountChange): string | null {
  if (actorId !== target.id) return null;
  if (change === 'delete') return USER_MSG.ownDelete;
  if (change.role !== target.role) return USER_MSG.ownRole;
  return change.isActive ? null : USER_MSG.ownDeactivate;
}

/** Whether this change takes an active admin away, so another active one must remain. */
export function takesAnAdminAway(target: ManagedAccount, change: AccountChange): boolean {
  if (!administers(target.role) || !target.is_active) return false;
  return change === 'delete' || !administers(change.role) || !change.isActive;
}
