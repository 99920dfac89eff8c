import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { call, openSocket } from '../../test/sockets';

/**
 * Issue 14: an exam outlives the access token. With tokens lasting 4 seconds here, a student
 * whose client never refreshes sits past the expiry and still saves and submits every answer.
 */
const TTL_SECONDS = 4;
let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ env: { ACCESS_TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const login = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

/** Polls until the API itself refuses the token: its lifetime is over. */
async function untilExpired(token: string) {
  const deadline = Date.now() + (TTL_SECONDS + 5) * 1000;
  while (Date.now() < deadline) {
    if ((await api('GET', '/auth/me', undefined, { token })).status === 401) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the access token never expired');
}

async function sitting() {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 3 });
  const student = await buildUser(server.deps, { role: 'student' });
  const token = await login(student.email);
  const start = await api('POST', `/exams/${exam.id}/start`, undefined, { token });
  expect(start.status).toBe(201);
  const socket = await openSocket(server.url, token);
  sockets.push(socket);
  const attemptId = start.body.data.submission._id as string;
  expect((await call(socket, 'attempt:join', { attemptId })).ok).toBe(true);
  return { teacher, exam, student, token, socket, attemptId, questions: exam.questionIds };
}

describe('an exam longer than the access token', () => {
  it('keeps saving on the open socket, reconnects for the attempt, and submits every answer with the expired token', async () => {
    const s = await sitting();
    expect((await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questions[0], answer: 'Four', seq: 1 })).ok).toBe(true);
    await untilExpired(s.token);

    // The socket opened before the expiry stays authorised for the attempt.
    expect((await call(s.socket, 'answer:save', { attemptId: s.attemptId, questionId: s.questions[1], answer: 'Three', seq: 1 })).ok).toBe(true);
    // A dropped connection comes back with the same (expired) token, for the open attempt.
    s.socket.close();
    const again = await openSocket(server.url, s.token);
    sockets.push(again);
    expect((await call(again, 'attempt:join', { attemptId: s.attemptId })).ok).toBe(true);
    expect((await call(again, 'answer:save', { attemptId: s.attemptId, questionId: s.questions[2], answer: 'Four', seq: 1 })).ok).toBe(true);

    // The expired token opens nothing else.
    expect((await api('GET', '/exams', undefined, { token: s.token })).status).toBe(401);

    const submitted = await api('POST', '/submissions', { examId: s.exam.id, answers: {}, timeSpent: 30 }, { token: s.token });
    expect(submitted.status).toBe(200);
    const teacherToken = await login(s.teacher.email);
    const detail = await api('GET', `/submissions/${s.attemptId}`, undefined, { token: teacherToken });
    expect(detail.body.data.submission).toMatchObject({ status: 'graded', score: 4, correctAnswers: 2, incorrectAnswers: 1 });
    expect(detail.body.data.submission.answers.map((a: { userAnswer: string }) => a.userAnswer)).toEqual(['Four', 'Three', 'Four']);

    // With the attempt over, the expired token no longer opens an exam socket or submits.
    await expect(openSocket(server.url, s.token)).rejects.toThrow('Unauthorized');
    expect((await api('POST', '/submissions', { examId: s.exam.id, answers: {} }, { token: s.token })).status).toBe(401);
  });

  it('submits over the exam socket after the token expired, and refuses an expired token with no open attempt', async () => {
    const s = await sitting();
    await untilExpired(s.token);
    const ack = await call(s.socket, 'attempt:submit', { attemptId: s.attemptId });
    expect(ack).toMatchObject({ ok: true, submissionId: s.attemptId });

    const teacherToken = await login(s.teacher.email);
    await untilExpired(teacherToken);
    await expect(openSocket(server.url, teacherToken)).rejects.toThrow('Unauthorized');
    expect((await api('POST', '/submissions/submit', { submissionId: s.attemptId }, { token: s.token })).status).toBe(401);
  });
});
