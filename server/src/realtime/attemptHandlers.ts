import type { Socket } from 'socket.io';
import {
  PROCTOR_EVENTS,
  PROCTORING_MSG,
  SESSION_MSG,
  SOCKET_EVENTS,
  answerSaveSchema,
  attemptHealthSchema,
  attemptJoinSchema,
  attemptBreakSchema,
  attemptSubmitSchema,
  checkOfFlag,
  isDeviceFlag,
  violationSchema,
  type ViolationReport,
} from '@exam/shared';
import type { Deps } from '../deps';
import type { AttemptRow } from '../presenters/attempt';
import { joinData, ownAttempt, submitAttempt } from '../services/attempts';
import { createAttemptJoins } from '../services/attemptJoins';
import { recordReconnect } from '../services/networkEvents';
import { studentBreak } from '../services/restBreaks';
import { isWaived } from '../services/waivers';
import { sebSocketCheck, type SebSocketData } from '../middleware/sebSocket';
import { onAck, type SocketHandlers } from './ack';
import { newFlagBudget, takeFlag } from './flagLimiter';
import { offlineCause } from './offlineCause';
import { rooms } from '../ports/realtime';
import type { SocketData, StudentAttempt, StudentSocketData } from './socketData';

/** Who is asking, and which attempts this socket sits (presence, visible to every node through fetchSockets). */
function student(socket: Socket) {
  const data = socket.data as SocketData & StudentSocketData;
  data.attempts ??= {};
  return { user: data.auth.user, attempts: data.attempts };
}

/** The student's side of the live session protocol (docs/live-protocol.md). */
export function attemptHandlers(deps: Deps, handlers: SocketHandlers): void {
  const joins = createAttemptJoins(deps.db);
  // An SEB exam's attempt is joined (or acted on unjoined) only with SEB's proof from the handshake.
  const sebCheck = sebSocketCheck(deps);
  onAck(handlers, deps, SOCKET_EVENTS.join, attemptJoinSchema, async ({ attemptId }, socket) => {
    const { user, attempts } = student(socket);
    if (!attempts[attemptId]) await sebCheck(socket.data as SebSocketData, attemptId, user.id, { marks: true });
    const joined = await joins({ attemptId, studentId: user.id });
    // Not theirs or not there: the single lookup says which.
    const { attempt, data } = joined ?? (await joinAlone(deps, attemptId, user.id));
    deps.answerSaver.remember(attempt);
    const rejoin = !!attempts[attempt.id];
    const was = attempts[attempt.id];
    attempts[attempt.id] = { examId: attempt.exam_id, pending: was?.pending ?? 0, startedAt: new Date(attempt.started_at).getTime(), flags: was?.flags };
    await socket.join([rooms.attempt(attempt.id), rooms.examStudents(attempt.exam_id)]);
    socket.emit(SOCKET_EVENTS.time, { serverNow: data.serverNow, deadlineAt: data.deadlineAt });
    if (!rejoin) deps.proctor.events([{ attemptId: attempt.id, examId: attempt.exam_id, type: 'joined', online: true }]);
    // Off the join's path: the student's resume does not wait for the log of their gap.
    const offlineSince = (attempt as AttemptRow & { offline_since?: Date | string | null }).offline_since;
    if (offlineSince) setImmediate(() => void logReconnect(deps, attempt, new Date(offlineSince)));
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
    const { user, attempts } = student(socket);
    if (!attempts[save.attemptId]) await sebCheck(socket.data as SebSocketData, save.attemptId, user.id);
    const outcome = await deps.answerSaver.save(save, user.id);
    return outcome.ok ? { ok: true, savedAt: outcome.savedAt } : outcome;
  });

  onAck(handlers, deps, SOCKET_EVENTS.violation, violationSchema, async (v, socket) => {
    const { user, attempts } = student(socket);
    const mine = attempts[v.attemptId];
    if (!mine) await sebCheck(socket.data as SebSocketData, v.attemptId, user.id);
    if (isDeviceFlag(v.type)) {
      const refused = refuseFlag(v, mine);
      if (refused) return refused;
    }
    const { attemptId, type, at, confidence, durationMs, flagId } = v;
    const record = () => ({ recorded: deps.violations.record({ attemptId, studentId: user.id, type, at, confidence, durationMs, flagId }) });
    const check = checkOfFlag(type);
    // The waiver is read before recording, yet the attempt's events must still reach the recorder
    // in the order they were sent (the crossing event is the one that submits): one at a time.
    const outcome = mine ? await inOrder(mine, async () => (check && (await isWaived(deps, mine.examId, user.id, check)) ? null : record())) : record();
    if (!outcome) {
      // An accommodation: the check does not apply to this student, so nothing is recorded.
      const a = (await deps.db('attempts').where({ id: attemptId }).first('tab_switches', 'fullscreen_exits', 'status')) as { tab_switches: number; fullscreen_exits: number; status: string };
      return { ok: true, ignored: true, counts: { tabSwitches: a.tab_switches, fullscreenExits: a.fullscreen_exits }, submitted: a.status !== 'in_progress' };
    }
    const result = await outcome.recorded;
    // On a rest break: acknowledged as a waived check is, and not recorded.
    return { ok: true, ...(result.ignored ? { ignored: true } : {}), counts: result.counts, submitted: result.submitted };
  });

  onAck(handlers, deps, SOCKET_EVENTS.break, attemptBreakSchema, async (input, socket) => {
    const { user, attempts } = student(socket);
    if (!attempts[input.attemptId]) await sebCheck(socket.data as SebSocketData, input.attemptId, user.id);
    return { ok: true, ...(await studentBreak(deps, user.id, input)) };
  });

  onAck(handlers, deps, SOCKET_EVENTS.submit, attemptSubmitSchema, async ({ attemptId, timeSpent, securityFlags }, socket) => {
    const { user, attempts } = student(socket);
    // Joining checked that the attempt is theirs; a socket that never joined it is checked here.
    // At the end of an exam the whole school submits at once: a query each would queue the saves.
    if (!attempts[attemptId]) {
      await sebCheck(socket.data as SebSocketData, attemptId, user.id);
      await ownAttempt(deps.db, attemptId, user.id);
    }
    const { attempt } = await submitAttempt(deps, attemptId, 'student', user.id, { timeSpent, securityFlags, answerOnceTold: true });
    return { ok: true, submissionId: attempt.id, reason: attempt.submit_reason };
  });
}

/**
 * Why a device flag is refused before it is recorded: the socket has not joined the attempt, the
 * flag lasted longer than the attempt has been open, or it comes faster than any device debounces.
 */
function refuseFlag(v: ViolationReport, mine: StudentAttempt | undefined) {
  if (!mine || mine.startedAt === undefined) return { ok: false as const, code: 'invalid', message: SESSION_MSG.joinFirst };
  const now = Date.now();
  // Two seconds of slack for the clocks' and the network's delays.
  if (v.durationMs! > now - mine.startedAt + 2000) return { ok: false as const, code: 'invalid', message: PROCTORING_MSG.flagDurationImpossible };
  mine.flags ??= newFlagBudget(now);
  if (!takeFlag(mine.flags, v.type as Parameters<typeof takeFlag>[1], now)) return { ok: false as const, code: 'too-many-requests', message: PROCTORING_MSG.flagTooFrequent };
  return undefined;
}

/** Runs the step after the attempt's previous one on this socket has run, whatever its outcome. */
function inOrder<T>(mine: StudentAttempt, step: () => Promise<T>): Promise<T> {
  const run = (mine.gate ?? Promise.resolve()).then(step);
  mine.gate = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

/** The student is back after a gap: log it once and show it on the board, never as a violation. */
async function logReconnect(deps: Deps, attempt: AttemptRow, offlineSince: Date): Promise<void> {
  try {
    const detail = await recordReconnect(deps.db, attempt.id, offlineSince);
    if (detail) deps.proctor.events([{ attemptId: attempt.id, examId: attempt.exam_id, studentId: attempt.student_id, type: 'network', detail: { ...detail }, online: true }]);
  } catch (err) {
    deps.log.warn({ err, attemptId: attempt.id }, 'network event not logged');
  }
}

/** The student's own attempt, marked seen, and what the client needs to resume it. */
async function joinAlone(deps: Deps, attemptId: string, studentId: string) {
  const attempt = await ownAttempt(deps.db, attemptId, studentId);
  await deps.db('attempts').where({ id: attempt.id }).update({ last_seen_at: deps.db.fn.now() });
  return { attempt, data: await joinData(deps.db, attempt) };
}

/** A student's socket has gone (Socket.IO says why): the board shows them offline in the attempts it sat. */
export function leftAttempts(deps: Deps, socket: Socket, reason: string): void {
  const left = Object.keys((socket.data as StudentSocketData).attempts ?? {});
  const cause = offlineCause(reason);
  if (left.length) deps.proctor.left(left.map((attemptId) => ({ attemptId, cause })));
}
