import type { Db } from '../db';
import { tickBatch } from '../services/tickBatch';

export interface SessionLiveness {
  /** True while the session is neither revoked nor its user deactivated or deleted. */
  isLive(sessionId: string): Promise<boolean>;
  /**
   * True when `isLive` would answer true without asking the database (the poll is fresh and the
   * session trusted): the caller can go ahead at once, with no promise and no turn of the event
   * loop. False means ask `isLive`.
   */
  knownLive(sessionId: string): boolean;
  /** A session just checked elsewhere (the handshake): no need to ask again for a while. */
  sawLive(sessionId: string): void;
  /** Asks which sessions ended lately and stops trusting them; run every `pollMs`. */
  pollEnded(): Promise<void>;
}

export const ENDED_POLL_MS = 500;
const CACHE_LIMIT = 100_000;
/**
 * How far back each poll looks. `revoked_at` is its transaction's start, not its commit, so a
 * revocation committed after a poll may carry an earlier time; a minute covers any transaction.
 */
const LOOKBACK_SECONDS = 60;

/**
 * Every socket event re-checks its session, so a socket opened before a logout cannot act after
 * it even if the revocation's disconnect never reached this node (Redis down, say).
 *
 * Every way a session ends (logout, password change, deactivation, deletion, refresh-token
 * replay) stamps `revoked_at` (services/sessions.ts endSessions). So a node asks twice a second
 * which sessions ended in the last minute and stops trusting those; every other session it has
 * seen live stays trusted, and an event costs no query. At 10,000 students saving every few
 * seconds the former per-tick check was some 260 queries a second on the live session's
 * connections; this is two. While the poll is late (the database slow or away), or for a session
 * not seen yet, events fall back to the direct check, those of one tick sharing one query.
 */
export function createSessionLiveness(db: Db, pollMs = ENDED_POLL_MS): SessionLiveness {
  const trusted = new Set<string>();
  /** The database's clock at the last poll that answered, and this process's. */
  let polled: { dbNow: Date; at: number } | undefined;

  const pollFresh = () => polled !== undefined && performance.now() - polled.at < 2 * pollMs;

  function trust(sessionId: string): void {
    if (trusted.size >= CACHE_LIMIT) trusted.clear();
    trusted.add(sessionId);
  }

  // The direct checks of one tick share one query.
  const check = tickBatch(async (sessionIds: string[]) => {
    const ids = [...new Set(sessionIds)];
    const rows = (await db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .whereIn('s.id', ids)
      .whereNull('s.revoked_at')
      .where('u.is_active', true)
      .select('s.id')) as { id: string }[];
    const live = new Set(rows.map((r) => r.id));
    for (const id of ids) {
      if (live.has(id)) trust(id);
      else trusted.delete(id);
    }
    return sessionIds.map((id) => live.has(id));
  });

  const knownLive = (sessionId: string) => pollFresh() && trusted.has(sessionId);

  return {
    isLive(sessionId) {
      if (knownLive(sessionId)) return Promise.resolve(true);
      return check(sessionId).then((live) => live === true);
    },
    knownLive,
    sawLive: trust,
    async pollEnded() {
      const at = performance.now();
      // Until a first poll answers, reach back a minute from the database's own clock.
      const since = polled ? new Date(polled.dbNow.getTime() - LOOKBACK_SECONDS * 1000) : null;
      const {
        rows: [row],
      } = (await db.raw(
        `select now() as now, coalesce(array_agg(id::text), '{}') as ended from sessions
          where revoked_at >= coalesce(?::timestamptz, now() - make_interval(secs => ?))`,
        [since, LOOKBACK_SECONDS],
      )) as { rows: { now: Date; ended: string[] }[] };
      for (const id of row!.ended) trusted.delete(id);
      polled = { dbNow: new Date(row!.now), at };
    },
  };
}
