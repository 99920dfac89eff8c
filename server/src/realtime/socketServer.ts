import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import { HANDSHAKE_ERRORS, MSG, negotiateLanguage } from '@exam/shared';
import type { Deps } from '../deps';
import { translateMessage } from '../i18n/translator';
import { AppError } from '../errors';
import { administers } from '../policies/people';
import { authenticate, openAttemptOf, sessionUsers } from '../services/sessions';
import { tickBatch } from '../services/tickBatch';
import { attemptHandlers, leftAttempts } from './attemptHandlers';
import { emptyFlushedBuffers } from './flushedBuffers';
import type { AckFn, SocketHandlers } from './ack';
import { rooms } from '../ports/realtime';
import { cameraHandlers } from './cameraHandlers';
import { HEARTBEAT } from './heartbeat';
import { proctorHandlers } from './proctorHandlers';
import { thumbHandlers } from './thumbHandlers';
import { resyncOnRecovery } from './resync';
import type { SessionLiveness } from './sessionLiveness';
import type { SocketData } from './socketData';
import { capRefusal, SocketCaps } from './socketCaps';
import { clientAddress } from '../clientAddress';
import { rememberSebProof, type SebSocketData } from '../middleware/sebSocket';


/** An event to its handler in the server's table; one it does not know goes on to Socket.IO. */
function dispatch(handlers: SocketHandlers, socket: Socket, event: string, payload: unknown, ack: AckFn | undefined, next: () => void): void {
  const handler = handlers.get(event);
  if (handler) handler(socket, payload, ack);
  else next();
}

/**
 * Socket.IO on the same port as the API. Clients sign in with the JWT in `auth.token`; anyone
 * else is refused at connect with `Unauthorized`. A handshake whose session cannot be checked
 * (the database is down) is refused with `Unavailable` instead, which clients retry: an outage
 * must not look like a sign-out. The token is checked at connect only, so a connected exam socket
 * stays authorised for its attempt however long the exam runs; the session behind it is checked
 * on every event, through `liveness` (its poll of ended sessions runs among the server's jobs).
 * With Redis the adapter fans events out across server processes.
 */
export function createSocketServer(deps: Deps, http: HttpServer, liveness: SessionLiveness): Server {
  const io = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    // WebSocket only, as every client of ours connects: any node can take any connection, so the
    // proxy balances without sticky sessions (deploy/nginx.conf). Long polling would need them (its
    // requests must all reach the node that opened the session), so it is refused outright rather
    // than failing at random behind the balancer.
    transports: ['websocket'],
    ...HEARTBEAT,
    connectionStateRecovery: undefined,
  });
  emptyFlushedBuffers(io);

  if (deps.redisLink) {
    // The link's clients keep reconnecting, resubscribe, and never turn a failed publish into a crash.
    const { pub, sub } = deps.redisLink.adapterClients();
    // Presence and fetchSockets wait for the other nodes' answers at most this long (then this node's
    // sockets are the answer, hub.ts): well inside the proctor board's 10 s for an acknowledgement.
    io.adapter(createAdapter(pub, sub, { key: `${deps.config.keyPrefix}:socket.io`, requestsTimeout: deps.config.deadlines.redisRequestsMs }));
    resyncOnRecovery(io, deps.redisLink, deps.db, deps.log);
  }

  // Handshakes of one tick check their sessions in one query: a whole hall connects at once.
  const lookup = tickBatch((keys: { userId: string; sessionId: string }[]) => sessionUsers(deps.db, keys));
  const handlers: SocketHandlers = new Map();
  attemptHandlers(deps, handlers);
  cameraHandlers(deps, handlers);
  proctorHandlers(deps, handlers);
  thumbHandlers(deps, handlers);
  const caps = new SocketCaps(deps.config.socketCaps);
  const onDisconnect = function (this: Parameters<typeof leftAttempts>[1], reason: string) {
    caps.release(this);
    leftAttempts(deps, this, reason);
  };
  // A handshake that passed the checks but whose connection closed before it connected never
  // disconnects: its place is given back once Socket.IO has settled it (next tick).
  const releaseIfNeverConnected = (socket: Socket) => {
    if (!socket.connected) caps.release(socket);
  };

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error(HANDSHAKE_ERRORS.unauthorized));
    // The same address rule as the API's (TRUST_PROXY hops), so a forged header gains nothing here either.
    const address = clientAddress(socket.handshake.headers['x-forwarded-for'], socket.handshake.address, deps.config.trustedProxies);
    if (caps.addressFull(address)) return next(capRefusal('address', negotiateLanguage(socket.handshake.headers['accept-language'])));
    try {
      const authed = await authenticate(deps, token, { allowExpired: true, lookup });
      // A student whose token ran out mid-exam reconnects for their open attempt only:
      // an exam must not depend on the client refreshing. Anyone else needs a current token.
      if (authed.expired && !(await openAttemptOf(deps, authed, {}))) return next(new Error(HANDSHAKE_ERRORS.unauthorized));
      // Acks speak the user's chosen language, else the browser's: a two-letter string per socket.
      const language = authed.language ?? negotiateLanguage(socket.handshake.headers['accept-language']);
      (socket.data as SocketData).auth = { ...authed, language, user: { id: authed.user.id, role: authed.user.role, grade: authed.user.grade } };
      // A page in Safe Exam Browser sends its JavaScript API's proof here (checked on each SEB exam's attempt).
      rememberSebProof(socket.data as SebSocketData, socket.handshake.auth);
      liveness.sawLive(authed.sessionId);
      // Last, so nothing after taking the place can fail before it is handed to the connection.
      const full = caps.take(socket, authed.user.id, address);
      if (full) return next(capRefusal(full, language));
      next();
      setImmediate(releaseIfNeverConnected, socket);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) return next(new Error(HANDSHAKE_ERRORS.unauthorized));
      if (!deps.dbOutage.failed(err)) deps.log.error({ err }, 'socket handshake could not check the session');
      next(new Error(HANDSHAKE_ERRORS.unavailable));
    }
  });

  io.on('connection', (socket) => {
    forgetHandshake(socket);
    const { user, sessionId, language } = (socket.data as SocketData).auth;
    void socket.join([rooms.user(user.id), rooms.session(sessionId)]);
    // Admins share one room: the admin dashboard and contact messages are the same for all of them.
    if (administers(user.role)) void socket.join(rooms.admins);
    socket.on('disconnect', onDisconnect);
    // Every event first checks the session is still live (see sessionLiveness.ts), then goes to
    // the server's one handler table: nothing per event is kept per socket.
    socket.use((packet, next) => {
      const event = packet[0] as string;
      const last = packet.at(-1);
      const ack = packet.length > 1 && typeof last === 'function' ? (last as AckFn) : undefined;
      const payload: unknown = packet.length > (ack ? 2 : 1) ? packet[1] : undefined;
      // The usual case, a session seen live since the last poll, goes on at once: thousands of
      // saves a second need no promise, closures or turn of the event loop each.
      if (liveness.knownLive(sessionId)) return dispatch(handlers, socket, event, payload, ack, next);
      liveness.isLive(sessionId).then(
        (live) => {
          if (live) return dispatch(handlers, socket, event, payload, ack, next);
          ack?.({ ok: false, code: 'unauthorized', message: translateMessage(language, MSG.sessionExpired) });
          socket.disconnect(true);
        },
        (err: unknown) => {
          if (!deps.dbOutage.failed(err)) deps.log.error({ err }, 'socket event could not check the session');
          ack?.({ ok: false, code: 'error', message: translateMessage(language, MSG.serverError) });
        },
      );
    });
  });

  return io;
}

/**
 * Engine.IO keeps each connection's first HTTP request (headers, raw headers, the upgrade's
 * response object) and Socket.IO the handshake's token for the connection's lifetime. Nothing
 * reads them after the handshake, and with thousands of students they add up (docs/benchmarks.md).
 */
function forgetHandshake(socket: Socket): void {
  const conn = socket.conn as unknown as { request: { headers: object; rawHeaders: string[] } | null };
  if (conn.request) {
    conn.request.headers = {};
    conn.request.rawHeaders = [];
    conn.request = null;
  }
  socket.handshake.headers = {};
  socket.handshake.auth = {};
}
