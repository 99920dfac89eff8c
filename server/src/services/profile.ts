import type { UpdateProfileInput } from '@exam/shared';
import type { Deps } from '../deps';
import type { UserRow } from '../db/userRow';

/** Writes the fields the form sent (empty ones are not sent, so they keep their value) and the new avatar URL. */
export async function updateProfile(deps: Deps, userId: string, input: UpdateProfileInput, avatarUrl?: string): Promise<UserRow> {
  const change: Record<string, unknown> = {};
  if (input.firstName !== undefined) change.first_name = input.firstName;
  if (input.lastName !== undefined) change.last_name = input.lastName;
  const phone = input.phone ?? input.phoneNumber;
  if (phone !== undefined) change.phone = phone;
  if (input.dateOfBirth !== undefined) change.date_of_birth = input.dateOfBirth;
  if (input.address !== undefined) change.address = input.address;
  if (input.bio !== undefined) change.bio = input.bio;
  if (avatarUrl !== undefined) change.avatar = avatarUrl;
  if (!Object.keys(change).length) return (await deps.db('users').where({ id: userId }).first()) as UserRow;
  const [row] = (await deps.db('users')
    .where({ id: userId })
    .update({ ...change, updated_at: deps.db.fn.now() })
    .returning('*')) as UserRow[];
  return row!;
}
