import { HANDSHAKE_ERRORS, type Ack } from '@exam/shared';
import { msg } from '../i18n/messages';
import { io, type Socket } from 'socket.io-client';
import { readToken } from './storedSession';
import { http } from './http';
import { refreshSebKeys, sebPageProof } from './seb';

/** The handshake's `auth`: the token, and in Safe Exam Browser its JavaScript API's values (docs/seb.md). */
function handshakeAuth() {
  const seb = sebPageProof();
  return { token: readToken() ?? '', ...(seb ? { seb } : {}) };
}

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
    // SEB adds no header to a WebSocket: the values go in the handshake, computed for the page as it is now.
    auth: (cb) => void refreshSebKeys().then(() => cb(handshakeAuth())),
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
 * emitWithAck for a call whose answer can take long but shows it is on its way (the proctor
 * board's snapshot arrives in pages before its acknowledgement): it times out after `silenceMs`
 * without `heard()`, or after `maxMs` in all, so a large answer still coming is not given up on.
 */
export function emitWithAckWhileHeard<T extends object = object>(
  socket: AppSocket,
  event: string,
  payload: unknown,
  { silenceMs, maxMs }: { silenceMs: number; maxMs: number },
): { ack: Promise<Ack<T>>; heard: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fallSilent: (err: SocketCallError) => void = () => undefined;
  const silent = new Promise<never>((_, reject) => {
    fallSilent = reject;
  });
  const heard = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fallSilent(new SocketCallError('timeout')), silenceMs);
  };
  heard();
  const ack = Promise.race([emitWithAck<T>(socket, event, payload, maxMs), silent]).finally(() => clearTimeout(timer));
  return { ack, heard };
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

const MAX_UNAUTHORIZED_RETRIES = 2;
const RETRY_CONNECT_MS = 2_000;
const RETRY_CONNECT_MAX_MS = 15_000;

/**
 * The pause before trying again after the server refused a handshake for any reason but an ended
 * session (it could not check the session: its database is down). Grows with each refusal and is
 * spread at random, so a whole hall of students does not knock at the same moment when the
 * database comes back.
 */
export function handshakeRetryDelay(refusals: number, random: () => number = Math.random): number {
  const base = Math.min(RETRY_CONNECT_MAX_MS, RETRY_CONNECT_MS * 1.5 ** Math.max(0, refusals - 1));
  return Math.round(base * (0.75 + random() / 2));
}

/** The server refused the handshake because the session is over (not because it is unavailable). */
export const isSessionRefused = (error: Error) => error.message === HANDSHAKE_ERRORS.unauthorized;

/**
 * The server refused the handshake because this person already holds as many connections as it
 * allows (too many windows or tabs): knocking again changes nothing until one of them closes.
 */
export const isTooManyConnections = (error: Error) => error.message === HANDSHAKE_ERRORS.tooManyConnections;

/** The text for a TooManyConnections refusal: the server's, in the user's language, else our own. */
export function tooManyConnectionsText(error: Error): string {
  const sent = (error as Error & { data?: { message?: unknown } }).data?.message;
  return typeof sent === 'string' && sent ? sent : msg('session.tooManyConnections');
}

/**
 * Keeps a long-lived screen socket (the proctor board, live notifications) connected: a handshake
 * refused as Unauthorized gets a silent token refresh and a retry, a server-side disconnect (a
 * redeploy) is reconnected, other refusals are retried after a pause. Transport failures are left
 * to Socket.IO's own reconnection. Calls `onGiveUp` when the session is over, and stops with
 * `onTooMany(text)` when the person holds too many connections (retrying would knock forever).
 * Returns a stop function that removes these listeners (the caller disconnects).
 */
export function keepConnected(socket: AppSocket, onGiveUp?: () => void, onTooMany?: (text: string) => void): () => void {
  let unauthorized = 0;
  let refusals = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onConnect = () => {
    unauthorized = 0;
    refusals = 0;
  };
  const onDisconnect = (reason: string) => {
    if (reason === 'io server disconnect' && !stopped) socket.connect();
  };
  const onError = (error: Error) => {
    if (stopped || socket.active) return;
    if (isTooManyConnections(error)) {
      onTooMany?.(tooManyConnectionsText(error));
      return;
    }
    // 'Unavailable' (the server cannot check the session right now) is an outage, not a sign-out.
    if (!isSessionRefused(error)) {
      timer = setTimeout(() => !stopped && socket.connect(), handshakeRetryDelay(++refusals));
      return;
    }
    unauthorized += 1;
    if (unauthorized > MAX_UNAUTHORIZED_RETRIES) {
      onGiveUp?.();
      return;
    }
    void refreshSocketToken().then((ok) => {
      if (stopped) return;
      if (ok) socket.connect();
      else onGiveUp?.();
    });
  };
  socket.on('connect', onConnect);
  socket.on('disconnect', onDisconnect);
  socket.on('connect_error', onError);
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket.off('connect', onConnect);
    socket.off('disconnect', onDisconnect);
    socket.off('connect_error', onError);
  };
}
