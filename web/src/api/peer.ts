import type { Instance, Options, SignalData } from 'simple-peer';
import SimplePeer from 'simple-peer/simplepeer.min.js';
import { CAMERA_EVENTS, type MediaSource, type RtcSignalEvent } from '@exam/shared';
import type { AppSocket } from './socket';

/**
 * The camera's WebRTC peers (simple-peer), signalled over our socket with `rtc:signal`; the media
 * goes peer to peer. Shared by the proctor's tile (answering side) and the student's screen
 * (the side that offers its stream).
 */

export type Peer = Instance;
export type { SignalData };

export function createPeer(options: Options): Peer {
  return new SimplePeer(options);
}

/**
 * Sends each of the peer's signals to the other end, through the server's relay. A student may
 * offer a proctor two peers (camera and screen): the source tells the other end which one a signal
 * belongs to; without one it is the camera, as before screens were shared.
 */
export function relaySignals(peer: Peer, socket: AppSocket, attemptId: string, to: string, source?: MediaSource): void {
  peer.on('signal', (data: SignalData) => {
    if (socket.connected) socket.emit(CAMERA_EVENTS.signal, { attemptId, to, data, ...(source ? { source } : {}) });
  });
}

/** `rtc:signal` from the server, its data read as simple-peer's signal. */
export type IncomingSignal = Omit<RtcSignalEvent, 'data'> & { data: SignalData };

export function readSignal(raw: unknown): IncomingSignal | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.attemptId !== 'string' || typeof r.from !== 'string' || !r.data || typeof r.data !== 'object') return null;
  const source = r.source === 'screen' || r.source === 'camera' ? r.source : undefined;
  return { attemptId: r.attemptId, from: r.from, ...(source ? { source } : {}), data: r.data as SignalData };
}
