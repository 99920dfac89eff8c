import type { Db } from '../db';

/**
 * Clears the attempt's offline mark and logs the gap as one `network` event, in one statement: of
 * two joins racing after a reconnect only the one that still finds the same mark logs it. A
 * disconnect is never a violation and is never counted.
 */
const RECONNECT_SQL = `
  with c as (
    update attempts set offline_since = null where id = ? and offline_since = ? returning id, student_id, offline_since
  )
  insert into attempt_events (attempt_id, type, actor_id, detail)
  select c.id, 'network', c.student_id,
         jsonb_build_object('offlineMs', greatest(0, floor(extract(epoch from (now() - ?::timestamptz)) * 1000))::bigint, 'since', ?::text)
    from c
  returning detail`;

export interface NetworkDetail {
  offlineMs: number;
  since: string;
}

/** The gap logged, or null when another join logged it first. */
export async function recordReconnect(db: Db, attemptId: string, offlineSince: Date): Promise<NetworkDetail | null> {
  const since = offlineSince.toISOString();
  const result = (await db.raw(RECONNECT_SQL, [attemptId, offlineSince, offlineSince, since])) as { rows: { detail: NetworkDetail }[] };
  const detail = result.rows[0]?.detail;
  return detail ? { offlineMs: Number(detail.offlineMs), since: detail.since } : null;
}
