import type { Socket } from 'socket.io';
import { PROCTOR_EVENTS, SOCKET_EVENTS, answerSaveSchema, attemptHealthSchema, attemptJoinSchema, attemptSubmitSchema, violationSchema } from '@exam/shared';
import type { Deps } from '../deps';
import { joinData, ownAttempt, submitAttempt } from '../services/attempts';
import { recordViolation } from '../services/violations';
import { onAck } from './ack';
import { rooms } from '../ports/realtime';
import type { SocketData, StudentSocketData } from './socketData';

/** The student's side of the live session protocol (issue 4). */
export function registerAttemptHandlers(deps: Deps, socket: Socket): void {
  const { user } = (socket.data as SocketData).auth;

  // Presence: which attempts this socket sits, visible to every node through fetchSockets.
  const presence = socket.data as SocketData & StudentSocketData;
  presence.attempts ??= {};

  onAck(socket, deps.log, SOCKET_EVENTS.join, attemptJoinSchema, async ({ attemptId }) => {
    const attempt = await ownAttempt(deps.db, attemptId, user.id);
    deps.answerSaver.remember(attempt);
    const rejoin = !!presence.attempts![attempt.id];
    presence.attempts![attempt.id] = { examId: attempt.exam_id, pending: presence.attempts![attempt.id]?.pending ?? 0 };
    await socket.join([rooms.attempt(attempt.id), rooms.examStudents(attempt.exam_id)]);
    await deps.db('attempts').where({ id: attempt.id }).update({ last_seen_at: deps.db.fn.now() });
    const data = await joinData(deps.db, attempt);
    socket.emit(SOCKET_EVENTS.time, { serverNow: data.serverNow, deadlineAt: data.deadlineAt });
    if (!rejoin) deps.proctor.events([{ attemptId: attempt.id, type: 'joined', online: true }]);
    return { ok: true, data };
  });

  onAck(socket, deps.log, PROCTOR_EVENTS.health, attemptHealthSchema, async ({ attemptId, pending }) => {
    const mine = presence.attempts![attemptId];
    if (!mine) return { ok: false, code: 'invalid', message: 'Join the attempt first.' };
    mine.pending = pending;
    deps.realtime.emit(rooms.proctors(mine.examId), 'proctor:health', { attemptId, pending, at: new Date().toISOString() });
    return { ok: true };
  });

  socket.on('disconnect', () => {
    const left = Object.keys(presence.attempts ?? {});
    if (left.length) deps.proctor.left(left);
  });

  onAck(socket, deps.log, SOCKET_EVENTS.save, answerSaveSchema, async (save) => {
    const outcome = await deps.answerSaver.save(save, user.id);
    return outcome.ok ? { ok: true, savedAt: outcome.savedAt } : outcome;
  });

  onAck(socket, deps.log, SOCKET_EVENTS.violation, violationSchema, async (v) => {
    const result = await recordViolation(deps, { attemptId: v.attemptId, studentId: user.id, type: v.type, at: v.at });
    return { ok: true, counts: result.counts, submitted: result.submitted };
  });

  onAck(socket, deps.log, SOCKET_EVENTS.submit, attemptSubmitSchema, async ({ attemptId }) => {
    await ownAttempt(deps.db, attemptId, user.id);
    const { attempt } = await submitAttempt(deps, attemptId, 'student', user.id);
    return { ok: true, submissionId: attempt.id, reason: attempt.submit_reason };
  });

}
