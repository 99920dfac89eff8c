import { randomBytes } from 'node:crypto';
import type { Role } from '@exam/shared';
import type { Deps } from '../deps';
import type { UserRow } from '../presenters/user';
import { createUser } from '../services/accounts';

export const TEST_PASSWORD = 'correct-horse-9';

let counter = 0;

/** A user of its own for each test; verified and active unless told otherwise. */
export async function buildUser(
  deps: Deps,
  props: { role?: Role; email?: string; password?: string; isVerified?: boolean; isActive?: boolean; firstName?: string } = {},
): Promise<UserRow & { password: string }> {
  const role = props.role ?? 'student';
  const password = props.password ?? TEST_PASSWORD;
  const email = props.email ?? `${role}-${++counter}-${randomBytes(3).toString('hex')}@school.test`;
  const user = await createUser(deps.db, {
    email,
    password,
    role,
    firstName: props.firstName ?? 'Test',
    lastName: role.charAt(0).toUpperCase() + role.slice(1),
    isVerified: props.isVerified ?? true,
    ...(role === 'student' ? { grade: 10, section: 'B' } : {}),
    ...(role === 'teacher' ? { subject: 'physics', qualification: 'PhD' } : {}),
  });
  if (props.isActive === false) await deps.db('users').where({ id: user.id }).update({ is_active: false });
  return { ...user, is_active: props.isActive ?? true, password };
}
