import type { Db } from '../db';

export interface SessionLiveness {
  /** True while the session is neither revoked nor its user deactivated or deleted. */
  isLive(sessionId: string): Promise<boolean>;
  /** A session just checked elsewhere (the handshake): no need to ask again for a while. */
  sawLive(sessionId: string): void;
}

const CACHE_LIMIT = 100_000;

/**
 * Every socket event re-checks its session, so a socket opened before a logout cannot act after
 * it even if the revocation's disconnect never reached this node (Redis down, say). A session
 * seen live is trusted for `ttlMs`; the checks of one tick, however many sockets, share one
 * query, so a hall of students saving every second costs a query per tick, not per save.
 */
export function createSessionLiveness(db: Db, ttlMs = 1000): SessionLiveness {
  const liveAt = new Map<string, number>();
  let waiting = new Map<string, { resolve: (live: boolean) => void; reject: (err: unknown) => void }[]>();

  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = new Map();
    try {
      const rows = (await db('sessions as s')
        .join('users as u', 'u.id', 's.user_id')
        .whereIn('s.id', [...batch.keys()])
        .whereNull('s.revoked_at')
        .where('u.is_active', true)
        .select('s.id')) as { id: string }[];
      const live = new Set(rows.map((r) => r.id));
      const now = performance.now();
      if (liveAt.size > CACHE_LIMIT) liveAt.clear();
      for (const [id, waiters] of batch) {
        if (live.has(id)) liveAt.set(id, now);
        else liveAt.delete(id);
        for (const w of waiters) w.resolve(live.has(id));
      }
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    }
  }

  return {
    isLive(sessionId) {
      const at = liveAt.get(sessionId);
      if (at !== undefined && performance.now() - at < ttlMs) return Promise.resolve(true);
      return new Promise((resolve, reject) => {
        if (!waiting.size) setImmediate(() => void flush());
        const list = waiting.get(sessionId) ?? [];
        list.push({ resolve, reject });
        waiting.set(sessionId, list);
      });
    },
    sawLive(sessionId) {
      liveAt.set(sessionId, performance.now());
    },
  };
}
