import type { Knex } from 'knex';
import type { Db } from '../db';
import type { FeedEvent } from '../ports/realtime';

/**
 * Who did a proctor's action, by name (issue 53: a shared hall has several proctors, and every
 * action on the board names its author). Actions are rare beside saves and flags: the names are
 * read only for the events that need them, a handful at a time.
 */
export async function namesOf(db: Db | Knex.Transaction, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = (await db('users').whereIn('id', unique).select('id', 'first_name', 'last_name')) as { id: string; first_name: string; last_name: string }[];
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`]));
}

const byOf = (e: FeedEvent) => (typeof e.detail?.by === 'string' ? e.detail.by : undefined);
const endedByProctor = (e: FeedEvent) => e.type === 'submitted' && e.detail?.reason === 'proctor' && !byOf(e);

/**
 * The events with `byName` beside their `by`. An attempt a proctor ended is announced with its
 * reason only (the submission is shared with students' and the deadline's), so its author is read
 * from the `submitted` event the submission logged.
 */
export async function withActors(db: Db | Knex.Transaction, events: FeedEvent[]): Promise<FeedEvent[]> {
  const ended = events.filter(endedByProctor).map((e) => e.attemptId);
  if (!ended.length && !events.some((e) => byOf(e) && typeof e.detail?.byName !== 'string')) return events;
  const enders = new Map<string, string>();
  if (ended.length) {
    const rows = (await db('attempt_events')
      .whereIn('attempt_id', [...new Set(ended)])
      .where('type', 'submitted')
      .whereNotNull('actor_id')
      .orderBy('id')
      .select('attempt_id', 'actor_id')) as { attempt_id: string; actor_id: string }[];
    for (const r of rows) enders.set(r.attempt_id, r.actor_id); // the latest submission stands
  }
  const names = await namesOf(db, [...events.map(byOf).filter((id): id is string => !!id), ...enders.values()]);
  return events.map((e) => {
    const by = byOf(e) ?? (endedByProctor(e) ? enders.get(e.attemptId) : undefined);
    const byName = by ? names.get(by) : undefined;
    return by && byName ? { ...e, detail: { ...e.detail, by, byName } } : e;
  });
}
