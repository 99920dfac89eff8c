import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent } from '../test/sockets';
import { sweepOnce } from '../jobs/deadlineSweeper';

const TURN = [{ urls: ['stun:stun.school.test:3478', 'turn:turn.school.test:3478'], username: 'hall', credential: 's3cret' }];

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 60_000, env: { ICE_SERVERS: JSON.stringify(TURN) } });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const CAMERA = { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: true, enableMicrophone: false } };

async function connected(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}

/** A camera exam with its proctor watching and one student sitting it, the proctor's tile open. */
async function watchedStudent() {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { grade: 7, settings: CAMERA });
  const proctor = await connected(teacher.email);
  await call(proctor, 'proctor:watch', { examId: exam.id });
  const student = await buildUser(server.deps, { role: 'student' });
  await server.deps.db('users').where({ id: student.id }).update({ grade: 7 });
  const token = (await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken;
  // A camera exam asks for the student's consent first (issue 58).
  const consent = await server.api('GET', `/exams/${exam.id}/consent`, undefined, { token });
  await server.api('POST', `/exams/${exam.id}/consent`, { profileHash: consent.body.data.profileHash }, { token });
  const start = await server.api('POST', `/exams/${exam.id}/start`, undefined, { token });
  const attemptId = start.body.data.submission._id as string;
  const socket = await connected(student.email);
  await call(socket, 'attempt:join', { attemptId });
  const asked = nextEvent(socket, 'camera:request');
  const ack = await call(proctor, 'camera:request', { attemptId });
  return { proctor, socket, token, attemptId, ack, request: await asked };
}

describe('the camera', () => {
  it('gives both peers the configured STUN/TURN servers, credentials included', async () => {
    const { ack, request, proctor } = await watchedStudent();
    expect(ack).toEqual({ ok: true, iceServers: TURN });
    expect(request).toEqual({ attemptId: expect.any(String), proctorSocketId: proctor.id, iceServers: TURN });
  });

  it('is closed on both ends when the student submits', async () => {
    const { proctor, socket, token, attemptId } = await watchedStudent();
    const studentSide = nextEvent(socket, 'camera:closed');
    const proctorSide = nextEvent(proctor, 'camera:closed');
    expect((await server.api('POST', '/submissions/submit', { submissionId: attemptId }, { token })).status).toBe(200);
    expect(await studentSide).toEqual({ attemptId, reason: 'student' });
    expect(await proctorSide).toEqual({ attemptId, reason: 'student' });
    // And no proctor can open it again afterwards.
    expect(await call(proctor, 'camera:request', { attemptId })).toMatchObject({ ok: false, code: 'conflict' });
  });

  it('is closed on both ends when a proctor force-submits', async () => {
    const { proctor, socket, attemptId } = await watchedStudent();
    const studentSide = nextEvent(socket, 'camera:closed');
    const proctorSide = nextEvent(proctor, 'camera:closed');
    expect(await call(proctor, 'proctor:submit', { attemptId })).toEqual({ ok: true });
    expect(await studentSide).toEqual({ attemptId, reason: 'proctor' });
    expect(await proctorSide).toEqual({ attemptId, reason: 'proctor' });
  });

  it('is closed on both ends when the time runs out', async () => {
    const { proctor, socket, attemptId } = await watchedStudent();
    await server.deps.db('attempts').where({ id: attemptId }).update({ deadline_at: new Date(Date.now() - 5000) });
    const studentSide = nextEvent(socket, 'camera:closed');
    const proctorSide = nextEvent(proctor, 'camera:closed');
    await sweepOnce(server.deps);
    expect(await studentSide).toEqual({ attemptId, reason: 'time-expired' });
    expect(await proctorSide).toEqual({ attemptId, reason: 'time-expired' });
  });
});
