import { MSG, PROCTOR_EVENTS, SESSION_MSG, attemptThumbSchema, proctorTilesSchema } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { isStaff, sitsExams } from '../policies/people';
import { getExamFor } from '../services/exams';
import { loadViewer } from '../services/viewer';
import { onAck, type SocketHandlers } from './ack';
import { rooms } from '../ports/realtime';
import type { SocketData, StudentSocketData } from './socketData';

/**
 * The hall's timing. An object rather than constants so a test can shorten the expiry instead of
 * waiting 30 s; nothing else writes it.
 */
export const THUMB_TIMING = {
  /** How often a student sends a thumbnail while a board shows the tiles. */
  intervalMs: 5_000,
  /** A board renews every 20 s: one that has not for this long is gone (closed tab, lost node). */
  expiryMs: 30_000,
  /** A student's device sends at most one thumbnail per attempt this often. */
  minGapMs: 2_000,
};

/**
 * The hall at a glance: while a board shows the tile view, the exam's students send a small camera
 * picture every few seconds, which is relayed to the exam's proctors and never stored or logged.
 * Which boards want tiles is kept per node: each board renews on the node it is connected to, and
 * the emit to the students reaches every node through the adapter.
 */
export function thumbHandlers(deps: Deps, handlers: SocketHandlers): void {
  /** examId → proctor socket id → when its request lapses (epoch ms). */
  const wanted = new Map<string, { boards: Map<string, number>; timer: NodeJS.Timeout }>();
  /** attemptId → when its last thumbnail was taken (epoch ms). */
  const lastThumb = new Map<string, number>();

  const tellStudents = (examId: string, intervalMs: number | null) => deps.realtime.emit(rooms.examStudents(examId), PROCTOR_EVENTS.thumbs, { intervalMs });

  /** Drops the lapsed requests of an exam; when none is left the students stop sending. */
  const sweep = (examId: string) => {
    const entry = wanted.get(examId);
    if (!entry) return;
    const now = Date.now();
    for (const [socketId, until] of entry.boards) if (until <= now) entry.boards.delete(socketId);
    if (entry.boards.size === 0) {
      wanted.delete(examId);
      tellStudents(examId, null);
      return;
    }
    entry.timer = setTimeout(() => sweep(examId), Math.max(...entry.boards.values()) - now);
    entry.timer.unref();
  };

  onAck(handlers, deps, PROCTOR_EVENTS.tiles, proctorTilesSchema, async ({ examId, on }, socket) => {
    const { user, expired } = (socket.data as SocketData).auth;
    if (!isStaff(user.role) || expired) throw Errors.forbidden();
    await getExamFor(deps.db, await loadViewer(deps, user), examId, 'proctor');
    const entry = wanted.get(examId);
    if (!on) {
      if (entry?.boards.delete(socket.id) && entry.boards.size === 0) {
        clearTimeout(entry.timer);
        sweep(examId);
      }
      return { ok: true };
    }
    if (entry) {
      entry.boards.set(socket.id, Date.now() + THUMB_TIMING.expiryMs);
    } else {
      const timer = setTimeout(() => sweep(examId), THUMB_TIMING.expiryMs);
      timer.unref();
      wanted.set(examId, { boards: new Map([[socket.id, Date.now() + THUMB_TIMING.expiryMs]]), timer });
    }
    // Every renewal is told again, so a student who joined since (or whose socket reconnected) starts too.
    tellStudents(examId, THUMB_TIMING.intervalMs);
    return { ok: true };
  });

  onAck(handlers, deps, PROCTOR_EVENTS.thumb, attemptThumbSchema, async ({ attemptId, jpeg }, socket) => {
    const data = socket.data as SocketData & StudentSocketData;
    if (!sitsExams(data.auth.user.role)) throw Errors.forbidden();
    const mine = data.attempts?.[attemptId];
    if (!mine) return { ok: false, code: 'invalid', message: SESSION_MSG.joinFirst };
    const now = Date.now();
    const last = lastThumb.get(attemptId);
    if (last !== undefined && now - last < THUMB_TIMING.minGapMs) return { ok: false, code: 'too-many-requests', message: MSG.tooManyRequests };
    if (lastThumb.size > 50_000) for (const [id, at] of lastThumb) if (now - at >= THUMB_TIMING.minGapMs) lastThumb.delete(id);
    lastThumb.set(attemptId, now);
    deps.realtime.emit(rooms.proctors(mine.examId), PROCTOR_EVENTS.thumbRelay, { attemptId, jpeg, at: new Date(now).toISOString() });
    return { ok: true };
  });
}

