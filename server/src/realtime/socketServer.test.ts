import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

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
});
