import { PROCTOR_EVENTS } from '@exam/shared';
import type { Server } from 'socket.io';
import type { RedisLink } from './redisLink';

/** Node-to-node (serverSideEmit): "my broadcasts may have been lost; have your proctors re-read". */
const RESYNC_ALL = 'proctors:resync';
const PROCTOR_ROOM = /^exam:.+:proctors$/;

/**
 * While Redis is down a node's broadcasts reach only its own sockets, so a board on another node
 * misses violations, submissions and joins. The attempt's event log in the database is the source
 * of truth: when Redis returns, every board re-reads its snapshot. Each node tells its own boards
 * when its own connections are back (covering what it could not receive) and asks every other node
 * to do the same (covering what it could not send); a node still cut off then resyncs on its own
 * recovery.
 */
export function resyncBoardsOnRecovery(io: Server, link: RedisLink): void {
  const tellLocalBoards = () => {
    const watched = [...io.of('/').adapter.rooms.keys()].filter((room) => PROCTOR_ROOM.test(room));
    if (watched.length) io.local.to(watched).emit(PROCTOR_EVENTS.resync, {});
  };
  io.on(RESYNC_ALL, tellLocalBoards);
  link.onRecovered(() => {
    tellLocalBoards();
    io.serverSideEmit(RESYNC_ALL);
  });
}
