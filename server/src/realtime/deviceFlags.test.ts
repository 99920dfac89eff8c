import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEFAULT_PLATFORM_SETTINGS, PROCTORING_MSG, PROFILE_DEFAULTS, SESSION_MSG, type ProctorEvent } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { forgetPlatformSettings } from '../services/platformSettings';
import { call, connectAs, nextEvent, watchBoard } from '../test/sockets';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const PROCTORED = { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true, enableCamera: true, enableMicrophone: false };
const FACE = { ...PROCTORED, faceChecks: { enabled: true, missingSeconds: 5, lookAwaySeconds: 8, multipleFaces: true } };

async function connected(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}

async function student() {
  const user = await buildUser(server.deps, { role: 'student' });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

/** A student sitting an exam with these proctoring settings, started ten minutes ago and joined. */
async function sitting(proctoring: Record<string, unknown>) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 1, settings: { proctoring } });
  const s = await student();
  // Consent first when the exam asks for it (tested on its own below).
  const consent = await api('GET', `/exams/${exam.id}/consent`, undefined, { token: s.token });
  if (consent.body.data.required) await api('POST', `/exams/${exam.id}/consent`, { profileHash: consent.body.data.profileHash }, { token: s.token });
  const start = await api('POST', `/exams/${exam.id}/start`, undefined, { token: s.token });
  expect(start.status).toBe(201);
  const attemptId = start.body.data.submission._id as string;
  await server.deps.db('attempts').where({ id: attemptId }).update({ started_at: new Date(Date.now() - 10 * 60_000) });
  const socket = await connected(s.user.email);
  expect((await call(socket, 'attempt:join', { attemptId })).ok).toBe(true);
  return { teacher, exam, ...s, attemptId, socket };
}

const flag = (attemptId: string, type: string, extra: Record<string, unknown> = {}) => ({ attemptId, type, durationMs: 5000, confidence: 0.8, ...extra });

describe('device flags', () => {
  it('refuse a bad kind, flag fields on a page kind, a duration under 3 s or longer than the attempt', async () => {
    const { socket, attemptId } = await sitting(FACE);
    expect(await call(socket, 'violation', { attemptId, type: 'aliens', durationMs: 5000 })).toMatchObject({ ok: false, code: 'invalid' });
    expect(await call(socket, 'violation', { attemptId, type: 'copy', durationMs: 5000 })).toEqual({ ok: false, code: 'invalid', message: PROCTORING_MSG.flagFieldsNotAllowed });
    expect(await call(socket, 'violation', flag(attemptId, 'face-missing', { durationMs: 2999 }))).toEqual({ ok: false, code: 'invalid', message: PROCTORING_MSG.flagDurationImpossible });
    expect(await call(socket, 'violation', flag(attemptId, 'face-missing', { durationMs: 11 * 60_000 }))).toEqual({ ok: false, code: 'invalid', message: PROCTORING_MSG.flagDurationImpossible });
    expect(await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' })).toHaveLength(0);
  });

  it('are refused from a socket that has not joined the attempt', async () => {
    const { user, attemptId } = await sitting(FACE);
    const other = await connected(user.email);
    expect(await call(other, 'violation', flag(attemptId, 'voice'))).toEqual({ ok: false, code: 'invalid', message: SESSION_MSG.joinFirst });
  });

  it('refuse the sixth flag within a second, and a second flag of one kind within 3 s', async () => {
    const { socket, attemptId } = await sitting(FACE);
    const kinds = ['face-missing', 'faces-multiple', 'looking-away', 'voice', 'second-monitor', 'screen-not-whole'];
    const acks = await Promise.all(kinds.map((k) => call(socket, 'violation', flag(attemptId, k))));
    expect(acks.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(acks[5]).toEqual({ ok: false, code: 'too-many-requests', message: PROCTORING_MSG.flagTooFrequent });
    expect(await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' })).toHaveLength(5);
  });

  it('never submit the attempt, even a kind the exam counts: one warning each, the limits untouched', async () => {
    const { socket, attemptId } = await sitting({ ...FACE, tabSwitchesAllowed: 0, countedFlags: ['face-missing'] });
    const ack = await call(socket, 'violation', flag(attemptId, 'face-missing'));
    expect(ack).toEqual({ ok: true, counts: { tabSwitches: 0, fullscreenExits: 0 }, submitted: false });
    await call(socket, 'violation', flag(attemptId, 'voice'));
    const row = await server.deps.db('attempts').where({ id: attemptId }).first('status', 'warnings', 'other_violations', 'tab_switches');
    expect(row).toEqual({ status: 'in_progress', warnings: 1, other_violations: 0, tab_switches: 0 });
    // A tab switch over an allowance of none still submits, as before.
    expect((await call(socket, 'violation', { attemptId, type: 'tab-switch' })).submitted).toBe(true);
  });

  it('reach the proctor board with severity, confidence and duration, and are logged with them', async () => {
    const { teacher, exam, socket, attemptId } = await sitting(FACE);
    const proctor = await connected(teacher.email);
    await watchBoard(proctor, exam.id);
    const flagId = randomUUID();
    const seen = nextEvent<ProctorEvent>(proctor, 'proctor:event');
    expect((await call(socket, 'violation', flag(attemptId, 'faces-multiple', { durationMs: 4200, confidence: 0.91, flagId }))).ok).toBe(true);
    const event = await seen;
    expect(event).toMatchObject({ attemptId, type: 'violation' });
    expect(event.detail).toMatchObject({ violation: 'faces-multiple', severity: 'high', confidence: 0.91, durationMs: 4200, flagId });
    const logged = await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' }).first('detail');
    expect(logged.detail).toEqual({ violation: 'faces-multiple', confidence: 0.91, durationMs: 4200, flagId });
    // A board opened afterwards counts the flag apart from the violations.
    const reopened = await watchBoard(proctor, exam.id);
    expect(reopened.students.find((r) => r.attemptId === attemptId)?.violations).toEqual({ tabSwitches: 0, fullscreenExits: 0, other: 0, flags: 1 });
  });
});

describe('a waived check', () => {
  it('raises nothing: its flags are acknowledged as ignored and not recorded, the others are', async () => {
    const { exam, user, teacher, socket, attemptId } = await sitting(FACE);
    await server.deps.db('proctoring_waivers').insert({ exam_id: exam.id, student_id: user.id, check: 'face', reason: 'Screen reader in use', granted_by: teacher.id });
    expect(await call(socket, 'violation', flag(attemptId, 'face-missing'))).toEqual({ ok: true, ignored: true, counts: { tabSwitches: 0, fullscreenExits: 0 }, submitted: false });
    expect((await call(socket, 'violation', flag(attemptId, 'voice'))).ignored).toBeUndefined();
    const logged = await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'violation' });
    expect(logged.map((e: { detail: { violation: string } }) => e.detail.violation)).toEqual(['voice']);
  });
});

describe('consent before an attempt', () => {
  it('is required by an exam that uses the camera, given for the current version, asked again after a change, not for a resumed attempt', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 1, settings: { proctoring: FACE } });
    const { token } = await student();
    const refused = await api('POST', `/exams/${exam.id}/start`, undefined, { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PROCTORING_MSG.consentRequired);

    const status = await api('GET', `/exams/${exam.id}/consent`, undefined, { token });
    expect(status.body.data).toMatchObject({ required: true, accepted: false, waivers: [] });
    expect(status.body.data.summary.checks.map((c: { check: string }) => c.check)).toEqual(['camera', 'face', 'fullscreen', 'tab-switch']);
    expect(status.body.data.summary.evidence).toEqual({ pictures: false, sources: [], retentionDays: 30 });
    const stale = await api('POST', `/exams/${exam.id}/consent`, { profileHash: 'a'.repeat(64) }, { token });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(PROCTORING_MSG.consentOutdated);
    expect((await api('POST', `/exams/${exam.id}/consent`, { profileHash: status.body.data.profileHash }, { token })).status).toBe(201);
    expect((await api('GET', `/exams/${exam.id}/consent`, undefined, { token })).body.data.accepted).toBe(true);
    expect((await api('POST', `/exams/${exam.id}/start`, undefined, { token })).status).toBe(201);

    // The teacher asks for a longer absence before a flag: a new version of what is checked.
    const settings = (await server.deps.db('exams').where({ id: exam.id }).first('settings')).settings;
    settings.proctoring.faceChecks.missingSeconds = 10;
    await server.deps.db('exams').where({ id: exam.id }).update({ settings: JSON.stringify(settings) });
    expect((await api('GET', `/exams/${exam.id}/consent`, undefined, { token })).body.data.accepted).toBe(false);
    // The attempt in progress goes on.
    expect((await api('POST', `/exams/${exam.id}/start`, undefined, { token })).status).toBe(200);
    // A new attempt does not.
    const other = await student();
    const again = await api('POST', `/exams/${exam.id}/start`, undefined, { token: other.token });
    expect(again.status).toBe(409);
  });

  it('is not asked by an exam without camera, microphone or screen checks', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 1, settings: { proctoring: { ...PROCTORED, enableCamera: false } } });
    const { token } = await student();
    expect((await api('GET', `/exams/${exam.id}/consent`, undefined, { token })).body.data).toMatchObject({ required: false, accepted: true });
    expect((await api('POST', `/exams/${exam.id}/start`, undefined, { token })).status).toBe(201);
  });
});

describe('a dropped connection', () => {
  it('is logged once as a network event with its length and cause when the student rejoins, never as a violation', async () => {
    const { teacher, exam, user, socket, attemptId } = await sitting(PROCTORED);
    const proctor = await connected(teacher.email);
    await watchBoard(proctor, exam.id);
    const before = await server.deps.db('attempts').where({ id: attemptId }).first('tab_switches', 'fullscreen_exits', 'other_violations', 'warnings');
    // The connection drops under the page (a closed transport), not the app leaving the exam.
    socket.io.engine.close();
    await expect.poll(async () => (await server.deps.db('attempts').where({ id: attemptId }).first('offline_since')).offline_since, { timeout: 5000 }).not.toBeNull();
    expect((await server.deps.db('attempts').where({ id: attemptId }).first('offline_cause')).offline_cause).toBe('network');
    // Pretend the gap lasted twelve seconds.
    const since = new Date(Date.now() - 12_000);
    await server.deps.db('attempts').where({ id: attemptId }).update({ offline_since: since });

    const networkEvent = new Promise<ProctorEvent>((resolve) => {
      const on = (e: ProctorEvent) => {
        if (e.type === 'network' && e.attemptId === attemptId) {
          proctor.off('proctor:event', on);
          resolve(e);
        }
      };
      proctor.on('proctor:event', on);
    });
    const back = await connected(user.email);
    expect((await call(back, 'attempt:join', { attemptId })).ok).toBe(true);
    const event = await networkEvent;
    expect(event.detail.offlineMs).toBeGreaterThanOrEqual(12_000);
    expect(event.detail.offlineMs).toBeLessThan(60_000);
    expect(event.detail.cause).toBe('network');
    const logged = await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'network' });
    expect(logged).toHaveLength(1);
    expect(logged[0].detail).toMatchObject({ since: since.toISOString(), cause: 'network' });
    const after = await server.deps.db('attempts').where({ id: attemptId }).first('tab_switches', 'fullscreen_exits', 'other_violations', 'warnings', 'offline_since', 'offline_cause');
    expect(after).toEqual({ ...before, offline_since: null, offline_cause: null });
    // The reviewer's timeline says why the student was away.
    const staff = (await api('POST', '/auth/login', { email: teacher.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const timeline = await api('GET', `/attempts/${attemptId}/timeline`, undefined, { token: staff });
    const reconnected = timeline.body.data.entries.find((e: { kind: string }) => e.kind === 'reconnected');
    expect(reconnected.detail).toMatchObject({ offlineMs: event.detail.offlineMs, cause: 'network' });
    // A second join of the same socket logs nothing more.
    await call(back, 'attempt:join', { attemptId });
    await expect.poll(async () => (await server.deps.db('attempt_events').where({ attempt_id: attemptId, type: 'network' })).length).toBe(1);
  });
});

describe('a proctor', () => {
  it("messages everyone sitting the exam with one broadcast id on every student's line", async () => {
    const a = await sitting({ ...PROCTORED, enableCamera: false });
    const other = await student();
    await server.deps.db('users').where({ id: other.user.id }).update({ grade: 10 });
    const start = await api('POST', `/exams/${a.exam.id}/start`, undefined, { token: other.token });
    const proctor = await connected(a.teacher.email);
    await watchBoard(proctor, a.exam.id);
    const events: ProctorEvent[] = [];
    proctor.on('proctor:event', (e: ProctorEvent) => e.type === 'message' && events.push(e));
    expect((await call(proctor, 'proctor:message', { examId: a.exam.id, text: 'Five minutes left.' })).ok).toBe(true);
    const ids = [a.attemptId, start.body.data.submission._id as string];
    const logged = await server.deps.db('attempt_events').whereIn('attempt_id', ids).where({ type: 'message' });
    expect(logged).toHaveLength(2);
    expect(new Set(logged.map((e: { detail: { broadcastId: string } }) => e.detail.broadcastId)).size).toBe(1);
    expect(logged[0].detail).toMatchObject({ to: 'all', count: 2 });
    await expect.poll(() => events.length).toBe(2);
    expect(events.map((e) => e.detail.broadcastId)).toEqual([logged[0].detail.broadcastId, logged[0].detail.broadcastId]);
  });

  it('cannot open the screen of a student whose exam does not share it, and can open the camera', async () => {
    const { teacher, attemptId, socket } = await sitting(PROCTORED);
    const proctor = await connected(teacher.email);
    expect(await call(proctor, 'camera:request', { attemptId, source: 'screen' })).toEqual({ ok: false, code: 'conflict', message: PROCTORING_MSG.screenNotUsed });
    const asked = nextEvent(socket, 'camera:request');
    expect((await call(proctor, 'camera:request', { attemptId })).ok).toBe(true);
    const request = await asked;
    expect(request.attemptId).toBe(attemptId);
    // No source named: the camera, as clients from before screen sharing expect.
    expect(request).not.toHaveProperty('source');
  });

  it('opens the screen of a student whose exam requires a screen share', async () => {
    const { teacher, attemptId, socket } = await sitting({ ...PROCTORED, screenShare: { required: true } });
    const proctor = await connected(teacher.email);
    const asked = nextEvent(socket, 'camera:request');
    expect((await call(proctor, 'camera:request', { attemptId, source: 'screen' })).ok).toBe(true);
    expect(await asked).toMatchObject({ attemptId, source: 'screen' });
  });
});

describe("the school's defaults", () => {
  it('give a new exam the device checks its creator leaves out, and keep evidence 30 days unless the admin says otherwise', async () => {
    const admin = await buildUser(server.deps, { role: 'admin' });
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const tokenOf = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const [adminToken, teacherToken] = [await tokenOf(admin.email), await tokenOf(teacher.email)];
    const profile = { ...PROFILE_DEFAULTS, evidencePictures: true, voiceCheck: { enabled: true, speechSeconds: 7 } };
    const school = { ...DEFAULT_PLATFORM_SETTINGS, examDefaults: { ...DEFAULT_PLATFORM_SETTINGS.examDefaults, proctoring: { ...DEFAULT_PLATFORM_SETTINGS.examDefaults.proctoring, profile } }, evidence: { retentionDays: 7 } };
    try {
      expect((await api('PUT', '/platform-settings', school, { token: adminToken })).status).toBe(200);
      const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
      const created = await api(
        'POST',
        '/exams',
        {
          title: 'Biology quiz',
          description: 'Cells and their parts',
          subject: 'mathematics',
          grade: 10,
          duration: 30,
          passingMarks: 50,
          schedule: { startDate: inHours(2), endDate: inHours(5), timezone: 'UTC' },
          settings: { proctoring: { enabled: true, enableCamera: true, evidencePictures: false } },
        },
        { token: teacherToken },
      );
      expect(created.status).toBe(201);
      expect(created.body.data.exam.settings.proctoring).toMatchObject({ evidencePictures: false, voiceCheck: { enabled: true, speechSeconds: 7 } });
      const { token } = await student();
      const examId = created.body.data.exam._id as string;
      await server.deps.db('exams').where({ id: examId }).update({ is_published: true });
      const consent = await api('GET', `/exams/${examId}/consent`, undefined, { token });
      expect(consent.body.data.summary.evidence.retentionDays).toBe(7);
    } finally {
      await api('PUT', '/platform-settings', DEFAULT_PLATFORM_SETTINGS, { token: adminToken });
      forgetPlatformSettings(server.deps);
    }
  });
});
