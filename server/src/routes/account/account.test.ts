import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DEFAULT_SETTINGS, EXAM_SETTINGS_DEFAULTS, MSG, PROFILE_MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { outbox, startTestServer, type ApiResult, type TestServer } from '../../test/harness';
import { connectAs } from '../../test/sockets';
import { uploadSpoolDir } from '../../middleware/fileUpload';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const login = async (email: string, password = TEST_PASSWORD) => (await api('POST', '/auth/login', { email, password })).body.data.accessToken as string;

async function signedIn(role: 'student' | 'teacher' | 'parent' | 'admin' = 'student', firstName?: string) {
  const user = await buildUser(server.deps, { role, firstName });
  return { user, token: await login(user.email) };
}

/** PUT /users/profile as the browser sends it: multipart, text fields and an optional file. */
async function putProfile(token: string, fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('avatar', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const res = await fetch(`${server.url}/api/users/profile`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as ApiResult['body'] };
}

const png = () => sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366ff' } }).png().toBuffer();

describe('profile', () => {
  it('updates the sent fields only and answers the user with bio and phoneNumber', async () => {
    const me = await signedIn();
    const res = await putProfile(me.token, { firstName: 'Mary', lastName: 'Ann Lee', phone: '+1 555 0100', bio: 'Likes maths', address: '1 School Road', dateOfBirth: '2010-04-05' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PROFILE_MSG.updated);
    expect(res.body.data.user).toMatchObject({ firstName: 'Mary', lastName: 'Ann Lee', name: 'Mary Ann Lee', phone: '+1 555 0100', phoneNumber: '+1 555 0100', bio: 'Likes maths', address: '1 School Road', dateOfBirth: '2010-04-05' });
    // Empty fields are "not sent": they keep their value.
    const again = await putProfile(me.token, { bio: 'Likes physics', phone: '' });
    expect(again.body.data.user).toMatchObject({ bio: 'Likes physics', phone: '+1 555 0100', firstName: 'Mary' });
  });

  it('refuses a blank name and a bad date with field messages', async () => {
    const me = await signedIn();
    const res = await putProfile(me.token, { firstName: '  ', dateOfBirth: '2010-13-45' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', msg: PROFILE_MSG.firstNameRequired },
        { field: 'dateOfBirth', msg: PROFILE_MSG.dateOfBirthInvalid },
      ]),
    );
  });

  it('re-encodes an avatar, serves it with long caching, and gives a new URL on change', async () => {
    const me = await signedIn();
    const res = await putProfile(me.token, {}, { bytes: await png(), name: 'me.png', type: 'image/png' });
    expect(res.status).toBe(200);
    const url = res.body.data.user.avatar as string;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
    const served = await fetch(`${server.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } }).gif().toBuffer();
    const changed = await putProfile(me.token, {}, { bytes: gif, name: 'new.gif', type: 'image/gif' });
    expect(changed.body.data.user.avatar).not.toBe(url);
    expect((await fetch(`${server.url}/uploads/avatars/${'0'.repeat(32)}.webp`)).status).toBe(404);
  });

  it('strips EXIF GPS positions from a JPEG', async () => {
    const me = await signedIn();
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#888888' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret Home' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await putProfile(me.token, {}, { bytes: jpeg, name: 'photo.jpg', type: 'image/jpeg' });
    expect(res.status).toBe(200);
    const stored = await server.deps.files.get(`avatars/${path.basename(res.body.data.user.avatar)}`);
    expect(stored).toBeDefined();
    const meta = await sharp(stored!.bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('refuses a 6 MB avatar with the documented text, and keeps the old one', async () => {
    const me = await signedIn();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await png());
    const res = await putProfile(me.token, { bio: 'should not be saved' }, { bytes: big, name: 'big.png', type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: PROFILE_MSG.avatarTooLarge, errors: [{ field: 'avatar', msg: PROFILE_MSG.avatarTooLarge }] });
    const row = await server.deps.db('users').where({ id: me.user.id }).first('bio', 'avatar');
    expect(row).toMatchObject({ bio: null, avatar: null });
    // The part received before the refusal is not left on disk.
    expect(readdirSync(uploadSpoolDir(server.dataDir))).toEqual([]);
  });

  it('judges the type by content: a text file named .png and a PNG header on text are refused', async () => {
    const me = await signedIn();
    const text = new TextEncoder().encode('just some words, not an image at all\n'.repeat(20));
    const named = await putProfile(me.token, {}, { bytes: text, name: 'cat.png', type: 'image/png' });
    expect(named.status).toBe(400);
    expect(named.body.message).toBe(PROFILE_MSG.avatarInvalidType);
    const disguised = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...text]);
    const headed = await putProfile(me.token, {}, { bytes: disguised, name: 'cat.png', type: 'image/png' });
    expect(headed.status).toBe(400);
    expect(headed.body.message).toBe(PROFILE_MSG.avatarInvalidType);
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } }).webp().toBuffer();
    const other = await putProfile(me.token, {}, { bytes: webp, name: 'ok.jpg', type: 'image/jpeg' });
    expect(other.body.message).toBe(PROFILE_MSG.avatarInvalidType);
  });

  it('refuses without a sign-in', async () => {
    const res = await putProfile('nope', { bio: 'x' });
    expect(res.status).toBe(401);
  });

  it('hides e-mail and phone from other users unless shown, never from admins', async () => {
    const owner = await signedIn();
    await putProfile(owner.token, { phone: '555-0199' });
    const other = await signedIn('teacher');
    const admin = await signedIn('admin');
    const seen = await api('GET', `/users/profile/${owner.user.id}`, undefined, { token: other.token });
    expect(seen.body.data.user).toMatchObject({ email: null, phone: null, phoneNumber: null, firstName: owner.user.first_name });
    const byAdmin = await api('GET', `/users/profile/${owner.user.id}`, undefined, { token: admin.token });
    expect(byAdmin.body.data.user).toMatchObject({ email: owner.user.email, phone: '555-0199' });
    await api('PUT', '/users/settings/bulk', { privacy: { showEmail: true, showPhone: true } }, { token: owner.token });
    const shown = await api('GET', `/users/profile/${owner.user.id}`, undefined, { token: other.token });
    expect(shown.body.data.user).toMatchObject({ email: owner.user.email, phone: '555-0199' });
    expect((await api('GET', '/users/profile/not-an-id', undefined, { token: other.token })).status).toBe(404);
  });
});

describe('password', () => {
  it('changes the password, signs out the other sessions and says so', async () => {
    const me = await signedIn();
    const otherDevice = await login(me.user.email);
    const res = await api('PUT', '/users/password', { currentPassword: TEST_PASSWORD, newPassword: 'a-new-secret' }, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`${PROFILE_MSG.passwordUpdated} ${PROFILE_MSG.otherSessionsSignedOut}`);
    expect((await api('GET', '/auth/me', undefined, { token: me.token })).status).toBe(200);
    expect((await api('GET', '/auth/me', undefined, { token: otherDevice })).status).toBe(401);
    expect((await api('POST', '/auth/login', { email: me.user.email, password: 'a-new-secret' })).status).toBe(200);
  });

  it('refuses a wrong current password and a short new one with the documented texts', async () => {
    const me = await signedIn();
    const wrong = await api('PUT', '/users/password', { currentPassword: 'not-it', newPassword: 'a-new-secret' }, { token: me.token });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.currentPasswordWrong);
    const short = await api('PUT', '/users/password', { currentPassword: TEST_PASSWORD, newPassword: '123' }, { token: me.token });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ field: 'newPassword', msg: 'Password must be at least 6 characters long' }]);
  });
});

describe('settings', () => {
  it('starts at the documented defaults, changes one key, many, and resets', async () => {
    const me = await signedIn();
    expect((await api('GET', '/users/settings', undefined, { token: me.token })).body.data.settings).toEqual(DEFAULT_SETTINGS);
    const one = await api('PUT', '/users/settings', { category: 'preferences', key: 'theme', value: 'dark' }, { token: me.token });
    expect(one.status).toBe(200);
    expect(one.body.data.settings.preferences.theme).toBe('dark');
    const bulk = await api('PUT', '/users/settings/bulk', { ...DEFAULT_SETTINGS, preferences: { ...DEFAULT_SETTINGS.preferences, timeFormat: '24h', dateFormat: 'DD/MM/YYYY' } }, { token: me.token });
    expect(bulk.body.message).toBe(PROFILE_MSG.settingsSaved);
    const now = (await api('GET', '/users/settings', undefined, { token: me.token })).body.data.settings;
    expect(now.preferences).toEqual({ ...DEFAULT_SETTINGS.preferences, timeFormat: '24h', dateFormat: 'DD/MM/YYYY' });
    const reset = await api('POST', '/users/settings/reset', undefined, { token: me.token });
    expect(reset.body).toMatchObject({ success: true, message: PROFILE_MSG.settingsReset, data: { settings: DEFAULT_SETTINGS } });
  });

  it('refuses values outside the documented choices, unknown keys and languages the app is not translated into', async () => {
    const me = await signedIn();
    const cases = [
      [{ category: 'preferences', key: 'timezone', value: 'Mars/Base' }, 'value'],
      [{ category: 'preferences', key: 'language', value: 'ja' }, 'value'],
      [{ category: 'exam', key: 'autoSave', value: 'yes' }, 'value'],
      [{ category: 'privacy', key: 'favouriteColour', value: 'red' }, 'key'],
      [{ category: 'billing', key: 'x', value: 1 }, 'category'],
    ] as const;
    for (const [body, field] of cases) {
      const res = await api('PUT', '/users/settings', body, { token: me.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].field).toBe(field);
    }
    const bulk = await api('PUT', '/users/settings/bulk', { preferences: { theme: 'neon' } }, { token: me.token });
    expect(bulk.status).toBe(400);
    expect(bulk.body.errors[0]).toEqual({ field: 'preferences.theme', msg: 'Must be one of: light, dark, auto' });
  });

  it('keeps each user’s settings their own', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await api('PUT', '/users/settings', { category: 'exam', key: 'confirmBeforeSubmit', value: false }, { token: a.token });
    expect((await api('GET', '/users/settings', undefined, { token: b.token })).body.data.settings.exam.confirmBeforeSubmit).toBe(true);
    expect((await api('GET', '/users/settings')).status).toBe(401);
  });
});

/** A teacher's ongoing exam of objective questions (graded at once), made through the API. */
async function objectiveExam(teacherToken: string, subject = 'science') {
  const res = await api('POST', '/exams', {
    title: `Quiz ${Math.random().toString(36).slice(2, 7)}`,
    description: 'An exam for the account tests',
    subject,
    grade: 10,
    duration: 60,
    passingMarks: 50,
    isPublished: true,
    settings: { ...EXAM_SETTINGS_DEFAULTS },
    schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3 * 3600_000).toISOString() },
    questions: [
      { text: 'Seven times six?', type: 'multiple-choice', subject, options: ['42', '36'], correctAnswer: '42', points: 1 },
      { text: 'Water is wet.', type: 'true-false', subject, correctAnswer: 'True', points: 1 },
    ],
  }, { token: teacherToken });
  expect(res.status).toBe(201);
  return res.body.data.exam._id as string;
}

/** The student sits the exam and submits with so many right answers (0, 1 or 2). */
async function sit(examId: string, token: string, right: number) {
  const start = await api('POST', `/exams/${examId}/start`, undefined, { token });
  const attemptId = start.body.data.submission._id as string;
  const qs = start.body.data.questions as { _id: string; text: string }[];
  let given = 0;
  for (const q of qs) {
    const good = given++ < right;
    const answer = q.text.startsWith('Seven') ? (good ? '42' : '36') : good ? 'True' : 'False';
    await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: q._id, answer }, { token });
  }
  await api('POST', '/submissions/submit', { submissionId: attemptId }, { token });
  return attemptId;
}

describe('statistics and achievements', () => {
  it('counts a student’s results, ranks them in their grade, and awards achievements live', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn();
    const rival = await signedIn();
    const socket = await connectAs(server, student.user.email);
    sockets.push(socket);
    const exam1 = await objectiveExam(teacher.token);
    await sit(exam1, rival.token, 2);
    const live = new Promise<{ type: string; title: string }>((resolve) =>
      socket.on('notification', (n: { type: string; title: string }) => n.type === 'achievement' && resolve(n)),
    );
    await sit(exam1, student.token, 1);
    expect((await live).title).toBe('Achievement unlocked: First Exam Passed');
    const stats = (await api('GET', '/users/stats', undefined, { token: student.token })).body.data.stats;
    expect(stats).toMatchObject({ role: 'student', totalExams: 1, completedExams: 1, averageScore: 50 });
    expect(stats.rank).toBeGreaterThanOrEqual(2);
    const rivalStats = (await api('GET', '/users/stats', undefined, { token: rival.token })).body.data.stats;
    expect(rivalStats.rank).toBe(1);
    expect(rivalStats.rankOutOf).toBe(stats.rankOutOf);

    const exam2 = await objectiveExam(teacher.token);
    await sit(exam2, student.token, 2);
    const list = (await api('GET', '/users/achievements', undefined, { token: student.token })).body.data as { key: string; earnedAt: string }[];
    expect(list.map((a) => a.key)).toEqual(['first-pass', 'perfect-score', 'subject-improver']);
    expect(Number.isNaN(Date.parse(list[0]!.earnedAt))).toBe(false);
    const teacherAch = (await api('GET', '/users/achievements', undefined, { token: teacher.token })).body.data;
    expect(teacherAch.map((a: { key: string }) => a.key)).toEqual(['first-graded']);
    // Each achievement is told once, when earned, just after the result that earned it: the second
    // exam judged the whole record again and told only what was new (the teacher's first graded
    // exam was the first one).
    const told = async (token: string) =>
      ((await api('GET', '/notifications', undefined, { token })).body.data.notifications as { type: string; metadata: { achievement?: string } }[])
        .filter((n) => n.type !== 'exam')
        .map((n) => n.metadata.achievement ?? n.type)
        .reverse();
    expect(await told(student.token)).toEqual(['result', 'first-pass', 'result', 'perfect-score', 'subject-improver']);
    expect((await told(teacher.token)).filter((t) => t !== 'result')).toEqual(['first-graded']);
    const tStats = (await api('GET', '/users/stats', undefined, { token: teacher.token })).body.data.stats;
    expect(tStats).toMatchObject({ role: 'teacher', createdExams: 2, activeExams: 2, totalStudents: 2, successRate: 100 });
    const nobody = await signedIn();
    expect((await api('GET', '/users/achievements', undefined, { token: nobody.token })).body.data).toEqual([]);
    expect((await api('GET', '/users/stats', undefined, { token: nobody.token })).body.data.stats).toMatchObject({ totalExams: 0, averageScore: 0, rank: null });
  });

  it('tells a result even when what it earned cannot be stored', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn();
    // Every new achievement refused (this test's own schema): the result must still reach the student.
    await server.deps.db.raw('alter table achievements add constraint refuses_all check (false) not valid');
    onTestFinished(async () => void (await server.deps.db.raw('alter table achievements drop constraint refuses_all')));
    await sit(await objectiveExam(teacher.token), student.token, 2);
    const inbox = (await api('GET', '/notifications', undefined, { token: student.token })).body.data.notifications as { type: string; title: string }[];
    expect(inbox.filter((n) => n.type !== 'exam')).toMatchObject([{ type: 'result', title: 'Result available' }]);
    expect((await api('GET', '/users/achievements', undefined, { token: student.token })).body.data).toEqual([]);
  });

  it('hides a private profile’s statistics from others but its teachers, linked parents and admins', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn();
    const parent = await signedIn('parent');
    const stranger = await signedIn('parent');
    const admin = await signedIn('admin');
    await server.deps.db('parent_children').insert({ parent_id: parent.user.id, child_id: student.user.id, relationship: 'mother', status: 'accepted' });
    await objectiveExam(teacher.token);
    await api('PUT', '/users/settings', { category: 'privacy', key: 'profileVisibility', value: 'private' }, { token: student.token });
    const q = `/users/stats?userId=${student.user.id}`;
    expect((await api('GET', q, undefined, { token: stranger.token })).status).toBe(403);
    expect((await api('GET', q, undefined, { token: stranger.token })).body.message).toBe(PROFILE_MSG.statsPrivate);
    // A parent whose request the student has not accepted is still a stranger.
    await server.deps.db('parent_children').insert({ parent_id: stranger.user.id, child_id: student.user.id, relationship: 'father', status: 'pending' });
    expect((await api('GET', q, undefined, { token: stranger.token })).status).toBe(403);
    for (const who of [parent, teacher, admin, student]) expect((await api('GET', q, undefined, { token: who.token })).status).toBe(200);
    await api('PUT', '/users/settings', { category: 'privacy', key: 'profileVisibility', value: 'public' }, { token: student.token });
    expect((await api('GET', q, undefined, { token: stranger.token })).status).toBe(200);
    expect((await api('GET', '/users/stats?userId=nope', undefined, { token: stranger.token })).status).toBe(400);
  });
});

describe('privacy: showEmail and showPhone', () => {
  /** Every place a teacher, parent or admin reads a student's contact details. */
  async function readings(token: string, ids: { student: string; exam: string; attempt: string }, name: string) {
    const list = (await api('GET', `/submissions?examId=${ids.exam}`, undefined, { token })).body.data?.submissions ?? [];
    const detail = (await api('GET', `/submissions/${ids.attempt}`, undefined, { token })).body.data?.submission;
    const report = (await api('GET', `/reports/student/${ids.student}/progress`, undefined, { token })).body.data?.student;
    const students = (await api('GET', `/users/students/list?search=${encodeURIComponent(name)}`, undefined, { token })).body.data?.students ?? [];
    const csv = await (await fetch(`${server.url}/api/exams/${ids.exam}/export`, { headers: { authorization: `Bearer ${token}` } })).text();
    return { list: list[0]?.student, detail: detail?.student, report, student: students[0], csv };
  }

  it('hides a student’s e-mail and phone from their teacher and parent, everywhere, unless shown; never from admins', async () => {
    const teacher = await signedIn('teacher');
    const name = `Priv${Math.random().toString(36).slice(2, 8)}`;
    const student = await signedIn('student', name);
    const parent = await signedIn('parent');
    const admin = await signedIn('admin');
    await server.deps.db('parent_children').insert({ parent_id: parent.user.id, child_id: student.user.id, relationship: 'mother', status: 'accepted' });
    await putProfile(student.token, { phone: '555-0123' });
    const exam = await objectiveExam(teacher.token);
    const ids = { student: student.user.id, exam, attempt: await sit(exam, student.token, 2) };
    const email = student.user.email;

    // Defaults: showEmail and showPhone off.
    const byTeacher = await readings(teacher.token, ids, name);
    expect(byTeacher.list).toMatchObject({ firstName: name, email: null });
    expect(byTeacher.detail).toMatchObject({ firstName: name, email: null });
    expect(byTeacher.report).toMatchObject({ firstName: name, email: null });
    expect(byTeacher.student).toMatchObject({ firstName: name, email: null, phone: null, phoneNumber: null });
    expect(byTeacher.csv).toContain(name);
    expect(byTeacher.csv).not.toContain(email);
    const byParent = await readings(parent.token, ids, name);
    expect(byParent.list).toMatchObject({ firstName: name, email: null });
    expect(byParent.detail).toMatchObject({ firstName: name, email: null });
    expect(byParent.report).toMatchObject({ firstName: name, email: null });
    const children = (await api('GET', '/parent/children', undefined, { token: parent.token })).body.data.children;
    expect(children).toMatchObject([{ _id: student.user.id, email: null }]);
    const progress = (await api('GET', `/parent/child/${student.user.id}/progress`, undefined, { token: parent.token })).body.data;
    expect(progress.child).toMatchObject({ _id: student.user.id, email: null });
    // Nor can the hidden address be found by typing it, in the students list or the results search.
    const prefix = email.slice(0, email.indexOf('@'));
    expect((await api('GET', `/users/students/list?search=${prefix}`, undefined, { token: teacher.token })).body.data.students).toEqual([]);
    expect((await api('GET', `/submissions?examId=${exam}&search=${prefix}`, undefined, { token: teacher.token })).body.data.submissions).toEqual([]);

    // Admins always see them; so does the student.
    const byAdmin = await readings(admin.token, ids, name);
    for (const seen of [byAdmin.list, byAdmin.detail, byAdmin.report]) expect(seen).toMatchObject({ email });
    expect(byAdmin.student).toMatchObject({ email, phone: '555-0123' });
    expect(byAdmin.csv).toContain(email);
    expect((await api('GET', `/users/students/list?search=${prefix}`, undefined, { token: admin.token })).body.data.students).toHaveLength(1);
    expect((await api('GET', `/submissions/${ids.attempt}`, undefined, { token: student.token })).body.data.submission.student.email).toBe(email);

    // Shown: the teacher and the parent see them too.
    await api('PUT', '/users/settings/bulk', { privacy: { showEmail: true, showPhone: true } }, { token: student.token });
    const shown = await readings(teacher.token, ids, name);
    for (const seen of [shown.list, shown.detail, shown.report]) expect(seen).toMatchObject({ email });
    expect(shown.student).toMatchObject({ email, phone: '555-0123' });
    expect(shown.csv).toContain(email);
    expect((await api('GET', `/users/students/list?search=${prefix}`, undefined, { token: teacher.token })).body.data.students).toHaveLength(1);
    expect((await api('GET', '/parent/children', undefined, { token: parent.token })).body.data.children).toMatchObject([{ email }]);
  });

  it('keeps the e-mail a parent typed on their own pending request, and shows them nothing else of that child', async () => {
    const student = await signedIn();
    const parent = await signedIn('parent');
    await api('POST', '/parent/add-child', { childEmail: student.user.email, relationship: 'father' }, { token: parent.token });
    const children = (await api('GET', '/parent/children', undefined, { token: parent.token })).body.data.children;
    expect(children).toMatchObject([{ email: student.user.email, linkStatus: 'pending', stats: null }]);
    const dashboard = (await api('GET', '/dashboard/parent', undefined, { token: parent.token })).body.data;
    expect(dashboard.children).toEqual([]);
    expect(dashboard.stats.totalChildren).toBe(0);
    expect((await api('GET', '/users/stats', undefined, { token: parent.token })).body.data.stats.totalChildren).toBe(0);
  });
});

describe('notifications follow the settings', () => {
  it('e-mails a parent the child’s result with a link only while they want result e-mails', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn();
    const parent = await signedIn('parent');
    await server.deps.db('parent_children').insert({ parent_id: parent.user.id, child_id: student.user.id, relationship: 'father', status: 'accepted' });
    await api('PUT', '/users/settings', { category: 'notifications', key: 'resultNotifications', value: false }, { token: parent.token });
    const exam1 = await objectiveExam(teacher.token);
    await sit(exam1, student.token, 2);
    await server.deps.mailer.idle();
    expect(outbox(server.dataDir, parent.user.email)).toEqual([]);
    // The live notification is still stored.
    const stored = await api('GET', '/notifications?type=result', undefined, { token: parent.token });
    expect(stored.body.data.notifications).toHaveLength(1);

    await api('PUT', '/users/settings', { category: 'notifications', key: 'resultNotifications', value: true }, { token: parent.token });
    const exam2 = await objectiveExam(teacher.token);
    const attemptId = await sit(exam2, student.token, 2);
    await server.deps.mailer.idle();
    const mails = outbox(server.dataDir, parent.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.link).toBe(`${server.deps.config.publicUrl}/exam-result/${attemptId}`);

    // emailNotifications off silences every kind.
    await api('PUT', '/users/settings', { category: 'notifications', key: 'emailNotifications', value: false }, { token: parent.token });
    await sit(await objectiveExam(teacher.token), student.token, 2);
    await server.deps.mailer.idle();
    expect(outbox(server.dataDir, parent.user.email)).toHaveLength(1);
    // The student kept the defaults: a result e-mail each time.
    expect(outbox(server.dataDir, student.user.email).filter((m) => m.subject === 'Result available')).toHaveLength(3);
  });

  it('tells a French parent about a result in French: live, in the list and by e-mail; the list follows a change of language', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn('student', 'Lucie');
    const parent = await signedIn('parent');
    await server.deps.db('parent_children').insert({ parent_id: parent.user.id, child_id: student.user.id, relationship: 'mother', status: 'accepted' });
    await api('PUT', '/users/settings', { category: 'preferences', key: 'language', value: 'fr' }, { token: parent.token });
    const socket = await connectAs(server, parent.user.email);
    sockets.push(socket);
    const live = new Promise<{ title: string; message: string }>((resolve) => socket.once('notification', resolve));

    const exam = await objectiveExam(teacher.token);
    const attemptId = await sit(exam, student.token, 2);
    const pushed = await live;
    expect(pushed.title).toBe('Le résultat de Lucie est disponible');
    expect(pushed.message).toMatch(/^.+ : Lucie a obtenu \d+(\.\d+)? % \(note .+\)\.$/);

    await server.deps.mailer.idle();
    const [mail] = outbox(server.dataDir, parent.user.email);
    expect(mail!.subject).toBe('Le résultat de Lucie est disponible');
    expect(mail!.text).toContain('Voir le résultat');
    expect(mail!.text).toContain('Bonjour');
    expect(mail!.link).toBe(`${server.deps.config.publicUrl}/exam-result/${attemptId}`);
    // The student kept English.
    expect(outbox(server.dataDir, student.user.email).map((m) => m.subject)).toContain('Result available');

    // Stored as key and values: the parent reads it in the language they read in now.
    await api('PUT', '/users/settings', { category: 'preferences', key: 'language', value: 'de' }, { token: parent.token });
    const listed = await api('GET', '/notifications?type=result', undefined, { token: parent.token, headers: { 'accept-language': 'de' } });
    expect(listed.body.data.notifications[0].title).toBe('Das Ergebnis von Lucie ist verfügbar');
  });
});
