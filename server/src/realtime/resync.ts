import { PROCTOR_EVENTS, SOCKET_EVENTS } from '@exam/shared';
import type { Server } from 'socket.io';
import type { Db } from '../db';
import type { Logger } from '../logger';
import type { RedisLink } from '../ports/redis';

/** Node-to-node (serverSideEmit): "my broadcasts may have been lost; bring your sockets up to date". */
export const RESYNC_ALL = 'sockets:resync';
const PROCTOR_ROOM = /^exam:.+:proctors$/;
const ATTEMPT_ROOM = /^attempt:(.+)$/;

/**
 * While Redis is down a node's broadcasts reach only its own sockets, so a proctor board on another
 * node misses violations, submissions and joins, and a student there misses a proctor's extension
 * or forced submission. The database is the source of truth: when Redis returns, every board
 * re-reads its snapshot, and every sitting student is sent their attempt's deadline, or its
 * submission. Each node does this for its own sockets when its own connections are back (covering
 * what it could not receive) and asks every other node to do the same (covering what it could not
 * send); a node still cut off does it on its own recovery.
 */
export function resyncOnRecovery(io: Server, link: RedisLink, db: Db, log: Logger): void {
  const resyncLocal = async () => {
    const local = [...io.of('/').adapter.rooms.keys()];
    const boards = local.filter((room) => PROCTOR_ROOM.test(room));
    if (boards.length) io.local.to(boards).emit(PROCTOR_EVENTS.resync, {});
    const attemptIds = local.map((room) => ATTEMPT_ROOM.exec(room)?.[1]).filter((id): id is string => !!id);
    if (!attemptIds.length) return;
    const attempts = (await db('attempts').whereRaw('id = any(?::uuid[])', [attemptIds]).select('id', 'status', 'deadline_at', 'submit_reason')) as {
      id: string;
      status: string;
      deadline_at: Date;
      submit_reason: string | null;
    }[];
    const serverNow = new Date().toISOString();
    for (const a of attempts) {
      const room = io.local.to(`attempt:${a.id}`);
      if (a.status === 'in_progress') room.emit(SOCKET_EVENTS.time, { serverNow, deadlineAt: new Date(a.deadline_at).toISOString() });
      else room.emit(SOCKET_EVENTS.submitted, { attemptId: a.id, reason: a.submit_reason });
    }
  };
  const resync = () => void resyncLocal().catch((err: unknown) => log.error({ err }, 'resync after the Redis outage failed'));
  io.on(RESYNC_ALL, resync);
  link.onRecovered(() => {
    resync();
    io.serverSideEmit(RESYNC_ALL);
  });
}
