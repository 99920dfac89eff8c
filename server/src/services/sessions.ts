import type { Knex } from 'knex';
import { LANGUAGES, MSG, SAVE_GRACE_MS, isLanguage } from '@exam/shared';

const LANGUAGE_COLUMN = 'preferred_language__';
const SESSION_COLUMN = 'session_id__';
import { signAccessToken, verifyAccessToken } from '../auth/jwt';
import { hashOpaqueToken, newOpaqueToken } from '../auth/opaqueTokens';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { sitsExams } from '../policies/people';
import { rooms } from '../ports/realtime';
import type { UserRow } from '../db/userRow';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Starts a session (one sign-in) with its first refresh token. */
export async function startSession(
  deps: Deps,
  trx: Db | Knex.Transaction,
  user: UserRow,
  meta: { ip?: string; userAgent?: string },
): Promise<IssuedSession> {
  const [session] = (await trx('sessions')
    .insert({ user_id: user.id, ip: meta.ip?.slice(0, 64), user_agent: meta.userAgent?.slice(0, 300) })
    .returning('id')) as { id: string }[];
  return issueTokens(deps, trx, user, session!.id);
}

async function issueTokens(deps: Deps, trx: Db | Knex.Transaction, user: UserRow, sessionId: string): Promise<IssuedSession> {
  const { token, hash } = newOpaqueToken();
  const refreshExpiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_MS);
  await trx('refresh_tokens').insert({ session_id: sessionId, token_hash: hash, expires_at: refreshExpiresAt });
  return {
    sessionId,
    refreshToken: token,
    refreshExpiresAt,
    accessToken: signAccessToken(deps.config.jwtSecret, { sub: user.id, sid: sessionId, role: user.role }, deps.config.accessTokenTtlSeconds),
  };
}

/**
 * Rotates a refresh token: the presented one is spent and a new one issued. Presenting a spent
 * token means it was stolen or replayed, so the whole session (the token family) is revoked.
 */
export async function rotateRefreshToken(deps: Deps, presented: string): Promise<{ user: UserRow; issued: IssuedSession }> {
  const outcome = await deps.db.transaction(async (trx) => {
    const row = (await trx('refresh_tokens as rt')
      .join('sessions as s', 's.id', 'rt.session_id')
      .where('rt.token_hash', hashOpaqueToken(presented))
      .forUpdate()
      .first('rt.id', 'rt.used_at', 'rt.expires_at', 's.id as session_id', 's.revoked_at', 's.user_id')) as
      | { id: string; used_at: Date | null; expires_at: Date; session_id: string; revoked_at: Date | null; user_id: string }
      | undefined;
    if (!row || row.revoked_at) return { error: 'invalid' as const };
    if (row.used_at) {
      await endSessions(deps, { sessionId: row.session_id }, 'refresh-reuse', trx);
      return { error: 'reused' as const };
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) return { error: 'invalid' as const };
    const user = (await trx('users').where({ id: row.user_id }).first()) as UserRow | undefined;
    if (!user) return { error: 'invalid' as const };
    if (!user.is_active) {
      await endSessions(deps, { sessionId: row.session_id }, 'deactivated', trx);
      return { error: 'deactivated' as const };
    }
    await trx('refresh_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
    return { user, issued: await issueTokens(deps, trx, user, row.session_id) };
  });
  if ('error' in outcome) {
    if (outcome.error === 'reused') deps.log.warn('refresh token reused: session revoked');
    throw outcome.error === 'deactivated' ? Errors.unauthorized(MSG.accountDeactivated) : Errors.unauthorized(MSG.refreshTokenInvalid);
  }
  return outcome;
}

/** Which sessions to end: one, or all of a user's (optionally keeping the one asking). */
export type SessionScope = { sessionId: string } | { userId: string; exceptSessionId?: string };

/**
 * The one way a session ends (logout, password change or reset, refresh-token replay,
 * deactivation, deletion): marks it revoked and, once that is committed, closes its live sockets
 * on every node through the adapter, so nothing opened earlier keeps working. Inside a
 * transaction, pass it as `trx`: the sockets close only if it commits (a socket closed earlier
 * would reconnect and find its session still live). Returns the ended sessions' ids.
 */
export async function endSessions(deps: Deps, scope: SessionScope, reason: string, trx?: Knex.Transaction): Promise<string[]> {
  const db = trx ?? deps.db;
  const q = db('sessions').whereNull('revoked_at');
  if ('sessionId' in scope) q.where({ id: scope.sessionId });
  else {
    q.where({ user_id: scope.userId });
    if (scope.exceptSessionId) q.whereNot({ id: scope.exceptSessionId });
  }
  const ended = ((await q.update({ revoked_at: db.fn.now(), revoked_reason: reason }).returning('id')) as { id: string }[]).map((r) => r.id);
  if (ended.length) {
    const notify = () => {
      for (const id of ended) deps.realtime.disconnect(rooms.session(id));
    };
    if (trx) trx.executionPromise.then(notify, () => undefined);
    else notify();
  }
  return ended;
}

export async function endSessionOfRefreshToken(deps: Deps, presented: string): Promise<void> {
  const row = (await deps.db('refresh_tokens').where({ token_hash: hashOpaqueToken(presented) }).first('session_id')) as
    | { session_id: string }
    | undefined;
  if (row) await endSessions(deps, { sessionId: row.session_id }, 'logout');
}

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  /** The language the user chose in their settings (preferences.language), if they saved one. */
  language?: string;
  /**
   * The access token's lifetime is over (only when the caller allowed it): the caller may act
   * only on the student's own attempt that is still open. See `openAttemptOf`.
   */
  expired?: boolean;
}

/**
 * Resolves a bearer token to its user. The session is checked too, so logout and a detected
 * refresh-token theft end access at once rather than when the JWT expires. `allowExpired` lets
 * an expired token of a live session through, marked `expired`, for the exam calls that must
 * not depend on the client refreshing.
 */
export async function authenticate(deps: Deps, accessToken: string, opts: { allowExpired?: boolean; lookup?: SessionUserLookup } = {}): Promise<Authenticated> {
  const claims = verifyAccessToken(deps.config.jwtSecret, accessToken, opts);
  if (!claims) throw Errors.unauthorized(MSG.sessionExpired);
  const lookup = opts.lookup ?? (async (key) => (await sessionUsers(deps.db, [key]))[0]);
  const row = await lookup({ userId: claims.sub, sessionId: claims.sid });
  if (!row) throw Errors.unauthorized(MSG.sessionExpired);
  const { [LANGUAGE_COLUMN]: language, [SESSION_COLUMN]: _session, ...user } = row;
  if (!user.is_active) throw Errors.unauthorized(MSG.accountDeactivated);
  return { user, sessionId: claims.sid, ...(isLanguage(language) ? { language: LANGUAGES.find((l) => l === language) } : {}), ...(claims.expired ? { expired: true } : {}) };
}

type SessionUserRow = UserRow & { [LANGUAGE_COLUMN]?: string | null; [SESSION_COLUMN]: string };
export type SessionUserLookup = (key: { userId: string; sessionId: string }) => Promise<SessionUserRow | undefined>;

/**
 * The users behind sessions that are not revoked, in the order asked (undefined where there is
 * none). The user's language rides along (one primary-key join, no extra query).
 */
export async function sessionUsers(db: Db, keys: { userId: string; sessionId: string }[]): Promise<(SessionUserRow | undefined)[]> {
  const rows = (await db('users as u')
    .join('sessions as s', 's.user_id', 'u.id')
    .leftJoin('user_settings as us', 'us.user_id', 'u.id')
    .whereIn(['u.id', 's.id'], keys.map((k) => [k.userId, k.sessionId]))
    .whereNull('s.revoked_at')
    .select('u.*', db.raw(`us.settings->'preferences'->>'language' as ${LANGUAGE_COLUMN}`), `s.id as ${SESSION_COLUMN}`)) as SessionUserRow[];
  const bySession = new Map(rows.map((r) => [r[SESSION_COLUMN], r]));
  return keys.map((k) => {
    const row = bySession.get(k.sessionId);
    return row?.id === k.userId ? row : undefined;
  });
}

/**
 * The student's attempt that is still open (in progress, its deadline not yet passed), by attempt
 * or by exam: what an expired access token may still act on, so a three-hour exam never depends
 * on the client refreshing its token. Anything else stays the usual 401.
 */
export async function openAttemptOf(deps: Deps, authed: Authenticated, which: { attemptId?: string; examId?: string }): Promise<{ id: string; exam_id: string } | undefined> {
  if (!sitsExams(authed.user.role)) return undefined;
  const q = deps.db('attempts')
    .where({ student_id: authed.user.id, status: 'in_progress' })
    .where('deadline_at', '>', deps.db.raw(`now() - interval '${Math.ceil(SAVE_GRACE_MS)} milliseconds'`));
  if (which.attemptId) q.where({ id: which.attemptId });
  if (which.examId) q.where({ exam_id: which.examId });
  return (await q.first('id', 'exam_id')) as { id: string; exam_id: string } | undefined;
}

/** Throws the session-expired 401 unless an expired token acts on the student's open attempt. */
export async function requireOpenAttemptIfExpired(deps: Deps, authed: Authenticated, which: { attemptId?: string; examId?: string }): Promise<void> {
  if (!authed.expired) return;
  if (!(await openAttemptOf(deps, authed, which))) throw Errors.unauthorized(MSG.sessionExpired);
}
