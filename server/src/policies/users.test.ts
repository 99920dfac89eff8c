import { USER_MSG } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { ids } from '../test/viewers';
import { ownAccountRefusal, takesAnAdminAway, type AccountChange, type ManagedAccount } from './users';

const admin: ManagedAccount = { id: ids.admin, role: 'admin', is_active: true };
const teacher: ManagedAccount = { id: ids.teacher, role: 'teacher', is_active: true };
const inactiveAdmin: ManagedAccount = { id: 'admin-2', role: 'admin', is_active: false };

describe('what an admin may do to an account', () => {
  const own: [string, ManagedAccount, AccountChange, string | null][] = [
    ['edits their own name (role and state kept)', admin, { role: 'admin', isActive: true }, null],
    ['changes their own role', admin, { role: 'teacher', isActive: true }, USER_MSG.ownRole],
    ['deactivates themself', admin, { role: 'admin', isActive: false }, USER_MSG.ownDeactivate],
    ['deletes themself', admin, 'delete', USER_MSG.ownDelete],
    ['changes a teacher’s role', teacher, { role: 'parent', isActive: true }, null],
    ['deletes a teacher', teacher, 'delete', null],
  ];
  it.each(own)('an admin %s: refused with %s', (_what, target, change, refusal) => {
    expect(ownAccountRefusal(ids.admin, target, change)).toBe(refusal);
  });

  const away: [string, ManagedAccount, AccountChange, boolean][] = [
    ['deactivating an active admin', admin, { role: 'admin', isActive: false }, true],
    ['making an active admin a teacher', admin, { role: 'teacher', isActive: true }, true],
    ['deleting an active admin', admin, 'delete', true],
    ['editing an active admin who stays one', admin, { role: 'admin', isActive: true }, false],
    ['deleting an inactive admin', inactiveAdmin, 'delete', false],
    ['deactivating a teacher', teacher, { role: 'teacher', isActive: false }, false],
  ];
  it.each(away)('%s needs another active admin: %s', (_what, target, change, needs) => {
    expect(takesAnAdminAway(target, change)).toBe(needs);
  });
});
