import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { THUMB_MAX_CHARS } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent } from '../test/sockets';
import { THUMB_TIMING } from './thumbHandlers';

let server: TestServer;
const sockets: Socket[] = [];
const timing = { ...THUMB_TIMING };
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 60_000 });
});
afterAll(async () => {
  Object.assign(THUMB_TIMING, timing);
  for (const s of sockets) s.close();
  await server?.stop();
});

const CAMERA = { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: true, enableMicrophone: false } };
/** A tiny valid base64 "picture": the server relays bytes, it never decodes them. */
const JPEG = Buffer.from('not really a jpeg but small').toString('base64');

async function connected(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}

async function sittingStudent(examId: string) {
  const student = await buildUser(server.deps, { role: 'student' });
  await server.deps.db('users').where({ id: student.id }).update({ grade: 7 });
  const token = (await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken;
  const consent = await server.api('GET', `/exams/${examId}/consent`, undefined, { token });
  await server.api('POST', `/exams/${examId}/consent`, { profileHash: consent.body.data.profileHash }, { token });
  const start = await server.api('POST', `/exams/${examId}/start`, undefined, { token });
  const attemptId = start.body.data.submission._id as string;
  const socket = await connected(student.email);
  await call(socket, 'attempt:join', { attemptId });
  return { socket, attemptId };
}

/** A camera exam, its proctor watching the board, and one student sitting it. */
async function hall() {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { grade: 7, settings: CAMERA });
  const proctor = await connected(teacher.email);
  await call(proctor, 'proctor:watch', { examId: exam.id });
  return { exam, proctor, teacher, ...(await sittingStudent(exam.id)) };
}

describe('the hall at a glance', () => {
  it("asks the exam's students for thumbnails while the board shows tiles, and relays them to the board", async () => {
    const { exam, proctor, socket, attemptId } = await hall();
    const asked = nextEvent(socket, 'attempt:thumbs');
    expect(await call(proctor, 'proctor:tiles', { examId: exam.id, on: true })).toEqual({ ok: true });
    expect(await asked).toEqual({ intervalMs: 5000 });

    const shown = nextEvent(proctor, 'proctor:thumb');
    expect(await call(socket, 'attempt:thumb', { attemptId, jpeg: JPEG })).toEqual({ ok: true });
    expect(await shown).toEqual({ attemptId, jpeg: JPEG, at: expect.any(String) });

    const stopped = nextEvent(socket, 'attempt:thumbs');
    expect(await call(proctor, 'proctor:tiles', { examId: exam.id, on: false })).toEqual({ ok: true });
    expect(await stopped).toEqual({ intervalMs: null });
  });

  it('refuses a picture over 8 KB, one for an attempt not joined, and one sent too soon', async () => {
    const { exam, proctor, socket, attemptId } = await hall();
    const other = await sittingStudent(exam.id);
    await call(proctor, 'proctor:tiles', { examId: exam.id, on: true });
    const tooBig = 'A'.repeat(THUMB_MAX_CHARS + 4);
    expect(await call(socket, 'attempt:thumb', { attemptId, jpeg: tooBig })).toMatchObject({ ok: false, code: 'invalid' });
    expect(await call(socket, 'attempt:thumb', { attemptId: other.attemptId, jpeg: JPEG })).toMatchObject({ ok: false, code: 'invalid', message: 'Join the attempt first.' });
    expect(await call(socket, 'attempt:thumb', { attemptId, jpeg: JPEG })).toEqual({ ok: true });
    expect(await call(socket, 'attempt:thumb', { attemptId, jpeg: JPEG })).toMatchObject({ ok: false, code: 'too-many-requests' });
    await call(proctor, 'proctor:tiles', { examId: exam.id, on: false });
  });

  it('lets only a proctor of the exam turn the tiles on', async () => {
    const { exam, socket } = await hall();
    const stranger = await buildUser(server.deps, { role: 'teacher' });
    const strangerSocket = await connected(stranger.email);
    expect(await call(strangerSocket, 'proctor:tiles', { examId: exam.id, on: true })).toMatchObject({ ok: false });
    expect(await call(socket, 'proctor:tiles', { examId: exam.id, on: true })).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('tells the students to stop when no board has renewed in time', async () => {
    THUMB_TIMING.expiryMs = 300;
    try {
      const { exam, proctor, socket } = await hall();
      const asked = nextEvent(socket, 'attempt:thumbs');
      await call(proctor, 'proctor:tiles', { examId: exam.id, on: true });
      expect(await asked).toEqual({ intervalMs: 5000 });
      const since = Date.now();
      expect(await nextEvent(socket, 'attempt:thumbs', 5000)).toEqual({ intervalMs: null });
      expect(Date.now() - since).toBeGreaterThanOrEqual(250);
    } finally {
      THUMB_TIMING.expiryMs = timing.expiryMs;
    }
  });
});
