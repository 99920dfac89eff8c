import type { Socket } from 'socket.io';
import { CAMERA_EVENTS, PROCTORING_MSG, SESSION_MSG, cameraRequestSchema, rtcSignalSchema, type ExamSettings, type MediaSource } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { isStaff, sitsExams } from '../policies/people';
import { ownAttempt } from '../services/attempts';
import { proctoredAttempt } from '../services/proctorActions';
import { loadViewer } from '../services/viewer';
import { onAck, type SocketHandlers } from './ack';
import { rooms } from '../ports/realtime';
import type { SocketData } from './socketData';

const userOf = (socket: Socket) => (socket.data as SocketData).auth.user;
const proctors = (socket: Socket) => isStaff(userOf(socket).role);
/** The camera is the source when none is named, so clients from before screen sharing read the events as they always did. */
const named = (source: MediaSource) => (source === 'screen' ? { source } : {});

/**
 * Signalling for the proctor's camera tiles: offers, answers and candidates are relayed between the
 * student's socket and the proctor's; the media itself flows peer to peer and never through us.
 */
export function cameraHandlers(deps: Deps, handlers: SocketHandlers): void {
  /** The attempt, if this socket may signal about it: its student, or a proctor of its exam. */
  const attemptFor = async (socket: Socket, attemptId: string) => {
    const user = userOf(socket);
    if (sitsExams(user.role)) return ownAttempt(deps.db, attemptId, user.id);
    if (proctors(socket)) return proctoredAttempt(deps, await loadViewer(deps, user), attemptId);
    throw Errors.forbidden();
  };

  onAck(handlers, deps, CAMERA_EVENTS.request, cameraRequestSchema, async ({ attemptId, source }, socket) => {
    if (!proctors(socket)) throw Errors.forbidden();
    const attempt = await attemptFor(socket, attemptId);
    const exam = (await deps.db('exams').where({ id: attempt.exam_id }).first('settings')) as { settings: { proctoring: Partial<ExamSettings['proctoring']> } };
    const p = exam.settings.proctoring;
    // Exams stored before issue 58 have no screenShare: the screen is then never shared.
    if (source === 'screen' && !(p.enabled && p.screenShare?.required)) throw Errors.conflict(PROCTORING_MSG.screenNotUsed);
    if (source === 'camera' && !(p.enabled && p.enableCamera)) throw Errors.conflict(SESSION_MSG.cameraNotUsed);
    if (attempt.status !== 'in_progress') throw Errors.conflict(SESSION_MSG.studentNotSitting);
    // Both peers get the same STUN/TURN servers, so a TURN relay works whichever side is behind the strict NAT.
    const { iceServers } = deps.config;
    deps.realtime.emit(rooms.attempt(attemptId), CAMERA_EVENTS.request, { attemptId, proctorSocketId: socket.id, ...named(source), iceServers });
    return { ok: true, iceServers };
  });

  onAck(handlers, deps, CAMERA_EVENTS.stop, cameraRequestSchema, async ({ attemptId, source }, socket) => {
    if (!proctors(socket)) throw Errors.forbidden();
    await attemptFor(socket, attemptId);
    deps.realtime.emit(rooms.attempt(attemptId), CAMERA_EVENTS.stop, { attemptId, proctorSocketId: socket.id, ...named(source) });
    return { ok: true };
  });

  onAck(handlers, deps, CAMERA_EVENTS.signal, rtcSignalSchema, async ({ attemptId, to, source, data }, socket) => {
    const attempt = await attemptFor(socket, attemptId);
    // The other end must be in this attempt's conversation: its student's sockets, or its exam's proctors.
    const peers = await deps.realtime.socketIds(sitsExams(userOf(socket).role) ? rooms.proctors(attempt.exam_id) : rooms.attempt(attemptId));
    if (!peers.includes(to)) throw Errors.forbidden(SESSION_MSG.peerNotInExam);
    deps.realtime.emit(to, CAMERA_EVENTS.signal, { attemptId, from: socket.id, ...named(source), data });
    return { ok: true };
  });
}
