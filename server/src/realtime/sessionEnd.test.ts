import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { MSG } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, openSocket } from '../test/sockets';

/** A revoked session ends everywhere at once: its sockets close, its events are refused. */
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

async function signIn(s: TestServer, email: string) {
  const res = await s.api('POST', '/auth/login', { email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return { token: res.body.data.accessToken as string, refresh: res.refreshCookie! };
}

async function socketFor(s: TestServer, token: string) {
  const socket = await openSocket(s.url, token);
  sockets.push(socket);
  return socket;
}

/** Resolves with how long after `since` the server closed the socket. */
function serverClosed(socket: Socket, since: () => number): Promise<number> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => reason === 'io server disconnect' && resolve(performance.now() - since())));
}

/** A teacher proctoring a student who sits the exam, each with a socket. */
async function examInProgress(s: TestServer = server) {
  const teacher = await buildUser(s.deps, { role: 'teacher' });
  const student = await buildUser(s.deps, { role: 'student' });
  const exam = await buildExam(s.deps, teacher.id, { questions: 1 });
  const studentSession = await signIn(s, student.email);
  const attemptId = (await s.api('POST', `/exams/${exam.id}/start`, undefined, { token: studentSession.token })).body.data.submission._id as string;
  const studentSocket = await socketFor(s, studentSession.token);
  expect(await call(studentSocket, 'attempt:join', { attemptId })).toMatchObject({ ok: true });
  const teacherSession = await signIn(s, teacher.email);
  const proctor = await socketFor(s, teacherSession.token);
  expect(await call(proctor, 'proctor:watch', { examId: exam.id })).toMatchObject({ ok: true });
  return { teacher, student, exam, attemptId, studentSession, studentSocket, teacherSession, proctor };
}

const attemptRow = (attemptId: string) => server.deps.db('attempts').where({ id: attemptId }).first('status', 'deadline_at', 'extra_minutes');

describe('ending a session closes its live sockets', () => {
  it("closes a student's socket within a second of logout, and the reconnect is refused as Unauthorized", async () => {
    const { studentSocket, studentSession } = await examInProgress();
    const loggingOut = performance.now();
    const closed = serverClosed(studentSocket, () => loggingOut);
    const res = await server.api('POST', '/auth/logout', undefined, { token: studentSession.token, refreshCookie: studentSession.refresh });
    expect(res.status).toBe(200);
    expect(await closed).toBeLessThan(1000);
    await expect(openSocket(server.url, studentSession.token)).rejects.toThrow('Unauthorized');
  });

  it("leaves a logged-out teacher's earlier socket unable to extend, message or force-submit", async () => {
    const { attemptId, exam, proctor, teacherSession, studentSocket } = await examInProgress();
    const before = await attemptRow(attemptId);
    const closed = serverClosed(proctor, () => 0);
    let messages = 0;
    studentSocket.on('proctor:message', () => messages++);
    await server.api('POST', '/auth/logout', undefined, { token: teacherSession.token });
    await closed;
    const tries = await Promise.allSettled([
      call(proctor, 'proctor:extend', { attemptId, minutes: 30 }),
      call(proctor, 'proctor:message', { examId: exam.id, attemptId, text: 'Still here?' }),
      call(proctor, 'proctor:submit', { attemptId }),
    ]);
    expect(tries.every((t) => t.status === 'rejected' || t.value.ok === false)).toBe(true);
    expect(await attemptRow(attemptId)).toEqual(before);
    expect(messages).toBe(0);
  });

  it("refuses every event of a revoked session's socket even when the close never reached its node", async () => {
    const { attemptId, proctor, teacherSession } = await examInProgress();
    const before = await attemptRow(attemptId);
    // As if the revocation's broadcast were lost (Redis down between the nodes, say).
    const lost = vi.spyOn(server.deps.realtime, 'disconnect').mockImplementation(() => undefined);
    onTestFinished(() => lost.mockRestore());
    await server.api('POST', '/auth/logout', undefined, { token: teacherSession.token });
    const revokedAt = performance.now();
    // Within the liveness cache's second, the socket's next event is refused and the socket closed.
    await vi.waitFor(async () => expect(await call(proctor, 'proctor:timeline', { attemptId })).toEqual({ ok: false, code: 'unauthorized', message: MSG.sessionExpired }), {
      timeout: 3000,
      interval: 100,
    });
    expect(performance.now() - revokedAt).toBeLessThan(1500);
    await vi.waitFor(() => expect(proctor.connected).toBe(false));
    await expect(call(proctor, 'proctor:submit', { attemptId })).rejects.toThrow();
    expect(await attemptRow(attemptId)).toEqual(before);
  });

  it("closes the other sessions' sockets on a password change and keeps the one that changed it", async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const here = await signIn(server, teacher.email);
    const elsewhere = await signIn(server, teacher.email);
    const hereSocket = await socketFor(server, here.token);
    const elsewhereSocket = await socketFor(server, elsewhere.token);
    const closed = serverClosed(elsewhereSocket, () => 0);
    const res = await server.api('POST', '/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }, { token: here.token });
    expect(res.status).toBe(200);
    await closed;
    expect(hereSocket.connected).toBe(true);
    expect(await call(hereSocket, 'proctor:watch', { examId: (await buildExam(server.deps, teacher.id)).id })).toMatchObject({ ok: true });
  });

  it('closes the socket of a session whose refresh token was replayed', async () => {
    const student = await buildUser(server.deps, { role: 'student' });
    const session = await signIn(server, student.email);
    const socket = await socketFor(server, session.token);
    const closed = serverClosed(socket, () => 0);
    expect((await server.api('POST', '/auth/refresh-token', undefined, { refreshCookie: session.refresh })).status).toBe(200);
    // The spent token again: a thief's copy. The whole session ends.
    expect((await server.api('POST', '/auth/refresh-token', undefined, { refreshCookie: session.refresh })).status).toBe(401);
    await closed;
  });

  it('refuses the next event of an account an admin deactivates, even when the close never reached its node', async () => {
    const student = await buildUser(server.deps, { role: 'student' });
    const admin = await signIn(server, (await buildUser(server.deps, { role: 'admin' })).email);
    const socket = await socketFor(server, (await signIn(server, student.email)).token);
    // Trusted by now: its events are no longer checked one by one.
    expect(await call(socket, 'attempt:join', { attemptId: student.id })).toMatchObject({ ok: false, code: 'not-found' });
    const lost = vi.spyOn(server.deps.realtime, 'disconnect').mockImplementation(() => undefined);
    onTestFinished(() => lost.mockRestore());
    expect((await server.api('PUT', `/users/${student.id}/status`, { isActive: false }, { token: admin.token })).status).toBe(200);
    const deactivatedAt = performance.now();
    await vi.waitFor(async () => expect(await call(socket, 'attempt:join', { attemptId: student.id })).toMatchObject({ ok: false, code: 'unauthorized' }), { timeout: 3000, interval: 100 });
    expect(performance.now() - deactivatedAt).toBeLessThan(1500);
  });
});

// Several nodes need a shared PostgreSQL and Redis (CI sets both; PGlite lives in one process).
describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('ending a session with two nodes', () => {
  let b: TestServer;
  beforeAll(async () => {
    b = await startTestServer({ shareWith: server, sweepIntervalMs: 60_000 });
  });
  afterAll(async () => {
    await b?.stop();
  });

  it('closes, within a second, a socket on node B of a session logged out on node A', async () => {
    const student = await buildUser(server.deps, { role: 'student' });
    const session = await signIn(server, student.email);
    const onB = await socketFor(b, session.token);
    const loggingOut = performance.now();
    const closed = serverClosed(onB, () => loggingOut);
    const res = await server.api('POST', '/auth/logout', undefined, { token: session.token });
    expect(res.status).toBe(200);
    expect(await closed).toBeLessThan(1000);
  });
});
