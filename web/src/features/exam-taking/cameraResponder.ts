import { CAMERA_EVENTS, type CameraRequestEvent, type IceServer } from '@exam/shared';
import type { AppSocket } from '../../api/socket';
import { createPeer, readSignal, relaySignals, type Peer } from '../../api/peer';
import { examMedia } from './examMedia';

/** `camera:request`; one without ICE servers is still answered, with simple-peer's own. */
type CameraRequest = Omit<CameraRequestEvent, 'iceServers'> & Partial<Pick<CameraRequestEvent, 'iceServers'>>;

const requestOf = (raw: unknown): CameraRequest | null => {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.attemptId !== 'string' || typeof r.proctorSocketId !== 'string') return null;
  return { attemptId: r.attemptId, proctorSocketId: r.proctorSocketId, iceServers: Array.isArray(r.iceServers) ? (r.iceServers as IceServer[]) : undefined };
};

const attemptOf = (raw: unknown): string | null =>
  raw && typeof raw === 'object' && typeof (raw as { attemptId?: unknown }).attemptId === 'string' ? (raw as { attemptId: string }).attemptId : null;

/**
 * The student's side of the proctor's camera tiles: each `camera:request` gets a peer that offers
 * the granted stream to that proctor's socket (one peer per watching proctor), using the STUN/TURN
 * servers the server sent; `camera:stop` or leaving the exam closes it. `camera:closed` (the
 * attempt ended) closes every peer and turns the camera off: nobody watches after a submission.
 * Without a granted stream a request goes unanswered.
 */
export function cameraResponder(getStream: () => MediaStream | null, stopCamera: () => void = examMedia.stop) {
  return (socket: AppSocket, attemptId: string): (() => void) => {
    const peers = new Map<string, Peer>();
    const close = (proctorSocketId: string) => {
      peers.get(proctorSocketId)?.destroy();
      peers.delete(proctorSocketId);
    };
    const closeAll = () => {
      for (const id of [...peers.keys()]) close(id);
    };

    const onRequest = (raw: unknown) => {
      const request = requestOf(raw);
      const stream = getStream();
      if (!request || request.attemptId !== attemptId || !stream) return;
      close(request.proctorSocketId);
      const peer = createPeer({ initiator: true, stream, trickle: true, ...(request.iceServers ? { config: { iceServers: request.iceServers } } : {}) });
      relaySignals(peer, socket, attemptId, request.proctorSocketId);
      // A failed connection only ends this tile; the proctor can ask again.
      peer.on('error', () => close(request.proctorSocketId));
      peer.on('close', () => peers.get(request.proctorSocketId) === peer && peers.delete(request.proctorSocketId));
      peers.set(request.proctorSocketId, peer);
    };
    const onSignal = (raw: unknown) => {
      const signal = readSignal(raw);
      if (signal && signal.attemptId === attemptId) peers.get(signal.from)?.signal(signal.data);
    };
    const onStop = (raw: unknown) => {
      const request = requestOf(raw);
      if (request && request.attemptId === attemptId) close(request.proctorSocketId);
    };
    const onClosed = (raw: unknown) => {
      if (attemptOf(raw) !== attemptId) return;
      closeAll();
      stopCamera();
    };

    socket.on(CAMERA_EVENTS.request, onRequest);
    socket.on(CAMERA_EVENTS.signal, onSignal);
    socket.on(CAMERA_EVENTS.stop, onStop);
    socket.on(CAMERA_EVENTS.closed, onClosed);
    return () => {
      socket.off(CAMERA_EVENTS.request, onRequest);
      socket.off(CAMERA_EVENTS.signal, onSignal);
      socket.off(CAMERA_EVENTS.stop, onStop);
      socket.off(CAMERA_EVENTS.closed, onClosed);
      closeAll();
    };
  };
}
