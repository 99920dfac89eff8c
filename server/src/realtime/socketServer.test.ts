import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, openSocket } from '../test/sockets';
import { signAccessToken, verifyAccessToken } from '../auth/jwt';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

function open(token?: string): Promise<Socket> {
  const socket = connect(server.url, { transports: ['websocket'], auth: token ? { token } : {}, reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

describe('socket handshake', () => {
  it('refuses a client that is not signed in with Unauthorized', async () => {
    await expect(open()).rejects.toThrow('Unauthorized');
    await expect(open('not-a-jwt')).rejects.toThrow('Unauthorized');
  });

  it('accepts a signed-in client and puts it in its user room', async () => {
    const user = await buildUser(server.deps);
    const login = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
    const socket = await open(login.body.data.accessToken);
    const received = new Promise((resolve) => socket.once('ping:user', resolve));
    server.io.to(`user:${user.id}`).emit('ping:user', { hello: 1 });
    await expect(received).resolves.toEqual({ hello: 1 });
    socket.close();
  });

  it('checks each of many handshakes arriving together against its own session', async () => {
    const users = await Promise.all([0, 1, 2, 3].map(() => buildUser(server.deps)));
    const tokens = await Promise.all(users.map(async (u) => (await server.api('POST', '/auth/login', { email: u.email, password: TEST_PASSWORD })).body.data.accessToken as string));
    const [live1, live2, signedOut, other] = tokens;
    expect((await server.api('POST', '/auth/logout', undefined, { token: signedOut })).status).toBe(200);
    // A genuine signature over one user's id and another user's session.
    const crossed = signAccessToken(server.deps.config.jwtSecret, { sub: users[0]!.id, sid: verifyAccessToken(server.deps.config.jwtSecret, other!)!.sid, role: 'student' });
    const outcomes = await Promise.allSettled([live1, live2, signedOut, crossed].map((t) => openSocket(server.url, t!)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(['Unauthorized', 'Unauthorized']);
    for (const [i, o] of outcomes.slice(0, 2).entries()) {
      const [held] = (await server.io.in(`user:${users[i]!.id}`).fetchSockets()) as unknown as { data: { auth: { user: { id: string } } } }[];
      expect(held!.data.auth.user.id).toBe(users[i]!.id);
      (o as PromiseFulfilledResult<Socket>).value.close();
    }
  });

  it('keeps neither the access token nor the upgrade request for the life of a connection', async () => {
    const user = await buildUser(server.deps);
    const login = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
    const socket = await open(login.body.data.accessToken);
    const [held] = (await server.io.in(`user:${user.id}`).fetchSockets()) as unknown as { handshake: { auth: object; headers: object }; conn: { request: unknown }; data: { auth: { user: object } } }[];
    expect(JSON.stringify(held!.handshake)).not.toContain(login.body.data.accessToken);
    expect(held!.handshake.headers).toEqual({});
    expect(held!.conn.request).toBeNull();
    // Who the socket belongs to, and no more: no hash, e-mail or profile held per connection.
    expect(held!.data.auth.user).toEqual({ id: user.id, role: user.role, grade: user.grade ?? null });
    socket.close();
  });

  it("answers a student who sends a proctor's event with a refusal, not silence", async () => {
    const user = await buildUser(server.deps, { role: 'student' });
    const login = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
    const socket = await open(login.body.data.accessToken);
    const reply = await socket.timeout(10_000).emitWithAck('proctor:watch', { examId: '00000000-0000-4000-8000-000000000000' });
    expect(reply).toMatchObject({ ok: false, code: 'forbidden' });
    socket.close();
  });

  it("asks the database about a trusted session's events twice a second in all, not once per event", async () => {
    const user = await buildUser(server.deps, { role: 'student' });
    const token = (await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const socket = await openSocket(server.url, token);
    onTestFinished(() => void socket.close());
    const sql: string[] = [];
    const onQuery = (q: { sql: string }) => sql.push(q.sql);
    let polled = false;
    const onAnswer = (_rows: unknown, q: { sql: string }) => void (polled ||= /revoked_at >= coalesce/.test(q.sql));
    server.deps.liveDb.on('query', onQuery).on('query-response', onAnswer);
    onTestFinished(() => void server.deps.liveDb.removeListener('query', onQuery).removeListener('query-response', onAnswer));
    // Once a poll of ended sessions has answered, the node trusts the sessions it has seen live.
    await vi.waitFor(() => expect(polled).toBe(true), { timeout: 3000, interval: 5 });
    sql.length = 0;
    const replies = await Promise.all(Array.from({ length: 20 }, () => call(socket, 'attempt:join', { attemptId: randomUUID() })));
    expect(replies.every((r) => r.ok === false && r.code === 'not-found')).toBe(true);
    expect(sql.filter((q) => /from "sessions"/.test(q) && !/revoked_at >= coalesce/.test(q))).toEqual([]);
  });
});

describe('write buffers', () => {
  it('are emptied once Engine.IO has sent them, so a dropped buffer keeps no packet alive for the collector', async () => {
    const user = await buildUser(server.deps);
    const login = await server.api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
    const socket = await open(login.body.data.accessToken);
    onTestFinished(() => {
      socket.close();
    });
    const flushed: unknown[][] = [];
    const onFlush = (_socket: unknown, buffer: unknown[]) => flushed.push(buffer);
    server.io.engine.on('flush', onFlush);
    onTestFinished(() => {
      server.io.engine.off('flush', onFlush);
    });
    const received = new Promise((resolve) => socket.once('ping:user', resolve));
    server.io.to(`user:${user.id}`).emit('ping:user', { hello: 1 });
    await expect(received).resolves.toEqual({ hello: 1 });
    // Engine.IO still announces its flushes (the clearing depends on it), and each buffer it sent is empty.
    expect(flushed.length).toBeGreaterThan(0);
    expect(flushed.map((buffer) => buffer.length)).toEqual(flushed.map(() => 0));
  });
});
