import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import type { Deps } from '../deps';
import { authenticate, type Authenticated } from '../services/sessions';
import { registerAttemptHandlers } from './attemptHandlers';
import { rooms } from './hub';
import { registerCameraHandlers } from './cameraHandlers';
import { registerProctorHandlers } from './proctorHandlers';

export interface SocketData {
  auth: Authenticated;
}


/**
 * Socket.IO on the same port as the API. Clients sign in with the JWT in `auth.token`; anyone
 * else is refused at connect with `Unauthorized`. With Redis the adapter fans events out across
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

  if (deps.redis) {
    const pub = deps.redis.duplicate();
    const sub = deps.redis.duplicate();
    // Without listeners an adapter client that loses Redis dies silently and cross-node delivery stops.
    for (const client of [pub, sub]) client.on('error', (err) => deps.log.warn({ err }, 'socket.io redis client error'));
    io.adapter(createAdapter(pub, sub, { key: `${deps.config.keyPrefix}:socket.io` }));
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return next(new Error('Unauthorized'));
    try {
      (socket.data as SocketData).auth = await authenticate(deps, token);
      next();
    } catch {
      next(new Error('Unauthorized'));
    }
  });

  io.on('connection', (socket) => {
    const { user } = (socket.data as SocketData).auth;
    void socket.join(rooms.user(user.id));
    // Admins share one room: the admin dashboard and contact messages are the same for all of them.
    if (user.role === 'admin') void socket.join(rooms.admins);
    registerAttemptHandlers(deps, socket);
    registerProctorHandlers(deps, socket);
    registerCameraHandlers(deps, socket);
  });

  return io;
}
