import type { Ack } from '@exam/shared';
import { io, type Socket } from 'socket.io-client';
import { readToken } from '../lib/storedSession';
import { http } from './http';

/**
 * The Socket.IO client of the live exam session. Same origin as the page (the server serves API,
 * sockets and app on one port; Vite proxies /socket.io in dev). WebSocket only, so a multi-node
 * deployment needs no sticky sessions.
 */
export type AppSocket = Socket;

export function createSocket(): AppSocket {
  return io({
    path: '/socket.io',
    transports: ['websocket'],
    // Started by the caller once its listeners are attached.
    autoConnect: false,
    // A callback, not a value: every reconnect reads the token as it is now (it may have been refreshed).
    auth: (cb) => cb({ token: readToken() ?? '' }),
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
  });
}

/** The call could not be made or its acknowledgement did not come back in time. */
export class SocketCallError extends Error {
  constructor(readonly reason: 'not-connected' | 'timeout') {
    super(reason === 'not-connected' ? 'Not connected' : 'No acknowledgement in time');
    this.name = 'SocketCallError';
  }
}

/**
 * Emits and waits for the acknowledgement. Refuses at once while disconnected: Socket.IO would
 * otherwise buffer the emit and send it again on reconnect, racing the caller's own replay.
 */
export async function emitWithAck<T extends object = object>(socket: AppSocket, event: string, payload: unknown, timeoutMs: number): Promise<Ack<T>> {
  if (!socket.connected) throw new SocketCallError('not-connected');
  try {
    return (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Ack<T>;
  } catch {
    throw new SocketCallError('timeout');
  }
}

/**
 * Called when the server refused the handshake as Unauthorized: any authenticated HTTP call makes
 * http.ts refresh the access token silently (or end the session, toast and go to /login).
 * Resolves true when there is a token worth retrying with; the caller caps the retries, since a
 * token the API accepts may still be refused by the socket (a deactivated account, say).
 */
export async function refreshSocketToken(): Promise<boolean> {
  try {
    await http.get('/auth/me');
  } catch {
    return false;
  }
  return readToken() !== null;
}
