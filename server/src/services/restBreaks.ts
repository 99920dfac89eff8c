import type { Knex } from 'knex';
import { BREAK_MSG, SESSION_MSG, SOCKET_EVENTS, type AttemptBreakRequest, type BreakAck, type BreakState, type ProctorBreakRequest } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import type { AttemptRow } from '../presenters/attempt';
import { NO_BREAK, presentBreak, type BreakAllowance } from '../presenters/restBreak';
import { rooms, type FeedEvent } from '../ports/realtime';
import { accommodationOfJson, type AccommodationRow } from './accommodations';
import { appliedAccommodationSql } from './appliedAccommodationSql';
import { attemptClosed } from './attempts';
import { announceTime, proctoredAttempt } from './proctorActions';

/**
 * Rest breaks (issue 56, shared/src/restBreaks.ts): a student asks, a proctor grants or refuses
 * (or the break starts at once when the student's breaks are automatic), and the break ends when
 * the student or a proctor says so, or by itself (jobs/breakEnder.ts). Every change is one
 * transaction with the attempt locked FOR UPDATE, so it never crosses a submission, another
 * proctor's decision or the job; the deadline moves in the same update as the break.
 */

export type BreakEventType = 'break-requested' | 'break-cancelled' | 'break-refused' | 'break-started' | 'break-ended';

/** The attempt as locked, with the database's clock and what the student's accommodation gives. */
interface Locked extends AttemptRow {
  now__: Date;
  accommodation__: AccommodationRow | null;
  /** A break is under way and not past its end. */
  on_break__: boolean;
  /** The break under way, as taken up to now (capped at its end). */
  taken_ms__: number | null;
}

interface Change {
  row: AttemptRow;
  type: BreakEventType | null;
  detail: Record<string, unknown>;
  deadlineMoved: boolean;
  refused?: boolean;
}

type Actor = { kind: 'student'; userId: string } | { kind: 'proctor'; userId: string };

const MINUTE_MS = 60_000;
const NO_ALLOWANCE: BreakAllowance = { restBreakMinutes: 0, breaksAutomatic: false };

/** The break allowance of the accommodation that applies now (a change mid-exam counts from then). */
export const allowanceOf = (json: AccommodationRow | null | undefined): BreakAllowance => {
  const a = accommodationOfJson(json);
  return a ? { restBreakMinutes: a.restBreakMinutes, breaksAutomatic: a.breaksAutomatic } : NO_ALLOWANCE;
};

/** The state as the student and the proctors hear it after an action: never null there. */
export const breakStateOf = (row: AttemptRow, allowance: BreakAllowance): BreakState => presentBreak(row, allowance) ?? NO_BREAK;

async function lock(trx: Knex.Transaction, attemptId: string): Promise<Locked | undefined> {
  const { rows } = (await trx.raw(
    `select a.*, now() as now__, ${appliedAccommodationSql('a.exam_id', 'a.student_id')} as accommodation__,
            (a.break_started_at is not null and now() < a.break_ends_at) as on_break__,
            case when a.break_started_at is null then null
                 else greatest(0, round(extract(epoch from least(now(), a.break_ends_at) - a.break_started_at) * 1000))::int end as taken_ms__
       from attempts a where a.id = ? for update of a`,
    [attemptId],
  )) as { rows: Locked[] };
  return rows[0];
}

const strip = ({ now__, accommodation__, on_break__, taken_ms__, ...row }: Locked): AttemptRow => row;

async function update(trx: Knex.Transaction, id: string, set: string, values: number[] = []): Promise<AttemptRow> {
  const { rows } = (await trx.raw(`update attempts set ${set}, updated_at = now() where id = ? returning *`, [...values, id])) as { rows: AttemptRow[] };
  return rows[0]!;
}

/** Starts a break of all the allowance left: the deadline moves by that much now, so no sweeper closes a paused attempt. */
async function start(trx: Knex.Transaction, a: Locked, leftMs: number, by?: string): Promise<Change> {
  const secs = leftMs / 1000;
  const row = await update(
    trx,
    a.id,
    'break_started_at = now(), break_ends_at = now() + make_interval(secs => ?), deadline_at = deadline_at + make_interval(secs => ?), break_requested_at = null',
    [secs, secs],
  );
  return { row, type: 'break-started', detail: { leftMs, ...(by ? { by } : {}) }, deadlineMoved: true };
}

/**
 * Ends the break under way: what was taken (up to its end) counts as used, and the part of the
 * allowance not taken comes off the deadline again.
 */
async function end(trx: Knex.Transaction, a: Locked, by?: string): Promise<Change> {
  const pausedMs = a.taken_ms__ ?? 0;
  const row = await update(
    trx,
    a.id,
    `break_used_ms = break_used_ms + ?, deadline_at = deadline_at - greatest(interval '0', break_ends_at - now()), break_started_at = null, break_ends_at = null`,
    [pausedMs],
  );
  return { row, type: 'break-ended', detail: { pausedMs, ...(by ? { by } : {}) }, deadlineMoved: a.on_break__ };
}

const unchanged = (a: Locked): Change => ({ row: strip(a), type: null, detail: {}, deadlineMoved: false });

/** A student's request: refused without an allowance or with none left; a break under way is answered as it stands. */
async function request(trx: Knex.Transaction, a: Locked, allowance: BreakAllowance): Promise<Change> {
  if (a.on_break__) return unchanged(a);
  const allowanceMs = allowance.restBreakMinutes * MINUTE_MS;
  if (allowanceMs <= 0) throw Errors.conflict(BREAK_MSG.breakNotGiven);
  if (a.break_requested_at) throw Errors.conflict(BREAK_MSG.breakAlreadyAsked);
  const leftMs = allowanceMs - Number(a.break_used_ms ?? 0);
  if (leftMs <= 0) throw Errors.conflict(BREAK_MSG.breakUsedUp);
  if (allowance.breaksAutomatic) return start(trx, a, leftMs);
  const row = await update(trx, a.id, 'break_requested_at = now()');
  return { row, type: 'break-requested', detail: {}, deadlineMoved: false };
}

/** A proctor grants the request: the break starts with what is left of the allowance. */
async function grant(trx: Knex.Transaction, a: Locked, allowance: BreakAllowance, by: string): Promise<Change> {
  if (a.on_break__) return unchanged(a);
  if (!a.break_requested_at) throw Errors.conflict(BREAK_MSG.breakNotAsked);
  const allowanceMs = allowance.restBreakMinutes * MINUTE_MS;
  if (allowanceMs <= 0) throw Errors.conflict(BREAK_MSG.breakNotGiven);
  const leftMs = allowanceMs - Number(a.break_used_ms ?? 0);
  if (leftMs <= 0) throw Errors.conflict(BREAK_MSG.breakUsedUp);
  return start(trx, a, leftMs, by);
}

async function withdraw(trx: Knex.Transaction, a: Locked, type: 'break-cancelled' | 'break-refused', by?: string): Promise<Change> {
  const row = await update(trx, a.id, 'break_requested_at = null');
  return { row, type, detail: by ? { by } : {}, deadlineMoved: false, refused: type === 'break-refused' };
}

type Action = AttemptBreakRequest['action'] | ProctorBreakRequest['action'];

async function act(trx: Knex.Transaction, a: Locked, action: Action, actor: Actor): Promise<Change[]> {
  const allowance = allowanceOf(a.accommodation__);
  const by = actor.kind === 'proctor' ? actor.userId : undefined;
  // A break past its end the job has not reached yet is over: it is ended first, as the job would.
  const changes: Change[] = [];
  if (a.break_started_at && !a.on_break__ && action !== 'end') {
    changes.push(await end(trx, a));
    Object.assign(a, { break_started_at: null, break_ends_at: null, break_used_ms: Number(a.break_used_ms ?? 0) + (a.taken_ms__ ?? 0), taken_ms__: null });
  }
  switch (action) {
    case 'request':
      changes.push(await request(trx, a, allowance));
      break;
    case 'cancel':
      if (a.on_break__) changes.push(unchanged(a));
      else if (a.break_requested_at) changes.push(await withdraw(trx, a, 'break-cancelled'));
      else throw Errors.conflict(BREAK_MSG.notOnBreak);
      break;
    case 'grant':
      changes.push(await grant(trx, a, allowance, by!));
      break;
    case 'refuse':
      if (!a.break_requested_at || a.on_break__) throw Errors.conflict(BREAK_MSG.breakNotAsked);
      changes.push(await withdraw(trx, a, 'break-refused', by));
      break;
    case 'end':
      if (!a.break_started_at) throw Errors.conflict(BREAK_MSG.notOnBreak);
      changes.push(await end(trx, a, by));
      break;
  }
  return changes;
}

async function logEvents(trx: Knex.Transaction, attemptId: string, actorId: string | null, changes: Change[]): Promise<void> {
  const rows = changes.filter((c) => c.type).map((c) => ({ attempt_id: attemptId, type: c.type, actor_id: actorId, detail: JSON.stringify(c.detail) }));
  if (rows.length) await trx('attempt_events').insert(rows);
}

/**
 * After the commit: the student's room hears the new state (and the new deadline when it moved),
 * and the proctors hear the event with a fresh row.
 */
export function announceBreak(deps: Deps, row: AttemptRow, state: BreakState, changes: Pick<Change, 'type' | 'detail' | 'deadlineMoved' | 'refused'>[]): void {
  const told = changes.filter((c) => c.type);
  if (!told.length) return;
  deps.realtime.emit(rooms.attempt(row.id), SOCKET_EVENTS.break, {
    attemptId: row.id,
    serverNow: new Date().toISOString(),
    break: state,
    ...(told.some((c) => c.refused) ? { refused: true } : {}),
  });
  if (told.some((c) => c.deadlineMoved)) announceTime(deps, row);
  const events: FeedEvent[] = told.map((c) => ({ attemptId: row.id, examId: row.exam_id, type: c.type!, detail: c.detail }));
  deps.proctor.events(events);
}

async function change(deps: Deps, attemptId: string, action: Action, actor: Actor): Promise<BreakAck> {
  const { row, state, changes, now } = await deps.db.transaction(async (trx) => {
    const a = await lock(trx, attemptId);
    if (!a) throw Errors.notFound(SESSION_MSG.attemptNotFound);
    if (actor.kind === 'student' && a.student_id !== actor.userId) throw Errors.forbidden(SESSION_MSG.notYourAttempt);
    if (a.status !== 'in_progress' || new Date(a.deadline_at).getTime() <= new Date(a.now__).getTime()) throw attemptClosed();
    const allowance = allowanceOf(a.accommodation__);
    const now = new Date(a.now__);
    const changes = await act(trx, a, action, actor);
    await logEvents(trx, a.id, actor.userId, changes);
    const row = changes.at(-1)!.row;
    return { row, state: breakStateOf(row, allowance), changes, now };
  });
  announceBreak(deps, row, state, changes);
  return { serverNow: now.toISOString(), break: state };
}

/** attempt:break: the student's own request, withdrawal, or return from a break. */
export function studentBreak(deps: Deps, userId: string, input: AttemptBreakRequest): Promise<BreakAck> {
  return change(deps, input.attemptId, input.action, { kind: 'student', userId });
}

/** proctor:break: a proctor of the attempt's exam grants, refuses or ends a break. */
export async function proctorBreak(deps: Deps, viewer: Viewer, input: ProctorBreakRequest): Promise<BreakAck> {
  await proctoredAttempt(deps, viewer, input.attemptId);
  return change(deps, input.attemptId, input.action, { kind: 'proctor', userId: viewer.user.id });
}
