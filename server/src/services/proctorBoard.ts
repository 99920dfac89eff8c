import type { DeviceHealth } from '../ports/realtime';
import type { Knex } from 'knex';
import { DEVICE_FLAGS, SNAPSHOT_PAGE_ROWS, shownAccommodation, type ProctorRow } from '@exam/shared';
import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../db';
import { accommodationOfJson, type AccommodationRow } from './accommodations';
import { appliedAccommodationSql } from './appliedAccommodationSql';
import { eligibleStudentIds } from './notifications';
import { presentBreak } from '../presenters/restBreak';

interface RowData {
  attempt_id: string | null;
  student_id: string;
  first_name: string;
  avatar: string | null;
  last_name: string;
  section: ProctorRow['section'];
  status: ProctorRow['status'] | null;
  submit_reason: ProctorRow['submitReason'];
  deadline_ms: number | null;
  extra_minutes: number | null;
  last_seen_ms: number | null;
  tab_switches: number | null;
  fullscreen_exits: number | null;
  total: number;
  answered: number;
  other: number;
  flags: number;
  last_save_ms: number | null;
  last_event_ms: number | null;
  in_seb: boolean | null;
  accommodation: AccommodationRow | null;
  break_requested_ms: number | null;
  break_started_ms: number | null;
  break_ends_ms: number | null;
  break_used_ms: number | null;
}

/** Times come back as epoch milliseconds: a number is far cheaper to parse than a timestamp, thousands of rows at a time. */
const ms = (sql: string) => `(extract(epoch from ${sql}) * 1000)::float8`;
const iso = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs).toISOString());

/**
 * A board row's columns: `a` is the attempt (possibly none), `u` its student. Each attempt's
 * answers are read once, through their attempt index, for both figures taken from them.
 */
const ROW_COLUMNS = `
  a.id as attempt_id, u.id as student_id, u.first_name, u.last_name, u.avatar, u.section, a.status, a.submit_reason,
  ${ms('a.deadline_at')} as deadline_ms, a.extra_minutes, ${ms('a.last_seen_at')} as last_seen_ms, a.tab_switches, a.fullscreen_exits, a.in_seb,
  ${ms('a.break_requested_at')} as break_requested_ms, ${ms('a.break_started_at')} as break_started_ms, ${ms('a.break_ends_at')} as break_ends_ms, a.break_used_ms,
  coalesce(jsonb_array_length(a.question_order), 0)::int as total,
  coalesce(an.answered, 0) as answered, an.last_save_ms, coalesce(a.other_violations, 0) as other, ev.last_event_ms, coalesce(ev.flags, 0) as flags`;
/** The device's flag kinds as an SQL array (constants of ours, never input). */
const DEVICE_FLAG_SQL = `array[${DEVICE_FLAGS.map((f) => `'${f}'`).join(',')}]`;
const ROW_JOINS = `
  left join lateral (
    select (count(*) filter (where x.answer is not null and x.answer <> ''))::int as answered, ${ms('max(x.saved_at)')} as last_save_ms
      from answers x where x.attempt_id = a.id
  ) an on true
  left join lateral (
    select ${ms('max(e.created_at)')} as last_event_ms,
           (count(*) filter (where e.type = 'violation' and e.detail->>'violation' = any(${DEVICE_FLAG_SQL})))::int as flags
      from attempt_events e where e.attempt_id = a.id
  ) ev on true`;
/**
 * The accommodation that applies to the row's student in the exam (`examId` is SQL: the board's
 * snapshot has rows with no attempt yet): the exam's own, else their standing one. The staff's
 * note stays in the database.
 */
const accommodationColumn = (examId: string) => `${appliedAccommodationSql(examId, 'u.id')} as accommodation`;

function toRow(d: RowData, online: Set<string>, health: DeviceHealth): ProctorRow {
  const attemptId = d.attempt_id;
  const accommodation = accommodationOfJson(d.accommodation);
  return {
    attemptId,
    student: { _id: d.student_id, firstName: d.first_name, lastName: d.last_name, avatar: d.avatar },
    status: d.status ?? 'not-started',
    submitReason: d.submit_reason,
    online: attemptId ? online.has(attemptId) : false,
    lastSeenAt: iso(d.last_seen_ms),
    answered: d.answered,
    total: d.total,
    deadlineAt: iso(d.deadline_ms),
    extraMinutes: d.extra_minutes ?? 0,
    violations: { tabSwitches: d.tab_switches ?? 0, fullscreenExits: d.fullscreen_exits ?? 0, other: d.other, flags: d.flags },
    pendingSaves: attemptId && online.has(attemptId) ? (health.get(attemptId)?.pending ?? 0) : null,
    lastSaveAt: iso(d.last_save_ms),
    lastEventAt: iso(d.last_event_ms),
    // The board shows each proctor their part of the hall by section or by name.
    section: d.section ?? null,
    // Sat in Safe Exam Browser (docs/seb.md): the board says so, and its tab and fullscreen checks do not apply.
    inSeb: d.in_seb ?? false,
    // The board marks who is given extra time, breaks or waived checks, so none of it looks like cheating.
    accommodation: shownAccommodation(accommodation),
    // Asked, under way, time paused: the proctor grants and ends breaks from the row.
    break: attemptId ? presentBreak({ break_requested_at: d.break_requested_ms, break_started_at: d.break_started_ms, break_ends_at: d.break_ends_ms, break_used_ms: d.break_used_ms }, accommodation) : null,
  };
}

/** Which exam each attempt belongs to. */
export async function examsOf(db: Db | Knex.Transaction, attemptIds: string[]): Promise<Map<string, string>> {
  if (!attemptIds.length) return new Map();
  const rows = (await db('attempts').whereRaw('id = any(?::uuid[])', [attemptIds]).select('id', 'exam_id')) as { id: string; exam_id: string }[];
  return new Map(rows.map((r) => [r.id, r.exam_id]));
}

/** Rows for given attempts (the live deltas), grouped by exam. */
export async function rowsForAttempts(db: Db | Knex.Transaction, attemptIds: string[], online: Set<string>, health: DeviceHealth = new Map()) {
  if (!attemptIds.length) return [] as { examId: string; row: ProctorRow }[];
  const rows = (await db.raw(
    `select a.exam_id, ${ROW_COLUMNS}, ${accommodationColumn('a.exam_id')} from attempts a join users u on u.id = a.student_id ${ROW_JOINS} where a.id = any(?::uuid[])`,
    [attemptIds],
  )).rows as (RowData & { exam_id: string })[];
  return rows.map((r) => ({ examId: r.exam_id, row: toRow(r, online, health) }));
}

/**
 * After each page of a snapshot but the last, the read rests this many times as long as the page
 * took, so a large snapshot takes at most a third of a database backend and of the node while
 * students save. With the pages of 5,000 students read back to back, the saves' p99 in the second
 * a board opened mid-exam was 106-340 ms; rested, 93-141 ms, the snapshot taking 0.9-1.8 s instead
 * of 0.6-0.7 s (docs/benchmarks.md, "Design notes").
 */
const SNAPSHOT_REST = 2;
/**
 * The longest rest: at 10,000 students saving 4,000 times a second a page took 100-300 ms, and
 * resting twice that made the teacher wait 7 s for the board.
 */
const SNAPSHOT_REST_MAX_MS = 100;

/**
 * The board's opening snapshot: every student the exam is meant for (and anyone who attempted it),
 * with their latest attempt, or "not started", in name order, a page at a time. Each page is read,
 * built and sent on its own: 5,000 rows read at once held the node's event loop for 30-60 ms, and
 * encoded as one message for another 30, and every save on the node waited behind them.
 */
export async function* snapshotPages(db: Db, examId: string, online: Set<string>, health: DeviceHealth): AsyncGenerator<ProctorRow[]> {
  const eligible = await eligibleStudentIds(db, examId);
  const order = (await db.raw(
    `with students as (
       select unnest(?::uuid[]) as id
       union select student_id from attempts where exam_id = ?
     )
     select u.id from students s join users u on u.id = s.id order by u.last_name, u.first_name, u.id`,
    [eligible, examId],
  )).rows as { id: string }[];
  let rest: Promise<void> = Promise.resolve();
  for (let i = 0; i < order.length; i += SNAPSHOT_PAGE_ROWS) {
    await rest;
    const ids = order.slice(i, i + SNAPSHOT_PAGE_ROWS).map((r) => r.id);
    const startedAt = performance.now();
    // The page comes back as one JSON value. Read as 500 rows, a page's rows arrived over the whole
    // of a query slowed by the saves around it and lived long enough to be promoted to the old
    // generation: opening a 10,000-student board mid-exam grew the node's old generation by some
    // 60 MB, bringing the next major collection (and its slow second for every save on the node)
    // that much closer. As one value the page is parsed at once, when it is complete.
    const {
      rows: [{ page: rows }],
    } = (await db.raw(
      `select coalesce(json_agg(r), '[]') as page
         from (
           select ${ROW_COLUMNS}, ${accommodationColumn('?::uuid')}
             from users u
             left join lateral (
               select id from attempts where exam_id = ? and student_id = u.id order by attempt_number desc limit 1
             ) latest on true
             left join attempts a on a.id = latest.id
             ${ROW_JOINS}
            where u.id = any(?::uuid[])
         ) r`,
      [examId, examId, ids],
    )) as { rows: [{ page: RowData[] }] };
    const byStudent = new Map(rows.map((r) => [r.student_id, r]));
    const page = ids.map((id) => toRow(byStudent.get(id)!, online, health));
    // The rest starts now; the page is sent meanwhile.
    if (i + SNAPSHOT_PAGE_ROWS < order.length) rest = delay(Math.min(SNAPSHOT_REST_MAX_MS, (performance.now() - startedAt) * SNAPSHOT_REST));
    yield page;
  }
}

export interface ProgressRow {
  attemptId: string;
  examId: string;
  studentId: string;
  answered: number;
  total: number;
  lastSaveAt: string | null;
}

/**
 * Just what saving changes (answered count, last save), for every second's progress: each
 * attempt's answers are counted through the primary key, and the last save comes back as epoch
 * milliseconds, so a busy exam's thousands of rows are cheap to read and to parse.
 */
export async function progressForAttempts(db: Db | Knex.Transaction, attemptIds: string[]): Promise<ProgressRow[]> {
  if (!attemptIds.length) return [];
  const rows = (await db.raw(
    `select a.id, a.exam_id, a.student_id, coalesce(jsonb_array_length(a.question_order), 0)::int as total, s.answered, s.last_save_ms
       from attempts a
       cross join lateral (
         select (count(*) filter (where an.answer is not null and an.answer <> ''))::int as answered,
                ${ms('max(an.saved_at)')} as last_save_ms
           from answers an where an.attempt_id = a.id
       ) s
      where a.id = any(?::uuid[])`,
    [attemptIds],
  )).rows as { id: string; exam_id: string; student_id: string; total: number; answered: number; last_save_ms: number | null }[];
  return rows.map((r) => ({
    attemptId: r.id,
    examId: r.exam_id,
    studentId: r.student_id,
    answered: r.answered,
    total: r.total,
    lastSaveAt: iso(r.last_save_ms),
  }));
}
