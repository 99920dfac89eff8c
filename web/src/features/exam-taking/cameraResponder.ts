import { CAMERA_EVENTS } from '@exam/shared';
import type { AppSocket } from '../../api/socket';
import { createPeer, readSignal, relaySignals, type Peer } from '../proctor/peer';

const requestOf = (raw: unknown): { attemptId: string; proctorSocketId: string } | null => {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return typeof r.attemptId === 'string' && typeof r.proctorSocketId === 'string' ? { attemptId: r.attemptId, proctorSocketId: r.proctorSocketId } : null;
};

/**
 * The student's side of the proctor's camera tiles: each `camera:request` gets a peer that offers
 * the granted stream to that proctor's socket (one peer per watching proctor); `camera:stop` or
 * leaving the exam closes it. Without a granted stream a request goes unanswered.
 */
export function cameraResponder(getStream: () => MediaStream | null) {
  return (socket: AppSocket, attemptId: string): (() => void) => {
    const peers = new Map<string, Peer>();
    const close = (proctorSocketId: string) => {
      peers.get(proctorSocketId)?.destroy();
      peers.delete(proctorSocketId);
    };

    const onRequest = (raw: unknown) => {
      const request = requestOf(raw);
      const stream = getStream();
      if (!request || request.attemptId !== attemptId || !stream) return;
      close(request.proctorSocketId);
      const peer = createPeer({ initiator: true, stream, trickle: true });
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

    socket.on(CAMERA_EVENTS.request, onRequest);
    socket.on(CAMERA_EVENTS.signal, onSignal);
    socket.on(CAMERA_EVENTS.stop, onStop);
    return () => {
      socket.off(CAMERA_EVENTS.request, onRequest);
      socket.off(CAMERA_EVENTS.signal, onSignal);
      socket.off(CAMERA_EVENTS.stop, onStop);
      for (const id of [...peers.keys()]) close(id);
    };
  };
}
