import type { Knex } from 'knex';
import { DELETED_USER_NAME, USER_MSG, type AdminCreateUserInput, type AdminUpdateUserInput, type UserListQuery } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { inAClass, teachesSubject } from '../policies/people';
import { ownAccountRefusal, takesAnAdminAway, type AccountChange } from '../policies/users';
import type { UserRow } from '../db/userRow';
import { createUser, newStudentId } from './accounts';
import { releaseAvatar } from './avatars';
import { endSessions } from './sessions';
import { startingSettings } from './settings';

type Trx = Knex.Transaction;

/** Escapes LIKE's wildcards so a search for "a_b" means exactly that. */
export function likePrefix(term: string): string {
  return `${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Name-or-e-mail search by prefix, each branch served by its own text_pattern_ops index
 * (migration 20261123040200), so it stays an index scan at 100,000 users.
 */
export function whereNameOrEmailStartsWith(q: Knex.QueryBuilder, search: string, alias = 'users', emailShown?: Knex.Raw): void {
  const like = likePrefix(search);
  q.where((w) =>
    w
      .whereRaw(`lower(${alias}.first_name) like ?`, [like])
      .orWhereRaw(`lower(${alias}.last_name) like ?`, [like])
      .orWhereRaw(`lower(${alias}.first_name || ' ' || ${alias}.last_name) like ?`, [like])
      // A hidden address (privacy) must not be found by typing it: matched only where shown.
      .orWhereRaw(`(lower(${alias}.email) like ? and ?)`, [like, emailShown ?? true]),
  );
}

const USER_SORT_COLUMNS = { createdAt: 'created_at', firstName: 'first_name', lastName: 'last_name', email: 'email', role: 'role' } as const;

/** GET /users: one page of the people who have not been deleted. */
export async function listUsers(db: Db, query: UserListQuery): Promise<{ rows: UserRow[]; total: number }> {
  const base = db('users').whereNull('deleted_at');
  if (query.role) base.where('role', query.role);
  if (query.search) whereNameOrEmailStartsWith(base, query.search);
  const [{ n }] = (await base.clone().count({ n: '*' })) as { n: number | string }[] as [{ n: number | string }];
  const rows = (await base
    .clone()
    .select('*')
    .orderBy(USER_SORT_COLUMNS[query.sort.field], query.sort.direction)
    .orderBy('id', query.sort.direction)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as UserRow[];
  return { rows, total: Number(n) };
}

/** Keeps only the fields that mean something for the role (a parent has no grade). */
function roleFields(role: UserRow['role'], input: Pick<AdminCreateUserInput, 'grade' | 'section' | 'subject' | 'qualification'>) {
  return {
    grade: inAClass(role) ? input.grade : undefined,
    section: inAClass(role) ? input.section : undefined,
    subject: teachesSubject(role) ? input.subject : undefined,
    qualification: teachesSubject(role) ? input.qualification : undefined,
  };
}

/**
 * An admin creates an account of any role. The admin vouches for the address, so it starts
 * verified and no verification mail is sent.
 */
export async function createUserByAdmin(deps: Deps, input: AdminCreateUserInput): Promise<UserRow> {
  return createUser(deps.db, {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    password: input.password,
    role: input.role,
    phone: input.phone,
    dateOfBirth: input.dateOfBirth,
    ...roleFields(input.role, input),
    isVerified: true,
    // Nothing is known of the new person's browser: they start in the school's language and zone.
    settings: await startingSettings(deps),
  });
}

async function lockLiveUser(trx: Trx, id: string): Promise<UserRow> {
  const row = (await trx('users').where({ id }).whereNull('deleted_at').forUpdate().first()) as UserRow | undefined;
  if (!row) throw Errors.notFound(USER_MSG.userNotFound);
  return row;
}

/**
 * Refuses to take away the last active admin. Every active admin row is locked first, so two
 * admins demoting each other at the same moment cannot both succeed.
 */
async function assertAnotherActiveAdmin(trx: Trx, leavingId: string): Promise<void> {
  const admins = (await trx('users').where({ role: 'admin', is_active: true }).whereNull('deleted_at').forUpdate().select('id')) as { id: string }[];
  if (!admins.some((a) => a.id !== leavingId)) throw Errors.conflict(USER_MSG.lastAdmin);
}

/** Refuses a change an admin may not make to their own account, or one that would leave the school without an active admin. */
async function allowChange(trx: Trx, actor: UserRow, target: UserRow, change: AccountChange): Promise<void> {
  const refusal = ownAccountRefusal(actor.id, target, change);
  if (refusal) throw Errors.forbidden(refusal);
  if (takesAnAdminAway(target, change)) await assertAnotherActiveAdmin(trx, target.id);
}

/** PUT /users/{id}: edits a person; deactivating ends every session they hold at once. */
export async function updateUserByAdmin(deps: Deps, actor: UserRow, id: string, input: AdminUpdateUserInput): Promise<UserRow> {
  return deps.db.transaction(async (trx) => {
    const target = await lockLiveUser(trx, id);
    const role = input.role ?? target.role;
    const isActive = input.isActive ?? target.is_active;
    await allowChange(trx, actor, target, { role, isActive });
    if (input.email !== target.email) {
      const taken = await trx('users').whereRaw('lower(email) = ?', [input.email]).whereNot({ id }).first('id');
      if (taken) throw Errors.emailTaken();
    }
    // Fields the form did not send keep their value while the role stays; a new role starts clean.
    const keep = role === target.role;
    const fields = roleFields(role, {
      grade: input.grade ?? (keep ? (target.grade ?? undefined) : undefined),
      section: input.section ?? (keep ? ((target.section as AdminUpdateUserInput['section']) ?? undefined) : undefined),
      subject: input.subject ?? (keep ? (target.subject ?? undefined) : undefined),
      qualification: input.qualification ?? (keep ? (target.qualification ?? undefined) : undefined),
    });
    const [row] = (await trx('users')
      .where({ id })
      .update({
        first_name: input.firstName,
        last_name: input.lastName,
        email: input.email,
        role,
        phone: input.phone ?? null,
        date_of_birth: input.dateOfBirth ?? null,
        grade: fields.grade ?? null,
        section: fields.section ?? null,
        subject: fields.subject ?? null,
        qualification: fields.qualification ?? null,
        student_id: inAClass(role) ? (target.student_id ?? newStudentId()) : target.student_id,
        is_active: isActive,
        updated_at: trx.fn.now(),
      })
      .returning('*')) as UserRow[];
    if (target.is_active && !isActive) await endSessions(deps, { userId: id }, 'deactivated', trx);
    return row!;
  });
}

/** Activate or deactivate; a deactivated user is signed out everywhere and cannot sign in. */
export async function setUserActive(deps: Deps, actor: UserRow, id: string, isActive: boolean): Promise<UserRow> {
  return deps.db.transaction(async (trx) => {
    const target = await lockLiveUser(trx, id);
    await allowChange(trx, actor, target, { role: target.role, isActive });
    const [row] = (await trx('users').where({ id }).update({ is_active: isActive, updated_at: trx.fn.now() }).returning('*')) as UserRow[];
    if (!isActive) await endSessions(deps, { userId: id }, 'deactivated', trx);
    return row!;
  });
}

/**
 * DELETE /users/{id}. The row stays so the exam records that point at it (attempts, marks, exams
 * a teacher wrote, grading history) keep their meaning; what identifies the person is erased:
 * names become "Deleted user", the e-mail becomes an unroutable placeholder (so the address can
 * register again), phone, birth date, address and avatar are cleared, the password stops working,
 * every session ends, and parent links, pending links and notifications go. The avatar's picture
 * leaves the file store once the row no longer names it.
 */
export async function deleteUserByAdmin(deps: Deps, actor: UserRow, id: string): Promise<void> {
  const avatar = await deps.db.transaction(async (trx) => {
    const target = await lockLiveUser(trx, id);
    await allowChange(trx, actor, target, 'delete');
    await trx('users')
      .where({ id })
      .update({
        first_name: DELETED_USER_NAME.firstName,
        last_name: DELETED_USER_NAME.lastName,
        email: `deleted-${id}@deleted.invalid`,
        password_hash: '!deleted',
        phone: null,
        date_of_birth: null,
        address: null,
        avatar: null,
        qualification: null,
        is_active: false,
        deleted_at: trx.fn.now(),
        updated_at: trx.fn.now(),
      });
    await endSessions(deps, { userId: id }, 'deleted', trx);
    await trx('parent_children').where({ parent_id: id }).orWhere({ child_id: id }).del();
    await trx('one_time_tokens').where({ user_id: id }).del();
    await trx('notifications').where({ user_id: id }).del();
    await trx('user_settings').where({ user_id: id }).update({ settings: '{}', updated_at: trx.fn.now() });
    return target.avatar;
  });
  await releaseAvatar(deps.db, deps.files, deps.log, avatar);
}
