import type { Server } from 'socket.io';
import type { OfflineCause, ServerEventName, ServerEvents } from '@exam/shared';

/**
 * The realtime layer as services see it: interfaces and room names only. Services, jobs and
 * routes depend on these; `realtime/` implements them with Socket.IO. So no service imports the
 * realtime layer, and the dependency container names no implementation.
 */

/**
 * How services publish realtime events without knowing Socket.IO. Services call it only after
 * their transaction commits, so no client ever sees an event for a write that rolled back.
 */
export interface RealtimeHub {
  /**
   * To one room, or to several at once: each socket in any of them hears it once, and it is encoded
   * (and, across nodes, published through Redis) once rather than once per room.
   */
  emit<E extends ServerEventName>(room: string | string[], event: E, payload: ServerEvents[E]): void;
  /** The data of every socket in a room, on every node (through the Redis adapter when set). */
  socketsIn(room: string): Promise<unknown[]>;
  /** The ids of every socket in a room, on every node. */
  socketIds(room: string): Promise<string[]>;
  /**
   * Which of these users have a socket connected now, on any node (one request to the others,
   * however many users): who hears an event sent to their rooms live. With Redis down, this node's.
   */
  usersConnected(userIds: string[]): Promise<Set<string>>;
  /** Closes every socket in a room, on every node (a revoked session's). */
  disconnect(room: string): void;
  /** Every socket in `room` leaves room `from`, on every node (a proctor taken off an exam's hall stops hearing its board). */
  leave(room: string, from: string): void;
  attach(io: Server): void;
  /** Sockets connected to this node (the health report's figure). */
  localSocketCount(): number;
  /** Tells every other node (through the adapter); they hear it with `onNodeEvent`. */
  toOtherNodes(event: string): void;
  onNodeEvent(event: string, handler: () => void): void;
}

/** What the device of a student reported about its saves, keyed by attempt. */
export type DeviceHealth = Map<string, { pending: number }>;

/** Where the proctor board's live feed is told what happened (implemented in realtime/proctorFeed.ts). */
export interface FeedEvent {
  attemptId: string;
  type: string;
  detail?: Record<string, unknown>;
  /** Known presence: an event that came from the student's own socket means they are online. */
  online?: boolean;
  /** The attempt's exam, when the sender has it at hand: the feed need not look it up. */
  examId?: string;
  /**
   * The attempt's student, given with an event whose detail holds every change it made to the
   * student's board row (a violation's counts): the board applies it, and no row is read or sent.
   */
  studentId?: string;
}

/** Where the answer saver reports the attempts whose answers it just committed. */
export interface SaveProgress {
  /** Attempts whose answers were just committed: their progress goes out within a second. */
  saved(attemptIds: string[]): void;
}

/** An attempt a student's socket left, and why it went (null when Socket.IO's reason says nothing useful). */
export interface LeftAttempt {
  attemptId: string;
  cause: OfflineCause | null;
}

export interface ProctorFeed extends SaveProgress {
  /** Events (joined, left, violation, submitted, proctor actions) and the changed rows, in order. */
  events(events: FeedEvent[]): void;
  /**
   * Students' sockets left these attempts: remember when they were last seen, since when and why
   * they are offline (the first cause stands until they are back), and tell the board.
   */
  left(items: LeftAttempt[]): void;
  /** Presence and device health of an exam's students, from every node. */
  presence(examId: string): Promise<{ online: Set<string>; health: DeviceHealth }>;
  flush(): Promise<void>;
  /** Stops the progress timer and resolves when everything queued has been sent. */
  stop(): Promise<void>;
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
