import { OFFLINE_CAUSES, type NetworkDetail } from '@exam/shared';
import type { Db } from '../db';

/**
 * Clears the attempt's offline mark and cause and logs the gap as one `network` event with its
 * length and cause, in one statement: of two joins racing after a reconnect only the one that
 * still finds the same mark logs it (the update's own check of the mark is what a waiting join
 * re-reads; the first `select` only keeps the cause the update clears). A disconnect is never a
 * violation and is never counted.
 */
const RECONNECT_SQL = `
  with o as (
    select id, offline_cause from attempts where id = ? and offline_since = ?
  ), c as (
    update attempts a set offline_since = null, offline_cause = null from o
     where a.id = o.id and a.offline_since = ?
    returning a.id, a.student_id, o.offline_cause
  )
  insert into attempt_events (attempt_id, type, actor_id, detail)
  select c.id, 'network', c.student_id,
         jsonb_strip_nulls(jsonb_build_object(
           'offlineMs', greatest(0, floor(extract(epoch from (now() - ?::timestamptz)) * 1000))::bigint,
           'since', ?::text,
           'cause', c.offline_cause))
    from c
  returning detail`;

const isCause = (v: unknown): v is NonNullable<NetworkDetail['cause']> => (OFFLINE_CAUSES as readonly unknown[]).includes(v);

/** The gap logged (with why it began, when known), or null when another join logged it first. */
export async function recordReconnect(db: Db, attemptId: string, offlineSince: Date): Promise<NetworkDetail | null> {
  const since = offlineSince.toISOString();
  const result = (await db.raw(RECONNECT_SQL, [attemptId, offlineSince, offlineSince, offlineSince, since])) as { rows: { detail: Record<string, unknown> }[] };
  const detail = result.rows[0]?.detail;
  if (!detail) return null;
  return { offlineMs: Number(detail.offlineMs), since: String(detail.since), ...(isCause(detail.cause) ? { cause: detail.cause } : {}) };
}
