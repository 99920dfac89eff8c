/** A proctor's board in the benchmark: a socket of the exam's teacher, and when each violation reaches it. */
import { PROCTOR_EVENTS } from '@exam/shared';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { fmt, percentile } from './figures';

/** A socket of the user `token` signs in, connected to the server at `url`. */
export function openSocket(url: string, token: string): Promise<Socket> {
  return new Promise<Socket>((resolve, reject) => {
    const socket = connectSocket(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/**
 * Starts watching the exam on `proctor` (`proctor:watch`) and notes when each violation arrives on
 * the board. Returns how to time violations sent: milliseconds from sending to the board, sorted,
 * infinite for one the board never showed.
 */
export async function watchViolations(proctor: Socket, examId: string): Promise<(sentAt: [string, number][]) => number[]> {
  const seenAt = new Map<string, number>();
  proctor.on(PROCTOR_EVENTS.event, (e: { type: string; attemptId: string; detail: { counts?: { tabSwitches: number } } }) => {
    if (e.type !== 'violation' || !e.detail.counts) return;
    const key = `${e.attemptId}:${e.detail.counts.tabSwitches}`;
    // The first time the board shows it, should it ever come twice.
    if (!seenAt.has(key)) seenAt.set(key, Date.now());
  });
  await proctor.timeout(60_000).emitWithAck(PROCTOR_EVENTS.watch, { examId });
  return (sentAt) => sentAt.map(([key, sent]) => (seenAt.has(key) ? seenAt.get(key)! - sent : Number.POSITIVE_INFINITY)).sort((a, b) => a - b);
}

/** `p50 / p99 ms (seen/sent seen)` of violation-to-board times. */
export function boardLine(latencies: number[]): string {
  return `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))} ms (${latencies.filter(Number.isFinite).length}/${latencies.length} seen)`;
}
