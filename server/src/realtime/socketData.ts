import type { Authenticated } from '../services/sessions';

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
  attempts?: Record<string, { examId: string; pending: number }>;
}
