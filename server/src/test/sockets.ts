import { PROCTOR_EVENTS, type ProctorRow } from '@exam/shared';
import { io as connect, type Socket } from 'socket.io-client';
import type { TestServer } from './harness';
import { TEST_PASSWORD } from './factories';

/** A signed-in socket.io-client over WebSocket, as the web app connects. */
export async function connectAs(server: TestServer, email: string, password = TEST_PASSWORD): Promise<Socket> {
  const login = await server.api('POST', '/auth/login', { email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  return openSocket(server.url, login.body.data.accessToken);
}

export function openSocket(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Emits with an acknowledgement and resolves with the server's reply. */
// Tests read an acknowledgement's fields freely and assert the shape they expect, as they do a response body.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export function call<T = any>(socket: Socket, event: string, payload: unknown): Promise<T> {
  return socket.timeout(10_000).emitWithAck(event, payload) as Promise<T>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as call
export function nextEvent<T = any>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/**
 * `proctor:watch` as the board sends it: the acknowledgement, and the snapshot's rows gathered from
 * the `proctor:snapshot` pages that came before it (`pages` holds each page's row count).
 */
export async function watchBoard<Row = ProctorRow>(socket: Socket, examId: string) {
  const pages = new Map<string, Row[][]>();
  const onPage = (page: { snapshotId: string; students: Row[] }) => pages.set(page.snapshotId, [...(pages.get(page.snapshotId) ?? []), page.students]);
  socket.on(PROCTOR_EVENTS.snapshot, onPage);
  try {
    const ack = await call(socket, PROCTOR_EVENTS.watch, { examId });
    const mine: Row[][] = (ack.ok ? pages.get(ack.data.snapshotId) : undefined) ?? [];
    return { ack, students: mine.flat(), pages: mine.map((p) => p.length) };
  } finally {
    socket.off(PROCTOR_EVENTS.snapshot, onPage);
  }
}
