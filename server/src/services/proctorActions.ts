import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { PROCTOR_EVENTS, SESSION_MSG, SOCKET_EVENTS } from '@exam/shared';
import type { Deps } from '../deps';
import { AppError, Errors } from '../errors';
import type { Viewer } from '../policies';
import type { AttemptRow } from '../presenters/attempt';
import { rooms } from '../ports/realtime';
import { findAttempt, submitAttempt } from './attempts';
import { getExamFor } from './exams';
import { withdrawStopped } from './integrity/notices';
import { createNotifications, pushNotifications } from './notifications';

/** The attempt, when the viewer may proctor its exam (its owner, an admin, or a teacher added to its hall as a proctor). */
export async function proctoredAttempt(deps: Deps, viewer: Viewer, attemptId: string): Promise<AttemptRow> {
  const attempt = await findAttempt(deps.db, attemptId);
  if (!attempt) throw Errors.notFound(SESSION_MSG.attemptNotFound);
  await getExamFor(deps.db, viewer, attempt.exam_id, 'proctor');
  return attempt;
}

async function logEvent(trx: Deps['db'] | Knex.Transaction, attemptId: string, type: string, actorId: string, detail: Record<string, unknown>) {
  await trx('attempt_events').insert({ attempt_id: attemptId, type, actor_id: actorId, detail: JSON.stringify(detail) });
}

/** Who a proctor's message reached: live (a socket connected as it was sent), or only as a notification stored for later. */
export interface MessageReach {
  delivered: number;
  storedOnly: number;
}

/**
 * A message to one student or to every student sitting the exam: shown at once to those connected,
 * logged, kept as a notification for every one of them. The proctor is told how many heard it live
 * and how many will only find the notification when they come back.
 */
export async function sendProctorMessage(deps: Deps, viewer: Viewer, input: { examId: string; attemptId?: string; text: string }): Promise<MessageReach> {
  await getExamFor(deps.db, viewer, input.examId, 'proctor');
  const q = deps.db('attempts').where({ exam_id: input.examId, status: 'in_progress' });
  if (input.attemptId) q.where({ id: input.attemptId });
  const targets = (await q.select('id', 'student_id')) as { id: string; student_id: string }[];
  if (input.attemptId && !targets.length) throw Errors.conflict(SESSION_MSG.studentNotSitting);
  // A message to all is one line in the feed and its history: every copy names the same broadcast.
  const broadcast = input.attemptId ? {} : { broadcastId: randomUUID(), count: targets.length };
  const notifications = await deps.db.transaction(async (trx) => {
    for (const t of targets) await logEvent(trx, t.id, 'message', viewer.user.id, { text: input.text, to: input.attemptId ? 'student' : 'all', ...broadcast });
    return createNotifications(
      trx,
      targets.map((t) => t.student_id),
      { type: 'message', title: { key: 'proctorMessage.title' }, message: input.text, metadata: { examId: input.examId } },
    );
  });
  const payload = { text: input.text, at: new Date().toISOString() };
  if (input.attemptId) deps.realtime.emit(rooms.attempt(input.attemptId), PROCTOR_EVENTS.message, payload);
  else deps.realtime.emit(rooms.examStudents(input.examId), PROCTOR_EVENTS.message, payload);
  // Who hears it now: a student with a socket connected gets the message on the exam screen, or
  // the notification live on any other page. One request to every node, not one per student.
  const [connected] = await Promise.all([deps.realtime.usersConnected(targets.map((t) => t.student_id)), pushNotifications(deps, notifications)]);
  deps.proctor.events(targets.map((t) => ({ attemptId: t.id, type: 'message', detail: { text: input.text, by: viewer.user.id, ...broadcast } })));
  const delivered = targets.filter((t) => connected.has(t.student_id)).length;
  return { delivered, storedOnly: targets.length - delivered };
}

/** More time for one student: their deadline moves at once, even past the exam's end. */
export async function extendAttempt(deps: Deps, viewer: Viewer, attemptId: string, minutes: number): Promise<AttemptRow> {
  await proctoredAttempt(deps, viewer, attemptId);
  const updated = await deps.db.transaction(async (trx) => {
    const [row] = (await trx('attempts')
      .where({ id: attemptId, status: 'in_progress' })
      .update({
        deadline_at: trx.raw('deadline_at + make_interval(mins => ?)', [minutes]),
        extra_minutes: trx.raw('extra_minutes + ?', [minutes]),
        updated_at: trx.fn.now(),
      })
      .returning('*')) as AttemptRow[];
    if (!row) throw Errors.conflict(SESSION_MSG.extendOnlyInProgress);
    await logEvent(trx, attemptId, 'extended', viewer.user.id, { minutes, deadlineAt: new Date(row.deadline_at).toISOString() });
    return row;
  });
  announceTime(deps, updated);
  deps.proctor.events([{ attemptId, type: 'extended', detail: { minutes, by: viewer.user.id } }]);
  return updated;
}

export function announceTime(deps: Deps, attempt: AttemptRow): void {
  deps.realtime.emit(rooms.attempt(attempt.id), SOCKET_EVENTS.time, { serverNow: new Date().toISOString(), deadlineAt: new Date(attempt.deadline_at).toISOString() });
}

export async function forceSubmit(deps: Deps, viewer: Viewer, attemptId: string): Promise<AttemptRow> {
  await proctoredAttempt(deps, viewer, attemptId);
  const { attempt, changed } = await submitAttempt(deps, attemptId, 'proctor', viewer.user.id);
  if (!changed) throw Errors.conflict(SESSION_MSG.alreadySubmitted);
  return attempt;
}

/**
 * Undoes an automatic submission for violations that was a false positive, while time is left:
 * the student continues where they were; the decision and the counts it cleared are logged. What
 * the student and their parents were told (that the attempt was stopped for review) is withdrawn:
 * the attempt follows the normal path from here.
 */
export async function reinstateAttempt(deps: Deps, viewer: Viewer, attemptId: string): Promise<AttemptRow> {
  await proctoredAttempt(deps, viewer, attemptId);
  const row = await deps.db.transaction(async (trx) => {
    const current = (await trx('attempts').where({ id: attemptId }).forUpdate().first()) as AttemptRow;
    const [updated] = (await trx('attempts')
      .where({ id: attemptId, submit_reason: 'violations' })
      .whereIn('status', ['submitted', 'graded'])
      .where('deadline_at', '>', trx.fn.now())
      .update({
        status: 'in_progress',
        submitted_at: null,
        submit_reason: null,
        tab_switches: 0,
        fullscreen_exits: 0,
        // The attempt goes on: its automatic result no longer stands.
        score: null,
        max_score: null,
        percentage: null,
        passed: null,
        correct_count: null,
        partial_count: null,
        incorrect_count: null,
        skipped_count: null,
        pending_count: null,
        graded_at: null,
        updated_at: trx.fn.now(),
      })
      .returning('*')) as AttemptRow[];
    if (!updated) throw new AppError(409, 'not-reinstatable', SESSION_MSG.notReinstatable);
    await trx('answers').where({ attempt_id: attemptId }).whereNull('graded_by').update({ marks: null, is_correct: null });
    await logEvent(trx, attemptId, 'reinstated', viewer.user.id, { clearedTabSwitches: current.tab_switches, clearedFullscreenExits: current.fullscreen_exits });
    await withdrawStopped(trx, attemptId);
    return updated;
  });
  deps.realtime.emit(rooms.attempt(attemptId), PROCTOR_EVENTS.reinstated, { attemptId });
  announceTime(deps, row);
  deps.proctor.events([{ attemptId, type: 'reinstated', detail: { by: viewer.user.id } }]);
  return row;
}

export async function attemptTimeline(deps: Deps, viewer: Viewer, attemptId: string) {
  await proctoredAttempt(deps, viewer, attemptId);
  const rows = (await deps.db('attempt_events as ev')
    .leftJoin('users as u', 'u.id', 'ev.actor_id')
    .where('ev.attempt_id', attemptId)
    .orderBy('ev.id')
    .select('ev.type', 'ev.detail', 'ev.created_at', 'ev.client_at', 'u.first_name', 'u.last_name', 'u.role')) as {
    type: string;
    detail: Record<string, unknown>;
    created_at: Date;
    client_at: Date | null;
    first_name: string | null;
    last_name: string | null;
    role: string | null;
  }[];
  return rows.map((r) => ({
    type: r.type,
    detail: r.detail,
    at: new Date(r.created_at).toISOString(),
    clientAt: r.client_at ? new Date(r.client_at).toISOString() : null,
    by: r.first_name ? { name: `${r.first_name} ${r.last_name}`, role: r.role } : null,
  }));
}
