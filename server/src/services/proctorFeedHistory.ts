import type { FeedHistory, FeedHistoryQuery, ProctorEvent } from '@exam/shared';
import type { Deps } from '../deps';
import type { Viewer } from '../policies';
import { getExamFor } from './exams';

/**
 * The proctor board's event feed as it was before a reload: the exam's logged events, newest
 * first, a page at a time. A message to every student is logged once per student with one
 * `broadcastId`; the feed shows it once, as the live board does.
 */
interface EventRow {
  id: string;
  attempt_id: string;
  student_id: string;
  actor_id: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  type: string;
  detail: Record<string, unknown>;
  created_at: Date | string;
}

/** Raw rows read per statement: a broadcast to a whole hall is absorbed in a few reads. */
const BATCH = 500;
/** However a page falls, one request reads at most this many rows. */
const MAX_ROWS_PER_PAGE = 20_000;

const broadcastOf = (r: EventRow): string | undefined =>
  r.type === 'message' && typeof r.detail?.broadcastId === 'string' ? r.detail.broadcastId : undefined;

/** A staff member's action names who did it, as the live board does (`by`, `byName`); the student's own events name nobody. */
function withActor(r: EventRow): Record<string, unknown> {
  const detail = r.detail ?? {};
  if (!r.actor_id || r.actor_id === r.student_id) return detail;
  return { ...detail, by: r.actor_id, ...(r.actor_first_name ? { byName: `${r.actor_first_name} ${r.actor_last_name}` } : {}) };
}

async function readBatch(deps: Deps, examId: string, before: string | undefined): Promise<EventRow[]> {
  const q = deps
    .db('attempt_events as ev')
    .join('attempts as a', 'a.id', 'ev.attempt_id')
    .leftJoin('users as u', 'u.id', 'ev.actor_id')
    .where('a.exam_id', examId)
    .orderBy('ev.id', 'desc')
    .limit(BATCH)
    .select('ev.id', 'ev.attempt_id', 'a.student_id', 'ev.type', 'ev.detail', 'ev.created_at', 'ev.actor_id', 'u.first_name as actor_first_name', 'u.last_name as actor_last_name');
  if (before) q.where('ev.id', '<', before);
  return (await q) as EventRow[];
}

export async function proctorFeedHistory(deps: Deps, viewer: Viewer, examId: string, query: FeedHistoryQuery): Promise<FeedHistory> {
  await getExamFor(deps.db, viewer, examId, 'proctor');
  const events: ProctorEvent[] = [];
  const broadcasts = new Map<string, { event: ProctorEvent; rows: number }>();
  let cursor = query.before;
  let read = 0;
  let more = true;
  // Fill the page, then keep absorbing the rows of a broadcast already shown that lie just past
  // it, so a message to all is not cut across two pages (the board merges any that still are).
  outer: while (more && read < MAX_ROWS_PER_PAGE) {
    const rows = await readBatch(deps, examId, cursor);
    more = rows.length === BATCH;
    for (const r of rows) {
      const broadcastId = broadcastOf(r);
      const seen = broadcastId ? broadcasts.get(broadcastId) : undefined;
      if (events.length >= query.limit && !seen) {
        more = true;
        break outer;
      }
      cursor = String(r.id);
      read++;
      if (seen) {
        seen.rows++;
        continue;
      }
      const event: ProctorEvent = { attemptId: r.attempt_id, studentId: r.student_id, type: r.type, at: new Date(r.created_at).toISOString(), detail: withActor(r) };
      events.push(event);
      if (broadcastId) broadcasts.set(broadcastId, { event, rows: 1 });
    }
  }
  for (const { event, rows } of broadcasts.values()) {
    if (typeof event.detail.count !== 'number') event.detail = { ...event.detail, count: rows };
  }
  return { events, nextBefore: more ? (cursor ?? null) : null };
}
