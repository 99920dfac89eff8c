import type { Server } from 'socket.io';
import { rooms, type RealtimeHub } from '../ports/realtime';

const USER_ROOM_PREFIX = rooms.user('');

/** Socket.IO's side of the RealtimeHub port: rooms, presence and events on every node. */
export function createRealtimeHub(): RealtimeHub {
  let io: Server | undefined;
  /**
   * Every node's sockets when the adapter can ask them; this node's alone when it cannot (Redis down,
   * another node silent): a partial answer keeps events and snapshots flowing, and the boards resync
   * when Redis returns.
   */
  const fetchSockets = (server: Server, room: string | string[]) => server.in(room).fetchSockets().catch(() => server.local.in(room).fetchSockets());
  return {
    emit(room, event, payload) {
      io?.to(room).emit(event, payload);
    },
    async socketsIn(room) {
      if (!io) return [];
      const sockets = await fetchSockets(io, room);
      return sockets.map((s) => s.data as unknown);
    },
    async socketIds(room) {
      if (!io) return [];
      return (await fetchSockets(io, room)).map((s) => s.id);
    },
    async usersConnected(userIds) {
      const connected = new Set<string>();
      if (!io || !userIds.length) return connected;
      const wanted = new Set(userIds.map(rooms.user));
      // Every socket joins its user's room when it connects (socketServer.ts), whatever page it is on.
      for (const socket of await fetchSockets(io, [...wanted])) {
        for (const room of socket.rooms) if (wanted.has(room)) connected.add(room.slice(USER_ROOM_PREFIX.length));
      }
      return connected;
    },
    disconnect(room) {
      io?.in(room).disconnectSockets(true);
    },
    leave(room, from) {
      io?.in(room).socketsLeave(from);
    },
    attach(server) {
      io = server;
    },
    localSocketCount() {
      return io?.engine.clientsCount ?? 0;
    },
    toOtherNodes(event) {
      // The in-process adapter has no other nodes and refuses server-side emits.
      try {
        io?.serverSideEmit(event);
      } catch {
        /* single node */
      }
    },
    onNodeEvent(event, handler) {
      io?.on(event, handler);
    },
  };
}
