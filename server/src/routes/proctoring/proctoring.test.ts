import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_SETTINGS_DEFAULTS, MAX_EVIDENCE_BYTES, PROCTOR_EVENTS, PROCTORING_MSG, SOCKET_EVENTS, type ProctorHelpEvent, type ProctorWaiverEvent } from '@exam/shared';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type ApiResult, type TestServer } from '../../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../../test/sockets';
import { sendProctorMessage } from '../../services/proctorActions';
import { isWaived } from '../../services/waivers';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

const login = async (email: string) => (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
async function person(role: 'student' | 'teacher' | 'admin' | 'parent') {
  const user = await buildUser(server.deps, { role });
  return { user, token: await login(user.email) };
}
async function socketOf(email: string) {
  const s = await connectAs(server, email);
  sockets.push(s);
  return s;
}

const proctoring = (over: Record<string, unknown> = {}) => ({ proctoring: { ...EXAM_SETTINGS_DEFAULTS.proctoring, enabled: true, enableCamera: true, evidencePictures: true, ...over } });

/** A teacher's proctored exam with one student sitting it. */
async function sitting(settings = proctoring()) {
  const teacher = await person('teacher');
  const student = await person('student');
  const exam = await buildExam(server.deps, teacher.user.id, { settings });
  const attempt = await buildAttempt(server.deps, exam.id, student.user.id, 1, 'in_progress');
  return { teacher, student, exam, attempt };
}

/** A real JPEG, padded with trailing bytes to the size asked (readers stop at the end marker). */
async function jpeg(size?: number): Promise<Buffer> {
  const img = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } }).jpeg({ quality: 70 }).toBuffer();
  return size ? Buffer.concat([img, Buffer.alloc(size - img.length)]) : img;
}

async function upload(token: string, attemptId: string, picture: Buffer, fields: Record<string, string> = {}, type = 'image/jpeg') {
  const form = new FormData();
  for (const [k, v] of Object.entries({ flagId: randomUUID(), kind: 'face-missing', source: 'camera', ...fields })) form.append(k, v);
  form.append('picture', new Blob([new Uint8Array(picture)], { type }), 'flag.jpg');
  const res = await fetch(`${server.url}/api/attempts/${attemptId}/evidence`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as ApiResult['body'] };
}

async function fetchPicture(token: string, id: string) {
  const res = await fetch(`${server.url}/api/evidence/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('evidence pictures', () => {
  it('a picture of exactly 60 KB is kept in the shared file store, named by its attempt, until the retention ends', async () => {
    const { student, attempt } = await sitting();
    const picture = await jpeg(MAX_EVIDENCE_BYTES);
    const flagId = randomUUID();
    const res = await upload(student.token, attempt.id, picture, { flagId, kind: 'faces-multiple' });
    expect(res.status).toBe(201);
    const item = res.body.data.evidence;
    expect(item).toMatchObject({ attemptId: attempt.id, flagId, kind: 'faces-multiple', source: 'camera', size: MAX_EVIDENCE_BYTES });
    const days = (Date.parse(item.expiresAt) - Date.parse(item.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);
    const stored = await server.deps.files.get(`evidence/${attempt.id}/${item.id}.jpg`);
    expect(stored?.bytes.equals(picture)).toBe(true);
  });

  it('a picture one byte over 60 KB is refused with the limit named', async () => {
    const { student, attempt } = await sitting();
    const res = await upload(student.token, attempt.id, await jpeg(MAX_EVIDENCE_BYTES + 1));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PROCTORING_MSG.evidenceTooLarge);
    expect(await server.deps.db('proctoring_evidence').where({ attempt_id: attempt.id })).toHaveLength(0);
  });

  it('a PNG is refused even when it claims to be a JPEG', async () => {
    const { student, attempt } = await sitting();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } }).png().toBuffer();
    const res = await upload(student.token, attempt.id, png, {}, 'image/jpeg');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PROCTORING_MSG.evidenceNotJpeg);
  });

  it('an exam that keeps no evidence refuses the picture', async () => {
    const { student, attempt } = await sitting(proctoring({ evidencePictures: false }));
    const res = await upload(student.token, attempt.id, await jpeg());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PROCTORING_MSG.evidenceOff);
  });

  it('a student cannot upload into another student’s attempt: it reads as none', async () => {
    const { attempt } = await sitting();
    const other = await person('student');
    expect((await upload(other.token, attempt.id, await jpeg())).status).toBe(404);
  });

  it('a second camera picture within 2 s is refused, while the screen’s picture of the same flag is kept', async () => {
    const { student, attempt } = await sitting(proctoring({ screenShare: { required: true } }));
    const flagId = randomUUID();
    expect((await upload(student.token, attempt.id, await jpeg(), { flagId })).status).toBe(201);
    expect((await upload(student.token, attempt.id, await jpeg(), { flagId, source: 'screen' })).status).toBe(201);
    const again = await upload(student.token, attempt.id, await jpeg());
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(PROCTORING_MSG.evidenceTooFrequent);
  });

  it('opens for the student, the exam’s teacher and an admin, never cached; another student, another teacher and a parent are told it does not exist', async () => {
    const { teacher, student, attempt } = await sitting();
    const picture = await jpeg();
    const { id } = (await upload(student.token, attempt.id, picture)).body.data.evidence;
    const admin = await person('admin');
    for (const who of [student, teacher, admin]) {
      const res = await fetchPicture(who.token, id);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.bytes.equals(picture)).toBe(true);
    }
    for (const role of ['student', 'teacher', 'parent'] as const) {
      const res = await fetchPicture((await person(role)).token, id);
      expect(res.status).toBe(404);
    }
    // Never among the public uploads, whatever the path.
    const pub = await fetch(`${server.url}/uploads/evidence/${attempt.id}/${id}.jpg`);
    expect(pub.status).toBe(404);
  });

  it('the attempt’s list shows each picture to the exam’s teacher and not to another teacher', async () => {
    const { teacher, student, attempt } = await sitting();
    const flagId = randomUUID();
    await upload(student.token, attempt.id, await jpeg(), { flagId, kind: 'looking-away' });
    const list = await server.api('GET', `/attempts/${attempt.id}/evidence`, undefined, { token: teacher.token });
    expect(list.status).toBe(200);
    expect(list.body.data.evidence).toEqual([expect.objectContaining({ flagId, kind: 'looking-away', source: 'camera' })]);
    const other = await person('teacher');
    expect((await server.api('GET', `/attempts/${attempt.id}/evidence`, undefined, { token: other.token })).status).toBe(404);
  });
});

describe('waivers', () => {
  it('a teacher waives a check for one student: the board and the student hear it, it is listed, and revoking it is heard too', async () => {
    const { teacher, student, exam } = await sitting();
    const board = await socketOf(teacher.user.email);
    await watchBoard(board, exam.id);
    const device = await socketOf(student.user.email);
    const path = `/exams/${exam.id}/waivers/${student.user.id}/face`;

    const heardByBoard = nextEvent<ProctorWaiverEvent>(board, PROCTOR_EVENTS.waiver);
    const heardByStudent = nextEvent<ProctorWaiverEvent>(device, PROCTOR_EVENTS.waiver);
    const put = await server.api('PUT', path, { reason: 'Screen reader in use' }, { token: teacher.token });
    expect(put.status).toBe(200);
    const granted = { examId: exam.id, studentId: student.user.id, check: 'face', reason: 'Screen reader in use', granted: true };
    // The board is told who decided (a shared hall has several proctors); the student is not.
    expect(await heardByBoard).toEqual({ ...granted, by: teacher.user.id, byName: `${teacher.user.first_name} ${teacher.user.last_name}` });
    expect(await heardByStudent).toEqual(granted);
    expect(await isWaived(server.deps, exam.id, student.user.id, 'face')).toBe(true);
    expect(await isWaived(server.deps, exam.id, student.user.id, 'voice')).toBe(false);

    const list = await server.api('GET', `/exams/${exam.id}/waivers`, undefined, { token: teacher.token });
    expect(list.body.data.waivers).toEqual([expect.objectContaining({ studentId: student.user.id, check: 'face', reason: 'Screen reader in use', grantedBy: teacher.user.id })]);

    const revoked = nextEvent<ProctorWaiverEvent>(board, PROCTOR_EVENTS.waiver);
    expect((await server.api('DELETE', path, undefined, { token: teacher.token })).status).toBe(200);
    expect(await revoked).toMatchObject({ check: 'face', granted: false });
    // This node forgets its copy at once, without waiting for the cache to age.
    expect(await isWaived(server.deps, exam.id, student.user.id, 'face')).toBe(false);
    expect((await server.api('GET', `/exams/${exam.id}/waivers`, undefined, { token: teacher.token })).body.data.waivers).toEqual([]);
  });

  it('an unknown check is refused by name, and a teacher of another exam cannot waive', async () => {
    const { teacher, student, exam } = await sitting();
    const unknown = await server.api('PUT', `/exams/${exam.id}/waivers/${student.user.id}/aura`, {}, { token: teacher.token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(PROCTORING_MSG.waiverCheckUnknown);
    const other = await person('teacher');
    expect((await server.api('PUT', `/exams/${exam.id}/waivers/${student.user.id}/face`, {}, { token: other.token })).status).toBe(403);
    expect((await server.api('PUT', `/exams/${exam.id}/waivers/${student.user.id}/face`, {}, { token: student.token })).status).toBe(403);
  });

  it('a flag of a waived check is acknowledged as ignored and not recorded; a check not waived is recorded', async () => {
    const { teacher, student, exam, attempt } = await sitting(proctoring({ faceChecks: { enabled: true, missingSeconds: 5, lookAwaySeconds: 8, multipleFaces: true } }));
    await server.deps.db('attempts').where({ id: attempt.id }).update({ started_at: new Date(Date.now() - 60_000) });
    await server.api('PUT', `/exams/${exam.id}/waivers/${student.user.id}/face`, {}, { token: teacher.token });
    const device = await socketOf(student.user.email);
    expect((await call(device, SOCKET_EVENTS.join, { attemptId: attempt.id })).ok).toBe(true);
    const flag = (type: string) => call(device, SOCKET_EVENTS.violation, { attemptId: attempt.id, type, durationMs: 5000, confidence: 0.9, flagId: randomUUID() });
    expect(await flag('face-missing')).toMatchObject({ ok: true, ignored: true, submitted: false });
    expect(await flag('voice')).toMatchObject({ ok: true, submitted: false });
    await server.deps.violations.drain();
    const logged = (await server.deps.db('attempt_events').where({ attempt_id: attempt.id, type: 'violation' }).select('detail')) as { detail: { violation: string } }[];
    expect(logged.map((e) => e.detail.violation)).toEqual(['voice']);
  });
});

describe('help requests', () => {
  it('a student asks for help, the board hears it and lists it open, a proctor resolves it and it leaves the open list', async () => {
    const { teacher, student, exam } = await sitting();
    const board = await socketOf(teacher.user.email);
    await watchBoard(board, exam.id);

    const heard = nextEvent<ProctorHelpEvent>(board, PROCTOR_EVENTS.help);
    const asked = await server.api('POST', `/exams/${exam.id}/help`, { check: 'camera', note: 'My laptop has no camera' }, { token: student.token });
    expect(asked.status).toBe(201);
    const id = asked.body.data.request.id as string;
    expect(await heard).toMatchObject({ id, examId: exam.id, studentId: student.user.id, check: 'camera', note: 'My laptop has no camera', status: 'open' });

    const open = await server.api('GET', `/exams/${exam.id}/help?status=open`, undefined, { token: teacher.token });
    expect(open.body.data.requests).toEqual([expect.objectContaining({ id, check: 'camera', status: 'open', student: { firstName: student.user.first_name, lastName: student.user.last_name } })]);

    const resolvedHeard = nextEvent<ProctorHelpEvent>(board, PROCTOR_EVENTS.help);
    const resolved = await server.api('POST', `/help/${id}/resolve`, undefined, { token: teacher.token });
    expect(resolved.body.data.request).toMatchObject({ id, status: 'resolved' });
    expect(await resolvedHeard).toMatchObject({ id, status: 'resolved' });
    expect((await server.api('GET', `/exams/${exam.id}/help?status=open`, undefined, { token: teacher.token })).body.data.requests).toEqual([]);
    expect((await server.api('GET', `/exams/${exam.id}/help`, undefined, { token: teacher.token })).body.data.requests).toHaveLength(1);
  });

  it('a note over 300 characters is refused, and another teacher can neither list nor resolve', async () => {
    const { student, exam } = await sitting();
    const long = await server.api('POST', `/exams/${exam.id}/help`, { check: 'voice', note: 'x'.repeat(301) }, { token: student.token });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(PROCTORING_MSG.helpNoteTooLong);
    const { id } = (await server.api('POST', `/exams/${exam.id}/help`, { check: 'voice' }, { token: student.token })).body.data.request;
    const other = await person('teacher');
    expect((await server.api('GET', `/exams/${exam.id}/help`, undefined, { token: other.token })).status).toBe(403);
    expect((await server.api('POST', `/help/${id}/resolve`, undefined, { token: other.token })).status).toBe(403);
  });
});

describe('the proctor feed’s history', () => {
  it('reads back newest first, a message to all once with its count, page by page without repeats', async () => {
    const teacher = await person('teacher');
    const students = await Promise.all([person('student'), person('student'), person('student')]);
    const exam = await buildExam(server.deps, teacher.user.id, { settings: proctoring() });
    const attempts = await Promise.all(students.map((s) => buildAttempt(server.deps, exam.id, s.user.id, 1, 'in_progress')));
    const log = (attemptId: string, type: string, detail: Record<string, unknown>) =>
      server.deps.db('attempt_events').insert({ attempt_id: attemptId, type, actor_id: teacher.user.id, detail: JSON.stringify(detail) });
    await log(attempts[0]!.id, 'violation', { violation: 'tab-switch' });
    const proctor = { user: { id: teacher.user.id, role: 'teacher' as const, grade: null }, children: [] };
    await sendProctorMessage(server.deps, proctor, { examId: exam.id, text: 'Ten minutes left' });
    await log(attempts[1]!.id, 'extended', { minutes: 5 });
    await sendProctorMessage(server.deps, proctor, { examId: exam.id, attemptId: attempts[2]!.id, text: 'Sit up straight' });

    const all = await server.api('GET', `/exams/${exam.id}/proctor-feed`, undefined, { token: teacher.token });
    expect(all.status).toBe(200);
    expect(all.body.data.events.map((e: { type: string; detail: { text?: string } }) => e.detail.text ?? e.type)).toEqual(['Sit up straight', 'extended', 'Ten minutes left', 'violation']);
    expect(all.body.data.events[2].detail).toMatchObject({ broadcastId: expect.any(String), count: 3 });
    expect(all.body.data.nextBefore).toBeNull();

    const first = await server.api('GET', `/exams/${exam.id}/proctor-feed?limit=3`, undefined, { token: teacher.token });
    expect(first.body.data.events).toHaveLength(3);
    const rest = await server.api('GET', `/exams/${exam.id}/proctor-feed?limit=3&before=${first.body.data.nextBefore}`, undefined, { token: teacher.token });
    expect(rest.body.data.events.map((e: { type: string }) => e.type)).toEqual(['violation']);
    expect(rest.body.data.nextBefore).toBeNull();

    const other = await person('teacher');
    expect((await server.api('GET', `/exams/${exam.id}/proctor-feed`, undefined, { token: other.token })).status).toBe(403);
  });
});
