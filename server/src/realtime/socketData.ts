import type { Authenticated } from '../services/sessions';
import type { FlagBudget } from './flagLimiter';

/**
 * What the server keeps on each socket, shared by the socket server and its handlers (a module of
 * its own, so the handlers need not import the server that registers them).
 */
export interface SocketData {
  /** Only what the handlers read: a socket lives for hours and there are thousands of them. */
  auth: Omit<Authenticated, 'user'> & { user: Pick<Authenticated['user'], 'id' | 'role' | 'grade'> };
  /** The client address this socket holds a place under in the node's caps (socketCaps.ts), until it is given back. */
  counted?: string;
}

/** What a student's socket carries for presence and save health (visible to every node). */
export interface StudentSocketData {
  auth?: { user: { id: string; role: string } };
  attempts?: Record<string, StudentAttempt>;
}

/** An attempt a student's socket joined. */
export interface StudentAttempt {
  examId: string;
  pending: number;
  /** When the attempt started (epoch ms): no flag lasts longer than the attempt has been open. */
  startedAt?: number;
  /** This node's flood limit on the attempt's device flags (flagLimiter.ts). */
  flags?: FlagBudget;
  /** The attempt's last violation step on this socket: the next waits for it, so none overtakes another. */
  gate?: Promise<void>;
}
