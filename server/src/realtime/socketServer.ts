import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import type { Deps } from '../deps';
import { authenticate, openAttemptOf, type Authenticated } from '../services/sessions';
import { registerAttemptHandlers } from './attemptHandlers';
import { rooms } from './hub';
import { registerCameraHandlers } from './cameraHandlers';
import { registerProctorHandlers } from './proctorHandlers';
import { resyncOnRecovery } from './resync';

export interface SocketData {
  auth: Authenticated;
}


/**
 * Socket.IO on the same port as the API. Clients sign in with the JWT in `auth.token`; anyone
 * else is refused at connect with `Unauthorized`. The token is checked at connect only, so a
 * connected exam socket stays authorised for its attempt however long the exam runs. With Redis the adapter fans events out across
 * server processes.
 */
export function createSocketServer(deps: Deps, http: HttpServer): Server {
  const io = new Server(http, {
    path: '/socket.io',
    serveClient: false,
    // The web client connects with WebSocket only, so no sticky sessions are needed across nodes.
    transports: ['websocket', 'polling'],
    pingInterval: 10000,
    pingTimeout: 10000,
    connectionStateRecovery: undefined,
  });

  if (deps.redisLink) {
    // The link's clients keep reconnecting, resubscribe, and never turn a failed publish into a crash.
    const { pub, sub } = deps.redisLink.adapterClients();
    io.adapter(createAdapter(pub, sub, { key: `${deps.config.keyPrefix}:socket.io` }));
    resyncOnRecovery(io, deps.redisLink, deps.db, deps.log);
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('Unauthorized'));
    try {
      const authed = await authenticate(deps, token, { allowExpired: true });
      // A student whose token ran out mid-exam reconnects for their open attempt only (issue 14):
      // an exam must not depend on the client refreshing. Anyone else needs a current token.
      if (authed.expired && !(await openAttemptOf(deps, authed, {}))) return next(new Error('Unauthorized'));
      (socket.data as SocketData).auth = authed;
      next();
    } catch {
      next(new Error('Unauthorized'));
    }
  });

  io.on('connection', (socket) => {
    const { user, expired } = (socket.data as SocketData).auth;
    void socket.join(rooms.user(user.id));
    registerAttemptHandlers(deps, socket);
    registerCameraHandlers(deps, socket);
    if (!expired) registerProctorHandlers(deps, socket);
  });

  return io;
}
