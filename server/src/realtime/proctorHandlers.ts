import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io';
import { PROCTOR_EVENTS, proctorAttemptSchema, proctorBreakSchema, proctorExtendSchema, proctorMessageSchema, proctorWatchSchema } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { isStaff } from '../policies/people';
import { hallPartOf } from '../policies/exams';
import { getExamFor } from '../services/exams';
import { snapshotPages } from '../services/proctorBoard';
import { attemptTimeline, extendAttempt, forceSubmit, reinstateAttempt, sendProctorMessage } from '../services/proctorActions';
import { proctorBreak } from '../services/restBreaks';
import { loadViewer } from '../services/viewer';
import { onAck, type SocketHandlers } from './ack';
import { rooms } from '../ports/realtime';
import type { SocketData } from './socketData';

/** The proctor's side of the protocol: the exam's owner, an admin, or a teacher added to its hall as a proctor. */
export function proctorHandlers(deps: Deps, handlers: SocketHandlers): void {
  // Everyone gets an answer: students, parents and expired sessions a clear refusal, not silence.
  const viewer = async (socket: Socket) => {
    const { user, expired } = (socket.data as SocketData).auth;
    if (!isStaff(user.role) || expired) throw Errors.forbidden();
    return loadViewer(deps, user);
  };

  // The snapshot goes out in pages, each its own message, and the acknowledgement after the last:
  // one message of every row held the node (and every save on it) while it was encoded and written.
  // The socket joins the room first, so a change made while the pages are read reaches it as a
  // delta too; the board applies the deltas that came meanwhile on top of the snapshot.
  onAck(handlers, deps, PROCTOR_EVENTS.watch, proctorWatchSchema, async ({ examId }, socket) => {
    const watcher = await viewer(socket);
    const exam = await getExamFor(deps.db, watcher, examId, 'proctor');
    await socket.join(rooms.proctors(examId));
    const { online, health } = await deps.proctor.presence(examId);
    const snapshotId = randomUUID();
    let total = 0;
    for await (const students of snapshotPages(deps.db, examId, online, health)) {
      if (socket.disconnected) break;
      socket.emit(PROCTOR_EVENTS.snapshot, { examId, snapshotId, students });
      total += students.length;
    }
    return {
      ok: true,
      data: {
        snapshotId,
        total,
        serverNow: new Date().toISOString(),
        exam: { _id: exam.id, title: exam.title, startAt: new Date(exam.start_at).toISOString(), endAt: new Date(exam.end_at).toISOString(), duration: exam.duration_minutes, totalQuestions: exam.total_questions },
        // The board shows the watcher's part of the hall by default; every row still comes (the whole hall on demand).
        part: hallPartOf(watcher, exam),
      },
    };
  });

  onAck(handlers, deps, PROCTOR_EVENTS.timeline, proctorAttemptSchema, async ({ attemptId }, socket) => ({
    ok: true,
    data: { events: await attemptTimeline(deps, await viewer(socket), attemptId) },
  }));

  onAck(handlers, deps, PROCTOR_EVENTS.message, proctorMessageSchema, async (input, socket) => ({
    ok: true,
    ...(await sendProctorMessage(deps, await viewer(socket), input)),
  }));

  onAck(handlers, deps, PROCTOR_EVENTS.extend, proctorExtendSchema, async ({ attemptId, minutes }, socket) => {
    const attempt = await extendAttempt(deps, await viewer(socket), attemptId, minutes);
    return { ok: true, deadlineAt: new Date(attempt.deadline_at).toISOString() };
  });

  onAck(handlers, deps, PROCTOR_EVENTS.submit, proctorAttemptSchema, async ({ attemptId }, socket) => {
    await forceSubmit(deps, await viewer(socket), attemptId);
    return { ok: true };
  });

  onAck(handlers, deps, PROCTOR_EVENTS.reinstate, proctorAttemptSchema, async ({ attemptId }, socket) => {
    const attempt = await reinstateAttempt(deps, await viewer(socket), attemptId);
    return { ok: true, deadlineAt: new Date(attempt.deadline_at).toISOString() };
  });

  onAck(handlers, deps, PROCTOR_EVENTS.break, proctorBreakSchema, async (input, socket) => ({
    ok: true,
    ...(await proctorBreak(deps, await viewer(socket), input)),
  }));
}
