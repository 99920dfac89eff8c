import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Server } from 'socket.io';
import { RawSocket } from '../../../scripts/bench/rawSocket.mjs';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

// The bench's simulated students speak the Socket.IO protocol without socket.io-client; what the
// bench reports is only worth anything if the server takes them for the web app's own client.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function open(token: string): Promise<RawSocket | null> {
  const socket = await RawSocket.connect(server.url, { token }, 10_000);
  if (socket) onTestFinished(() => socket.close());
  return socket;
}

describe("the bench's protocol client", () => {
  it('signs in, joins an attempt and has a save acknowledged only once it is stored', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 2 });
    const login = await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD });
    const token = login.body.data.accessToken as string;
    const start = await server.api('POST', `/exams/${exam.id}/start`, undefined, { token });
    const attemptId = start.body.data.submission._id as string;

    const socket = (await open(token))!;
    expect(await socket.emitWithAck('attempt:join', { attemptId }, 10_000)).toMatchObject({ ok: true, data: { status: 'in_progress' } });
    const saved = await socket.emitWithAck('answer:save', { attemptId, questionId: exam.questionIds[0], answer: 'Four', seq: 1 }, 10_000);
    expect(saved).toMatchObject({ ok: true });
    expect(await server.deps.db('answers').where({ attempt_id: attemptId }).first('answer', 'seq')).toEqual({ answer: 'Four', seq: 1 });
    // A refusal comes back through the acknowledgement, as to the web app.
    expect(await socket.emitWithAck('answer:save', { attemptId, questionId: exam.questionIds[0], answer: 'Four' }, 10_000)).toMatchObject({ ok: false, code: 'invalid' });
  });

  it('is refused without a valid sign-in', async () => {
    expect(await open('not-a-jwt')).toBeNull();
  });

  it('answers the heartbeat, so a connection outlives many ping timeouts', async () => {
    // A Socket.IO server of its own with a heartbeat of milliseconds: a client that did not answer
    // its pings would be dropped within 100 ms.
    const http = createServer();
    const io = new Server(http, { transports: ['websocket'], pingInterval: 20, pingTimeout: 50 });
    let pongs = 0;
    let dropped = false;
    io.on('connection', (s) => {
      s.conn.on('heartbeat', () => pongs++);
      s.on('disconnect', () => (dropped = true));
      s.on('echo', (p: unknown, ack: (r: unknown) => void) => ack(p));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => void io.close());
    const socket = (await RawSocket.connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {}, 10_000))!;
    onTestFinished(() => socket.close());
    await expect.poll(() => pongs, { timeout: 5_000 }).toBeGreaterThanOrEqual(10);
    expect(dropped).toBe(false);
    expect(await socket.emitWithAck('echo', { n: 1 }, 1_000)).toEqual({ n: 1 });
  });
});
