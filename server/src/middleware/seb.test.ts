import { createHash, randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, SEB_MSG, SOCKET_EVENTS, sebConfigPath, type SebPageProof } from '@exam/shared';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, watchBoard } from '../test/sockets';
import { examConfigKey } from '../services/seb/examFile';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const publicUrl = () => server.deps.config.publicUrl;
const login = async (email: string) => (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

/** The headers SEB running the exam's file sends with a request to `path` (under /api); `bek`: its Browser Exam Key. */
function sebHeaders(examId: string, path: string, bek?: string, key = examConfigKey(examId, publicUrl())) {
  const url = `${publicUrl()}/api${path}`;
  return { 'x-safeexambrowser-configkeyhash': sha(url + key), ...(bek ? { 'x-safeexambrowser-requesthash': sha(url + bek) } : {}) };
}

/** The JavaScript API's values for a page of ours, as a page in SEB sends them in the socket's handshake. */
function pageProof(examId: string, pageUrl = `${publicUrl()}/exam/${examId}`, bek?: string): SebPageProof {
  const key = examConfigKey(examId, publicUrl());
  return { urls: [pageUrl], configKey: sha(pageUrl + key), ...(bek ? { browserExamKey: sha(pageUrl + bek) } : {}) };
}

/** A student of an exam that requires SEB (or not), with an attempt in progress when asked. */
async function sebExam(opts: { requireSeb?: boolean; attempt?: boolean } = {}) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const student = await buildUser(server.deps, { role: 'student' });
  const exam = await buildExam(server.deps, teacher.id, { settings: { requireSeb: opts.requireSeb ?? true } });
  const attempt = opts.attempt ? await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress') : undefined;
  // The paper the attempt was dealt, as starting it deals one.
  if (attempt)
    await server.deps
      .db('attempts')
      .where({ id: attempt.id })
      .update({ question_order: JSON.stringify(exam.questionIds) });
  return { teacher, student, exam, attempt, token: await login(student.email) };
}

const refusedForSeb = (res: { status: number; body: { message?: string; data?: { seb?: { configUrl: string; sebUrl: string } } } }, examId: string) => {
  expect(res.status).toBe(403);
  expect(res.body.message).toBe(SEB_MSG.required);
  expect(res.body.data?.seb?.configUrl).toBe(`${publicUrl()}${sebConfigPath(examId)}`);
  expect(res.body.data?.seb?.sebUrl).toBe(`${publicUrl().replace(/^http/, 'seb')}${sebConfigPath(examId)}`);
};

const inSeb = async (attemptId: string) => ((await server.deps.db('attempts').where({ id: attemptId }).first('in_seb')) as { in_seb: boolean }).in_seb;

describe('an exam that requires Safe Exam Browser, over REST', () => {
  it('refuses a student’s plain browser the exam with the message and the links to its file', async () => {
    const { exam, token } = await sebExam();
    refusedForSeb(await server.api('GET', `/exams/${exam.id}`, undefined, { token }), exam.id);
    refusedForSeb(await server.api('POST', `/exams/${exam.id}/start`, undefined, { token }), exam.id);
    refusedForSeb(await server.api('POST', '/submissions/start', { examId: exam.id }, { token }), exam.id);
    expect(await server.deps.db('attempts').where({ exam_id: exam.id }).first()).toBeUndefined();
  });

  it('lets SEB with the exam’s file read and start the exam, and marks the attempt as sat in SEB', async () => {
    const { exam, token } = await sebExam();
    const read = await server.api('GET', `/exams/${exam.id}`, undefined, { token, headers: sebHeaders(exam.id, `/exams/${exam.id}`) });
    expect(read.status).toBe(200);
    expect(read.body.data.exam.settings.requireSeb).toBe(true);
    const started = await server.api('POST', `/exams/${exam.id}/start`, undefined, { token, headers: sebHeaders(exam.id, `/exams/${exam.id}/start`) });
    expect(started.status).toBe(201);
    expect(await inSeb(started.body.data.submission._id)).toBe(true);
  });

  it('refuses a hash made for another address, another exam’s file or a changed file', async () => {
    const { exam, token } = await sebExam();
    const other = await sebExam();
    const path = `/exams/${exam.id}`;
    // A header seen on one address says nothing about another.
    refusedForSeb(await server.api('GET', path, undefined, { token, headers: sebHeaders(exam.id, `${path}/consent`) }), exam.id);
    refusedForSeb(await server.api('GET', path, undefined, { token, headers: sebHeaders(other.exam.id, path) }), exam.id);
    refusedForSeb(await server.api('GET', path, undefined, { token, headers: sebHeaders(exam.id, path, undefined, sha('a file the student edited')) }), exam.id);
    refusedForSeb(await server.api('GET', path, undefined, { token, headers: { 'x-safeexambrowser-configkeyhash': 'not a hash' } }), exam.id);
  });

  it('checks every call of the attempt: saves, submits, evidence, help and consent', async () => {
    const { exam, attempt, token } = await sebExam({ attempt: true });
    const calls: [string, string, unknown][] = [
      ['POST', '/submissions/answer', { submissionId: attempt!.id, questionId: exam.questionIds[0], answer: 'Four' }],
      ['POST', '/submissions/submit', { submissionId: attempt!.id }],
      ['POST', '/submissions', { examId: exam.id, answers: {} }],
      ['POST', `/exams/${exam.id}/help`, { check: 'camera', note: 'My camera does not start' }],
      ['GET', `/exams/${exam.id}/consent`, undefined],
      ['POST', `/exams/${exam.id}/consent`, { profileHash: 'x'.repeat(64) }],
    ];
    for (const [method, path, body] of calls) refusedForSeb(await server.api(method, path, body, { token }), exam.id);
    const form = new FormData();
    form.append('flagId', randomUUID());
    const evidence = await fetch(`${server.url}/api/attempts/${attempt!.id}/evidence`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(evidence.status).toBe(403);

    const saved = await server.api('POST', '/submissions/answer', calls[0]![2], { token, headers: sebHeaders(exam.id, '/submissions/answer') });
    expect(saved.status).toBe(200);
    const submitted = await server.api('POST', '/submissions/submit', calls[1]![2], { token, headers: sebHeaders(exam.id, '/submissions/submit') });
    expect(submitted.status).toBe(200);
  });

  it('takes the JavaScript API’s values where SEB sends no header, for a page of ours only', async () => {
    const { exam, token } = await sebExam();
    const path = `/exams/${exam.id}`;
    const asPage = (proof: SebPageProof) => ({
      'x-exam-seb-page-urls': proof.urls.map(encodeURIComponent).join(' '),
      'x-exam-seb-config-key': proof.configKey,
    });
    expect((await server.api('GET', path, undefined, { token, headers: asPage(pageProof(exam.id)) })).status).toBe(200);
    // Values SEB computed for someone else's page prove nothing here.
    refusedForSeb(await server.api('GET', path, undefined, { token, headers: asPage(pageProof(exam.id, `https://elsewhere.example/exam/${exam.id}`)) }), exam.id);
  });

  it('leaves staff, and exams that do not require SEB, as they were', async () => {
    const { teacher, exam } = await sebExam();
    expect((await server.api('GET', `/exams/${exam.id}`, undefined, { token: await login(teacher.email) })).status).toBe(200);
    const plain = await sebExam({ requireSeb: false });
    const started = await server.api('POST', `/exams/${plain.exam.id}/start`, undefined, { token: plain.token });
    expect(started.status).toBe(201);
    expect(await inSeb(started.body.data.submission._id)).toBe(false);
  });
});

describe('the Browser Exam Keys the school allows', () => {
  const allowed = 'a'.repeat(64);
  beforeAll(async () => {
    const admin = await buildUser(server.deps, { role: 'admin' });
    const res = await server.api('PUT', '/platform-settings', { ...DEFAULT_PLATFORM_SETTINGS, seb: { allowedBrowserExamKeys: [allowed.toUpperCase()] } }, { token: await login(admin.email) });
    expect(res.status).toBe(200);
    expect(res.body.data.settings.seb.allowedBrowserExamKeys).toEqual([allowed]);
  });
  afterAll(async () => {
    await server.deps
      .db('platform_settings')
      .where({ id: 1 })
      .update({ settings: JSON.stringify({ ...DEFAULT_PLATFORM_SETTINGS }) });
    server.deps.settingsCache.copy = undefined;
  });

  it('lets in only an allowed SEB build once the list is not empty', async () => {
    const { exam, token } = await sebExam();
    const path = `/exams/${exam.id}`;
    refusedForSeb(await server.api('GET', path, undefined, { token, headers: sebHeaders(exam.id, path) }), exam.id);
    refusedForSeb(await server.api('GET', path, undefined, { token, headers: sebHeaders(exam.id, path, 'b'.repeat(64)) }), exam.id);
    expect((await server.api('GET', path, undefined, { token, headers: sebHeaders(exam.id, path, allowed) })).status).toBe(200);
  });

  it('asks the same of the socket’s proof', async () => {
    const { exam, attempt, student } = await sebExam({ attempt: true });
    const without = await socketWith(student.email, pageProof(exam.id));
    expect(await call(without, SOCKET_EVENTS.join, { attemptId: attempt!.id })).toMatchObject({ ok: false, code: 'seb-required' });
    const withKey = await socketWith(student.email, pageProof(exam.id, undefined, allowed));
    expect(await call(withKey, SOCKET_EVENTS.join, { attemptId: attempt!.id })).toMatchObject({ ok: true });
  });

  it('refuses a Browser Exam Key that is not 64 hexadecimal characters', async () => {
    const admin = await buildUser(server.deps, { role: 'admin' });
    const res = await server.api('PUT', '/platform-settings', { ...DEFAULT_PLATFORM_SETTINGS, seb: { allowedBrowserExamKeys: ['not-a-key'] } }, { token: await login(admin.email) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain(SEB_MSG.keyInvalid);
  });
});

/** A student's socket whose handshake carries SEB's JavaScript API values, as the web app's does in SEB. */
async function socketWith(email: string, seb?: SebPageProof): Promise<Socket> {
  const token = await login(email);
  const socket = connect(server.url, { transports: ['websocket'], auth: { token, ...(seb ? { seb } : {}) }, reconnection: false, forceNew: true });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('an exam that requires Safe Exam Browser, over the socket', () => {
  it('refuses the attempt’s join, saves and submit from a socket whose handshake had no SEB proof', async () => {
    const { exam, attempt, student } = await sebExam({ attempt: true });
    const socket = await socketWith(student.email);
    const refused = { ok: false, code: 'seb-required', message: SEB_MSG.required };
    expect(await call(socket, SOCKET_EVENTS.join, { attemptId: attempt!.id })).toMatchObject(refused);
    expect(await call(socket, SOCKET_EVENTS.save, { attemptId: attempt!.id, questionId: exam.questionIds[0], answer: 'Four', seq: 1 })).toMatchObject(refused);
    expect(await call(socket, SOCKET_EVENTS.violation, { attemptId: attempt!.id, type: 'tab-switch', at: Date.now() })).toMatchObject(refused);
    expect(await call(socket, SOCKET_EVENTS.submit, { attemptId: attempt!.id })).toMatchObject(refused);
    expect(await server.deps.db('answers').where({ attempt_id: attempt!.id }).first()).toBeUndefined();
    expect(await inSeb(attempt!.id)).toBe(false);
  });

  it('refuses a proof made for another exam, or for a page that is not ours', async () => {
    const { exam, attempt, student } = await sebExam({ attempt: true });
    const other = await sebExam();
    for (const proof of [pageProof(other.exam.id, `${publicUrl()}/exam/${exam.id}`), pageProof(exam.id, `https://elsewhere.example/exam/${exam.id}`)]) {
      const socket = await socketWith(student.email, proof);
      expect(await call(socket, SOCKET_EVENTS.join, { attemptId: attempt!.id })).toMatchObject({ ok: false, code: 'seb-required' });
    }
  });

  it('lets the socket of a page in SEB join, save and submit, and shows the attempt as sat in SEB on the proctor board', async () => {
    const { exam, attempt, student, teacher } = await sebExam({ attempt: true });
    // SEB for Windows computed the values for the page it loaded first (sign-in), not the one shown now.
    const proof = pageProof(exam.id, `${publicUrl()}/login`);
    const socket = await socketWith(student.email, { ...proof, urls: [`${publicUrl()}/exam/${exam.id}`, ...proof.urls] });
    expect(await call(socket, SOCKET_EVENTS.join, { attemptId: attempt!.id })).toMatchObject({ ok: true });
    expect(await inSeb(attempt!.id)).toBe(true);
    const board = await watchBoard(await socketWith(teacher.email), exam.id);
    expect(board.students.find((r) => r.attemptId === attempt!.id)).toMatchObject({ inSeb: true, status: 'in_progress' });
    expect(await call(socket, SOCKET_EVENTS.save, { attemptId: attempt!.id, questionId: exam.questionIds[0], answer: 'Four', seq: 1 })).toMatchObject({ ok: true });
    expect(await call(socket, SOCKET_EVENTS.submit, { attemptId: attempt!.id })).toMatchObject({ ok: true });
  });

  it('leaves the socket of an exam that does not require SEB as it was', async () => {
    const { attempt, student } = await sebExam({ requireSeb: false, attempt: true });
    const socket = await socketWith(student.email);
    expect(await call(socket, SOCKET_EVENTS.join, { attemptId: attempt!.id })).toMatchObject({ ok: true });
  });
});
