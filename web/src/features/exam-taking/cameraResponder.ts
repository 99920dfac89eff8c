import { CAMERA_EVENTS, type CameraRequestEvent, type IceServer, type MediaSource } from '@exam/shared';
import type { AppSocket } from '../../api/socket';
import { createPeer, readSignal, relaySignals, type Peer } from '../../api/peer';
import { examMedia } from './examMedia';
import { screenShare } from './proctoring/screenShare';

/** `camera:request`; one without ICE servers is still answered, with simple-peer's own; one without a source asks for the camera. */
type CameraRequest = Omit<CameraRequestEvent, 'iceServers' | 'source'> & Partial<Pick<CameraRequestEvent, 'iceServers'>> & { source: MediaSource };

const requestOf = (raw: unknown): CameraRequest | null => {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.attemptId !== 'string' || typeof r.proctorSocketId !== 'string') return null;
  return {
    attemptId: r.attemptId,
    proctorSocketId: r.proctorSocketId,
    source: r.source === 'screen' ? 'screen' : 'camera',
    iceServers: Array.isArray(r.iceServers) ? (r.iceServers as IceServer[]) : undefined,
  };
};

/** The attempt a socket event names, or null. */
export const attemptOf = (raw: unknown): string | null =>
  raw && typeof raw === 'object' && typeof (raw as { attemptId?: unknown }).attemptId === 'string' ? (raw as { attemptId: string }).attemptId : null;

/**
 * The student's side of the proctor's camera and screen tiles: each `camera:request` gets a peer
 * that offers the granted camera, or the shared screen when the request names it, to that
 * proctor's socket (one peer per watching proctor and source), using the STUN/TURN servers the
 * server sent; `camera:stop` or leaving the exam closes it. `camera:closed` (the attempt ended)
 * closes every peer and turns camera and screen share off: nobody watches after a submission.
 * Without a granted stream a request goes unanswered.
 */
export function cameraResponder(
  getStream: () => MediaStream | null,
  stopCamera: () => void = examMedia.stop,
  getScreen: () => MediaStream | null = screenShare.get,
  stopScreen: () => void = screenShare.stop,
) {
  return (socket: AppSocket, attemptId: string): (() => void) => {
    const peers = new Map<string, Peer>();
    const keyOf = (proctorSocketId: string, source: MediaSource) => `${source}:${proctorSocketId}`;
    const close = (key: string) => {
      peers.get(key)?.destroy();
      peers.delete(key);
    };
    const closeAll = () => {
      for (const id of [...peers.keys()]) close(id);
    };

    const onRequest = (raw: unknown) => {
      const request = requestOf(raw);
      if (!request || request.attemptId !== attemptId) return;
      const stream = request.source === 'screen' ? getScreen() : getStream();
      if (!stream) return;
      const key = keyOf(request.proctorSocketId, request.source);
      close(key);
      const peer = createPeer({ initiator: true, stream, trickle: true, ...(request.iceServers ? { config: { iceServers: request.iceServers } } : {}) });
      // The camera's signals go without a source, as they always did.
      relaySignals(peer, socket, attemptId, request.proctorSocketId, request.source === 'screen' ? 'screen' : undefined);
      // A failed connection only ends this tile; the proctor can ask again.
      peer.on('error', () => close(key));
      peer.on('close', () => peers.get(key) === peer && peers.delete(key));
      peers.set(key, peer);
    };
    const onSignal = (raw: unknown) => {
      const signal = readSignal(raw);
      if (signal && signal.attemptId === attemptId) peers.get(keyOf(signal.from, signal.source ?? 'camera'))?.signal(signal.data);
    };
    const onStop = (raw: unknown) => {
      const request = requestOf(raw);
      if (request && request.attemptId === attemptId) close(keyOf(request.proctorSocketId, request.source));
    };
    const onClosed = (raw: unknown) => {
      if (attemptOf(raw) !== attemptId) return;
      closeAll();
      stopCamera();
      stopScreen();
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
