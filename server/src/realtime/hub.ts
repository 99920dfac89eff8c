import type { Server } from 'socket.io';

/**
 * How services publish realtime events without knowing Socket.IO. Services call it only after
 * their transaction commits, so no client ever sees an event for a write that rolled back.
 */
export interface RealtimeHub {
  emit(room: string, event: string, payload: unknown): void;
  /** The data of every socket in a room, on every node (through the Redis adapter when set). */
  socketsIn(room: string): Promise<unknown[]>;
  /** The ids of every socket in a room, on every node. */
  socketIds(room: string): Promise<string[]>;
  /** Closes every socket in a room, on every node (a revoked session's). */
  disconnect(room: string): void;
  attach(io: Server): void;
  /** Sockets connected to this node (the health report's figure). */
  localSocketCount(): number;
  /** Tells every other node (through the adapter); they hear it with `onNodeEvent`. */
  toOtherNodes(event: string): void;
  onNodeEvent(event: string, handler: () => void): void;
}

export function createRealtimeHub(): RealtimeHub {
  let io: Server | undefined;
  /**
   * Every node's sockets when the adapter can ask them; this node's alone when it cannot (Redis down,
   * another node silent): a partial answer keeps events and snapshots flowing, and the boards resync
   * when Redis returns.
   */
  const fetchSockets = (server: Server, room: string) => server.in(room).fetchSockets().catch(() => server.local.in(room).fetchSockets());
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
    disconnect(room) {
      io?.in(room).disconnectSockets(true);
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

export const rooms = {
  user: (id: string) => `user:${id}`,
  /** Every socket signed in with one session, so revoking it can close them all. */
  session: (id: string) => `session:${id}`,
  attempt: (id: string) => `attempt:${id}`,
  proctors: (examId: string) => `exam:${examId}:proctors`,
  examStudents: (examId: string) => `exam:${examId}:students`,
  admins: 'role:admin',
};
