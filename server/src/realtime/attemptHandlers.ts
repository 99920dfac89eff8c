import type { Socket } from 'socket.io';
import { SOCKET_EVENTS, answerSaveSchema, attemptJoinSchema, attemptSubmitSchema, violationSchema } from '@exam/shared';
import type { Deps } from '../deps';
import { joinData, ownAttempt, submitAttempt } from '../services/attempts';
import { recordViolation } from '../services/violations';
import { onAck } from './ack';
import { rooms } from './hub';
import type { SocketData } from './socketServer';

/** The student's side of the live session protocol (issue 4). */
export function registerAttemptHandlers(deps: Deps, socket: Socket): void {
  const { user } = (socket.data as SocketData).auth;

  onAck(socket, deps.log, SOCKET_EVENTS.join, attemptJoinSchema, async ({ attemptId }) => {
    const attempt = await ownAttempt(deps.db, attemptId, user.id);
    await socket.join(rooms.attempt(attempt.id));
    const data = await joinData(deps.db, attempt);
    socket.emit(SOCKET_EVENTS.time, { serverNow: data.serverNow, deadlineAt: data.deadlineAt });
    return { ok: true, data };
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
