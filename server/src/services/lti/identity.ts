import { randomBytes } from 'node:crypto';
import { isLanguage, newAccountSettings, type Language, type Role } from '@exam/shared';
import type { UserRow } from '../../db/userRow';
import type { Deps } from '../../deps';
import { inAClass } from '../../policies/people';
import { newStudentId } from '../accounts';
import { getPlatformSettings } from '../platformSettings';
import type { PlatformRow } from './platforms';

/** A person as the LMS describes them in a launch or a roster. */
export interface LtiPerson {
  /** The LMS's stable, opaque id for the person. */
  sub: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  email?: string;
  /** LTI role URIs (or short names): Instructor and Administrator make a teacher here. */
  roles: string[];
  /** The language the LMS shows them (launch_presentation.locale), for a new account's settings. */
  locale?: string;
}

/**
 * An account made for an LMS person has no password: this value is no argon2 hash, so no
 * password ever matches it, and writing it costs nothing (a roster of hundreds is made in one go;
 * hashing is slow on purpose). They sign in through the LMS, or set a password with the
 * forgot-password mail when the LMS gave us their real address.
 */
export const LTI_PASSWORD_HASH = '!lti';

/** Where a placeholder address points: `.invalid` is reserved (RFC 2606) and never receives mail. */
const PLACEHOLDER_DOMAIN = 'lms.invalid';

const ROLE_URI = /^(?:https?:\/\/purl\.imsglobal\.org\/vocab\/lis\/v2\/(?:membership|institution\/person|system\/person)#)?(\w+)$/;

/** The LTI role names (last part of each URI) a launch or roster lists; sub-roles (Instructor#TeachingAssistant) by their own name. */
export function roleNames(roles: readonly string[]): string[] {
  return roles.map((r) => ROLE_URI.exec(r.trim())?.[1]).filter((r): r is string => !!r);
}

/** Instructors and administrators of the LMS teach here; everyone else sits exams. */
export function teachesInLms(roles: readonly string[]): boolean {
  return roleNames(roles).some((r) => r === 'Instructor' || r === 'Administrator');
}

/** The role an LMS person gets here when their account is made. */
const roleFor = (person: LtiPerson): Role => (teachesInLms(person.roles) ? 'teacher' : 'student');

function namesOf(person: LtiPerson): { first: string; last: string } {
  const words = (person.name ?? '').trim().split(/\s+/).filter(Boolean);
  // The names check of `users` wants both non-empty; an LMS that sends no name (privacy settings)
  // leaves its people as "LMS user" until it does.
  const first = person.givenName?.trim() || words[0] || 'LMS';
  const last = person.familyName?.trim() || words.slice(1).join(' ') || (person.givenName || words[0] ? '-' : 'user');
  return { first: first.slice(0, 100), last: last.slice(0, 100) };
}

function languageFrom(locale: string | undefined): Language | undefined {
  const primary = locale?.toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

/**
 * The account of an LMS person: the one linked to (platform, sub) in `lti_users`, or a new one.
 * Never found by e-mail: an LMS's admin can write any address on a person, and must not thereby
 * reach a staff account here. The LMS's address is used for a new account when no account has it
 * (else a placeholder that cannot receive mail, with e-mail notifications off). The name follows
 * the LMS at each call. `grade`: a new student's grade (the launched exam's), so the exam is theirs.
 */
export async function userForLtiPerson(
  deps: Pick<Deps, 'db'>,
  platform: PlatformRow,
  person: LtiPerson,
  opts: { grade?: number | null } = {},
): Promise<UserRow> {
  const { db } = deps;
  const linked = (await db('lti_users as lu')
    .join('users as u', 'u.id', 'lu.user_id')
    .where({ 'lu.platform_id': platform.id, 'lu.sub': person.sub })
    .first('u.*')) as UserRow | undefined;
  const { first, last } = namesOf(person);
  if (linked) {
    const named = !!(person.name || person.givenName || person.familyName);
    const [row] = (await db('users')
      .where({ id: linked.id })
      .update({ ...(named ? { first_name: first, last_name: last } : {}), updated_at: db.fn.now() })
      .returning('*')) as UserRow[];
    await db('lti_users').where({ platform_id: platform.id, sub: person.sub }).update({ last_launch_at: db.fn.now() });
    return row!;
  }

  const role = roleFor(person);
  const email = person.email?.trim().toLowerCase();
  const given = email && /^[^@\s]+@[^@\s]+$/.test(email) && email.length <= 254 ? email : undefined;
  const placeholder = `lti-${randomBytes(9).toString('hex')}@${PLACEHOLDER_DOMAIN}`;
  const columns = {
    password_hash: LTI_PASSWORD_HASH,
    first_name: first,
    last_name: last,
    role,
    grade: inAClass(role) ? (opts.grade ?? null) : null,
    student_id: inAClass(role) ? newStudentId() : null,
    // The LMS vouches for the person; a placeholder has nothing to verify.
    is_verified: true,
  };
  // An address some account already has (any case) is not taken over: the placeholder instead.
  const inserted = given
    ? ((await db.raw(
        `insert into users (email, password_hash, first_name, last_name, role, grade, student_id, is_verified)
         values (?, ?, ?, ?, ?, ?, ?, ?) on conflict ((lower(email))) do nothing returning *`,
        [given, columns.password_hash, first, last, role, columns.grade, columns.student_id, true],
      )) as { rows: UserRow[] }).rows[0]
    : undefined;
  const user = inserted ?? ((await db('users').insert({ ...columns, email: placeholder }).returning('*')) as UserRow[])[0]!;

  const language = languageFrom(person.locale);
  // The LMS's language when it told us one we speak; the zone (no LMS sends one) is the school's.
  const starting = newAccountSettings(await getPlatformSettings(deps), { language });
  const settings = {
    ...starting,
    notifications: { ...starting.notifications, ...(inserted ? {} : { emailNotifications: false }) },
  };
  await db('user_settings').insert({ user_id: user.id, settings: JSON.stringify(settings) });

  // Two launches of one new person at once: the first link wins, the other's account is dropped.
  const link = (await db('lti_users')
    .insert({ platform_id: platform.id, sub: person.sub, user_id: user.id, last_launch_at: db.fn.now() })
    .onConflict(['platform_id', 'sub'])
    .ignore()
    .returning('user_id')) as { user_id: string }[];
  if (link.length) return user;
  await db('users').where({ id: user.id }).delete();
  return userForLtiPerson(deps, platform, person, opts);
}
