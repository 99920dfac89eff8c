import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { DEFAULT_PLATFORM_SETTINGS, MSG, RESET_PASSWORD_TOKEN_TTL_MS, VERIFY_EMAIL_TOKEN_TTL_MS, newAccountSettings, type Language, type RegisterInput, type StartingPreferences, type UserSettings } from '@exam/shared';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { Deps } from '../deps';
import { AppError, Errors } from '../errors';
import { inAClass } from '../policies/people';
import type { UserRow } from '../db/userRow';
import { linkMail } from './mail';
import { languageOf, newSettingsRow, startingSettings } from './settings';
import { consumeOneTimeToken, issueOneTimeToken } from './oneTimeTokens';
import { consumeOrThrow } from './rateLimits';
import { assertMaySignIn, settleSignIn } from './signInLimits';
import { endSessions, startSession, type IssuedSession } from './sessions';

const STUDENT_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short human-friendly id for the student's papers, e.g. STU-7KQ2M9XA. */
export function newStudentId(): string {
  let s = 'STU-';
  for (let i = 0; i < 8; i++) s += STUDENT_ID_ALPHABET[randomInt(STUDENT_ID_ALPHABET.length)];
  return s;
}

export interface NewUser extends Omit<RegisterInput, 'role'> {
  role: UserRow['role'];
  isVerified?: boolean;
  /** The language the account starts in, when no `settings` are given (seeds, tests). */
  language?: Language;
  /** The new account's settings (startingSettings: the browser's language and zone, else the school's). */
  settings?: UserSettings;
}

/** Inserts a user; a duplicate e-mail (any case) is the documented 409. */
export async function createUser(db: Knex | Knex.Transaction, input: NewUser): Promise<UserRow> {
  const existing = await db('users').whereRaw('lower(email) = ?', [input.email.toLowerCase()]).first('id');
  if (existing) throw Errors.emailTaken();
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = (await db('users')
      .insert({
        email: input.email.toLowerCase(),
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        role: input.role,
        phone: input.phone ?? null,
        date_of_birth: input.dateOfBirth ?? null,
        address: input.address ?? null,
        grade: input.grade ?? null,
        section: input.section ?? null,
        subject: input.subject ?? null,
        qualification: input.qualification ?? null,
        student_id: inAClass(input.role) ? newStudentId() : null,
        is_verified: input.isVerified ?? false,
      })
      .returning('*')) as UserRow[];
    await db('user_settings').insert(newSettingsRow(row!.id, input.settings ?? newAccountSettings(DEFAULT_PLATFORM_SETTINGS, { language: input.language })));
    return row!;
  } catch (err) {
    // Two registrations racing for one e-mail: the unique index decides, the loser gets the 409.
    if ((err as { constraint?: string }).constraint === 'users_email_lower_unique') throw Errors.emailTaken();
    throw err;
  }
}

/**
 * Self-registration. Every attempt that reaches here spends from the caller's address budget
 * (`ip`); an admin creating accounts passes none.
 *
 * It never says whether the e-mail already has an account: the caller's answer is the same either
 * way (and costs the same password hash), and the mailbox's owner gets a mail instead, saying
 * someone tried and how to sign in or reset the password. Resolves to the new user, or undefined
 * when the address was taken. The account starts in the language and zone the visitor's browser
 * gave (`browser`), else in the school's.
 */
export async function registerUser(deps: Deps, input: RegisterInput, ip?: string, browser?: StartingPreferences): Promise<UserRow | undefined> {
  if (ip !== undefined) await consumeOrThrow(deps.limiters.registerIp, ip);
  const taken = await accountOf(deps, input.email);
  if (taken) {
    // The same hashing a new account costs, so the answer takes about as long.
    await hashPassword(input.password);
    await mailRegistrationAttempt(deps, taken);
    return undefined;
  }
  let user: UserRow;
  try {
    user = await createUser(deps.db, { ...input, settings: await startingSettings(deps, browser) });
  } catch (err) {
    // Two registrations racing for one address: the loser's answer is the same as everyone's.
    const raced = err instanceof AppError && err.id === Errors.emailTaken().id ? await accountOf(deps, input.email) : undefined;
    if (!raced) throw err;
    await mailRegistrationAttempt(deps, raced);
    return undefined;
  }
  await sendVerificationMail(deps, user);
  return user;
}

const accountOf = async (deps: Deps, email: string) =>
  (await deps.db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first()) as UserRow | undefined;

/**
 * Tells an account's owner that someone tried to register with their address. At most a few a
 * window per address (the forgot-password budget, its own keys): beyond that the mail is skipped
 * silently, since refusing would tell the caller the address has an account.
 */
async function mailRegistrationAttempt(deps: Deps, user: UserRow): Promise<void> {
  if (!user.is_active) return;
  const allowed = await deps.limiters.forgotAccount.consume(`register:${user.email.toLowerCase()}`).then(
    () => true,
    () => false,
  );
  if (!allowed) return;
  deps.mailer.sendInBackground(
    linkMail({
      to: user.email,
      name: user.first_name,
      language: await languageOf(deps.db, user.id),
      kind: 'registerAttempt',
      link: `${deps.config.publicUrl}/login`,
    }),
  );
}

export async function sendVerificationMail(deps: Deps, user: UserRow): Promise<void> {
  const token = await issueOneTimeToken(deps.db, user.id, 'verify_email', VERIFY_EMAIL_TOKEN_TTL_MS);
  deps.mailer.sendInBackground(
    linkMail({
      to: user.email,
      name: user.first_name,
      language: await languageOf(deps.db, user.id),
      kind: 'verify',
      link: `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`,
    }),
  );
}

export async function resendVerification(deps: Deps, user: UserRow): Promise<void> {
  if (user.is_verified) return;
  await consumeOrThrow(deps.limiters.resendCooldown, user.id);
  await consumeOrThrow(deps.limiters.resendAccount, user.id);
  await sendVerificationMail(deps, user);
}

export async function verifyEmail(deps: Deps, token: string): Promise<UserRow> {
  return deps.db.transaction(async (trx) => {
    const userId = await consumeOneTimeToken(trx, token, 'verify_email');
    if (!userId) throw Errors.invalidToken();
    const [user] = (await trx('users').where({ id: userId }).update({ is_verified: true, updated_at: trx.fn.now() }).returning('*')) as UserRow[];
    return user!;
  });
}

export interface LoginResult {
  user: UserRow;
  session: IssuedSession;
}

/** Signs in. Only failures spend the sign-in budgets (see signInLimits). */
export async function login(
  deps: Deps,
  // `device`: this browser's id from a valid device cookie for the account (see signInLimits).
  input: { email: string; password: string; ip: string; device?: string; userAgent?: string; signal?: AbortSignal },
): Promise<LoginResult> {
  const accountKey = input.email.toLowerCase();
  const source = { ip: input.ip, device: input.device };
  const check = await assertMaySignIn(deps.limiters, accountKey, source);
  const user = (await deps.db('users').whereRaw('lower(email) = ?', [accountKey]).first()) as UserRow | undefined;
  const ok = await verifyPassword(user?.password_hash, input.password, input.signal);
  await settleSignIn(deps.limiters, accountKey, source, check, !!user && ok);
  if (!user || !ok) throw Errors.invalidCredentials();
  if (!user.is_active) throw Errors.deactivated();
  return deps.db.transaction(async (trx) => {
    const [updated] = (await trx('users').where({ id: user.id }).update({ last_login: trx.fn.now() }).returning('*')) as UserRow[];
    // The response reports the previous sign-in ("last login"), not the one happening now.
    const presented = { ...updated!, last_login: user.last_login };
    return { user: presented, session: await startSession(deps, trx, updated!, input) };
  });
}

/** Always resolves the same way whether or not the account exists (no account enumeration). */
export async function requestPasswordReset(deps: Deps, input: { email: string; ip: string }): Promise<void> {
  await consumeOrThrow(deps.limiters.forgotIp, input.ip);
  await consumeOrThrow(deps.limiters.forgotAccount, input.email.toLowerCase());
  const user = (await deps.db('users').whereRaw('lower(email) = ?', [input.email.toLowerCase()]).first()) as UserRow | undefined;
  if (!user || !user.is_active) return;
  const token = await issueOneTimeToken(deps.db, user.id, 'reset_password', RESET_PASSWORD_TOKEN_TTL_MS);
  deps.mailer.sendInBackground(
    linkMail({
      to: user.email,
      name: user.first_name,
      language: await languageOf(deps.db, user.id),
      kind: 'reset',
      link: `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
    }),
  );
}

/** Sets a new password from a reset link and signs every existing session out. */
export async function resetPassword(deps: Deps, input: { token: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (trx) => {
    const userId = await consumeOneTimeToken(trx, input.token, 'reset_password');
    if (!userId) throw Errors.invalidToken();
    // Following the mailed link proves the mailbox, so the address counts as verified too.
    await trx('users')
      .where({ id: userId })
      .update({ password_hash: passwordHash, password_changed_at: trx.fn.now(), is_verified: true, updated_at: trx.fn.now() });
    await endSessions(deps, { userId }, 'password-reset', trx);
  });
}

/** Changes the password of a signed-in user; other sessions are signed out, this one stays. */
export async function changePassword(
  deps: Deps,
  input: { user: UserRow; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const current = (await deps.db('users').where({ id: input.user.id }).first('password_hash')) as { password_hash: string };
  if (!(await verifyPassword(current.password_hash, input.currentPassword))) {
    throw Errors.badRequest(MSG.currentPasswordWrong, 'currentPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (trx) => {
    await trx('users')
      .where({ id: input.user.id })
      .update({ password_hash: passwordHash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now() });
    await endSessions(deps, { userId: input.user.id, exceptSessionId: input.sessionId }, 'password-change', trx);
  });
}
