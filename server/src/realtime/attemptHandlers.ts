import type { Socket } from 'socket.io';
import { PROCTOR_EVENTS, SESSION_MSG, SOCKET_EVENTS, answerSaveSchema, attemptHealthSchema, attemptJoinSchema, attemptSubmitSchema, violationSchema } from '@exam/shared';
import type { Deps } from '../deps';
import { joinData, ownAttempt, submitAttempt } from '../services/attempts';
import { createAttemptJoins } from '../services/attemptJoins';
import { onAck, type SocketHandlers } from './ack';
import { rooms } from '../ports/realtime';
import type { SocketData, StudentSocketData } from './socketData';

/** Who is asking, and which attempts this socket sits (presence, visible to every node through fetchSockets). */
function student(socket: Socket) {
  const data = socket.data as SocketData & StudentSocketData;
  data.attempts ??= {};
  return { user: data.auth.user, attempts: data.attempts };
}

/** The student's side of the live session protocol (docs/live-protocol.md). */
export function attemptHandlers(deps: Deps, handlers: SocketHandlers): void {
  const joins = createAttemptJoins(deps.db);
  onAck(handlers, deps, SOCKET_EVENTS.join, attemptJoinSchema, async ({ attemptId }, socket) => {
    const { user, attempts } = student(socket);
    const joined = await joins({ attemptId, studentId: user.id });
    // Not theirs or not there: the single lookup says which.
    const { attempt, data } = joined ?? (await joinAlone(deps, attemptId, user.id));
    deps.answerSaver.remember(attempt);
    const rejoin = !!attempts[attempt.id];
    attempts[attempt.id] = { examId: attempt.exam_id, pending: attempts[attempt.id]?.pending ?? 0 };
    await socket.join([rooms.attempt(attempt.id), rooms.examStudents(attempt.exam_id)]);
    socket.emit(SOCKET_EVENTS.time, { serverNow: data.serverNow, deadlineAt: data.deadlineAt });
    if (!rejoin) deps.proctor.events([{ attemptId: attempt.id, examId: attempt.exam_id, type: 'joined', online: true }]);
    return { ok: true, data };
  });

  onAck(handlers, deps, PROCTOR_EVENTS.health, attemptHealthSchema, async ({ attemptId, pending }, socket) => {
    const mine = student(socket).attempts[attemptId];
    if (!mine) return { ok: false, code: 'invalid', message: SESSION_MSG.joinFirst };
    mine.pending = pending;
    deps.realtime.emit(rooms.proctors(mine.examId), PROCTOR_EVENTS.deviceHealth, { attemptId, pending, at: new Date().toISOString() });
    return { ok: true };
  });

  onAck(handlers, deps, SOCKET_EVENTS.save, answerSaveSchema, async (save, socket) => {
    const outcome = await deps.answerSaver.save(save, student(socket).user.id);
    return outcome.ok ? { ok: true, savedAt: outcome.savedAt } : outcome;
  });

  onAck(handlers, deps, SOCKET_EVENTS.violation, violationSchema, async (v, socket) => {
    const result = await deps.violations.record({ attemptId: v.attemptId, studentId: student(socket).user.id, type: v.type, at: v.at });
    return { ok: true, counts: result.counts, submitted: result.submitted };
  });

  onAck(handlers, deps, SOCKET_EVENTS.submit, attemptSubmitSchema, async ({ attemptId, timeSpent, securityFlags }, socket) => {
    const { user, attempts } = student(socket);
    // Joining checked that the attempt is theirs; a socket that never joined it is checked here.
    // At the end of an exam the whole school submits at once: a query each would queue the saves.
    if (!attempts[attemptId]) await ownAttempt(deps.db, attemptId, user.id);
    const { attempt } = await submitAttempt(deps, attemptId, 'student', user.id, { timeSpent, securityFlags, answerOnceTold: true });
    return { ok: true, submissionId: attempt.id, reason: attempt.submit_reason };
  });
}

/** The student's own attempt, marked seen, and what the client needs to resume it. */
async function joinAlone(deps: Deps, attemptId: string, studentId: string) {
  const attempt = await ownAttempt(deps.db, attemptId, studentId);
  await deps.db('attempts').where({ id: attempt.id }).update({ last_seen_at: deps.db.fn.now() });
  return { attempt, data: await joinData(deps.db, attempt) };
}

/** A student's socket has gone: the board shows them offline in the attempts it sat. */
export function leftAttempts(deps: Deps, socket: Socket): void {
  const left = Object.keys((socket.data as StudentSocketData).attempts ?? {});
  if (left.length) deps.proctor.left(left);
}
