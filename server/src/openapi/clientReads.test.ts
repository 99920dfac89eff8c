import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EXAM_SETTINGS_DEFAULTS, type Role } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { accountResponseSchemas } from '../routes/account/openapi';
import { dashboardResponseSchemas } from '../routes/dashboard/openapi';
import { parentResponseSchemas } from '../routes/parent/openapi';
import { progressReportSchema } from '../routes/reports/openapi';

/**
 * The response contract of the documented calls: what an independently written client (the
 * product's original web client) reads from each answer, field by field with the type it expects,
 * and that each answer matches the schema the API reference (/api/openapi.json) documents for it.
 */
let server: TestServer;
let openapi: { paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: JsonSchema }> }> }>> };
beforeAll(async () => {
  server = await startTestServer();
  openapi = (await server.api('GET', '/openapi.json')).body;
});
afterAll(() => server?.stop());

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
}

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const tokenOf = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

async function signedIn(role: Role, over: { firstName?: string; lastName?: string } = {}) {
  const user = await buildUser(server.deps, { role, firstName: over.firstName });
  if (over.lastName) await server.deps.db('users').where({ id: user.id }).update({ last_name: over.lastName });
  return { user, token: await tokenOf(user.email) };
}

/** The documented schema of `data` in a call's 200 answer, walked down a path of property names ('[]' for array items). */
function documented(method: string, path: string, ...walk: string[]): JsonSchema {
  let schema: JsonSchema | undefined = openapi.paths[path]?.[method]?.responses['200']?.content['application/json']?.schema.properties?.data;
  for (const step of walk) {
    // A nullable object is documented as anyOf [object, null].
    const plain = schema?.anyOf?.find((s) => s.type !== 'null') ?? schema;
    schema = step === '[]' ? plain?.items : step === '*' ? (plain?.additionalProperties as JsonSchema) : plain?.properties?.[step];
  }
  expect(schema, `${method.toUpperCase()} ${path} documents data.${walk.join('.')}`).toBeTruthy();
  return schema!;
}

/** The answer matches the schema the API reference is written from. */
function matches(schema: z.ZodType, data: unknown) {
  const parsed = schema.safeParse(data);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
}

const MC = (text: string, subject = 'science') => ({ text, type: 'multiple-choice', subject, options: ['right', 'wrong'], correctAnswer: 'right', points: 2 });
const ESSAY = { text: 'Explain photosynthesis in a few sentences.', type: 'essay', subject: 'science', points: 2, sampleAnswer: 'Light makes sugar.' };

/** A published exam, open now (or starting at `startsAt`), for `grade`, made through the API. */
async function examOf(teacher: { token: string }, questions: unknown[], over: { title?: string; grade?: number; startsAt?: Date; subject?: string } = {}) {
  const start = over.startsAt ?? new Date(Date.now() - 60_000);
  const res = await api(
    'POST',
    '/exams',
    {
      title: over.title ?? 'Contract exam',
      description: 'An exam for the response contract',
      subject: over.subject ?? 'science',
      grade: over.grade ?? 10,
      duration: 60,
      passingMarks: 50,
      isPublished: true,
      settings: EXAM_SETTINGS_DEFAULTS,
      schedule: { startDate: start.toISOString(), endDate: new Date(start.getTime() + 3 * 3600_000).toISOString() },
      questions,
    },
    { token: teacher.token },
  );
  expect(res.status).toBe(201);
  return res.body.data.exam._id as string;
}

/** The student sits the exam: choice questions answered right while `right` lasts, essays written; then submits. */
async function sit(examId: string, student: { token: string }, right: number) {
  const start = await api('POST', `/exams/${examId}/start`, undefined, { token: student.token });
  expect(start.status).toBe(201);
  const attemptId = start.body.data.submission._id as string;
  let left = right;
  for (const q of start.body.data.questions as { _id: string; type: string }[]) {
    const answer = q.type === 'essay' ? 'Plants turn light into sugar.' : left-- > 0 ? 'right' : 'wrong';
    await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: q._id, answer }, { token: student.token });
  }
  expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: student.token })).status).toBe(200);
  return attemptId;
}

describe('GET /users/settings, /users/stats, /users/achievements as the original client reads them', () => {
  it('answers the settings object at data itself (data.preferences.language) and under data.settings', async () => {
    const me = await signedIn('student');
    await api('PUT', '/users/settings', { category: 'preferences', key: 'language', value: 'fr' }, { token: me.token });
    const { data } = (await api('GET', '/users/settings', undefined, { token: me.token })).body;
    expect(typeof data.preferences.language).toBe('string');
    expect(data.preferences.language).toBe('fr');
    expect(typeof data.notifications.emailNotifications).toBe('boolean');
    expect(data.settings).toEqual({ notifications: data.notifications, privacy: data.privacy, preferences: data.preferences, exam: data.exam });
    matches(accountResponseSchemas.settings, data);
    documented('get', '/users/settings', 'preferences', 'language');
    expect(documented('get', '/users/settings', 'settings').type).toBe('object');
  });

  it('answers the figures at data itself (data.totalExams) and under data.stats', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn('student');
    await sit(await examOf(teacher, [MC('Is light energy?')]), student, 1);
    const { data } = (await api('GET', '/users/stats', undefined, { token: student.token })).body;
    expect(data.role).toBe('student');
    expect(typeof data.totalExams).toBe('number');
    expect(data).toMatchObject({ totalExams: 1, completedExams: 1, averageScore: 100 });
    expect(data.stats).toMatchObject({ role: 'student', totalExams: 1, averageScore: 100 });
    matches(accountResponseSchemas.stats, data);
    expect(documented('get', '/users/stats', 'totalExams').type).toBe('integer');
    expect(documented('get', '/users/stats', 'stats').type).toBe('object');
  });

  it('answers the achievements as the list itself in data', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn('student');
    const empty = (await api('GET', '/users/achievements', undefined, { token: student.token })).body.data;
    expect(empty).toEqual([]);
    await sit(await examOf(teacher, [MC('Is water wet?')]), student, 1);
    const achievements = async () => (await api('GET', '/users/achievements', undefined, { token: student.token })).body.data;
    await expect.poll(async () => (await achievements()).length).toBeGreaterThan(0);
    const data = await achievements();
    expect(Array.isArray(data)).toBe(true);
    expect(data.map((a: { key: string }) => a.key)).toEqual(expect.arrayContaining(['first-pass', 'perfect-score']));
    expect(typeof data[0].title).toBe('string');
    matches(accountResponseSchemas.achievements, data);
    expect(documented('get', '/users/achievements').type).toBe('array');
    expect(documented('get', '/users/achievements', '[]', 'earnedAt').type).toBe('string');
  });
});

describe('GET /parent/dashboard as the original client reads it', () => {
  it('gives each child’s performance as a number (two decimals, never NaN), or null with the words beside it', async () => {
    const parent = await signedIn('parent');
    const teacher = await signedIn('teacher');
    const withResults = await signedIn('student', { firstName: 'Ada' });
    const without = await signedIn('student', { firstName: 'Bo' });
    for (const child of [withResults, without]) {
      const req = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'mother' }, { token: parent.token });
      expect((await api('POST', `/parent/requests/${req.body.data.linkId}/accept`, undefined, { token: child.token })).status).toBe(200);
    }
    await sit(await examOf(teacher, [MC('Is the sun a star?'), MC('Is the moon a star?')]), withResults, 1); // 50 %
    await sit(await examOf(teacher, [MC('Is ice cold?')]), withResults, 1); // 100 %

    const { data } = (await api('GET', '/parent/dashboard', undefined, { token: parent.token })).body;
    const ada = data.children.find((c: { _id: string }) => c._id === withResults.user.id);
    const bo = data.children.find((c: { _id: string }) => c._id === without.user.id);
    expect(typeof ada.stats.performance).toBe('number');
    expect(Number(ada.stats.performance).toFixed(2)).toBe('75.00');
    expect(ada.stats.performanceLabel).toBe('Average');
    expect(ada.performance).toBe(75);
    expect(bo.stats.performance).toBeNull();
    expect(bo.stats.performanceLabel).toBe('No exams yet');
    expect(bo.performance).toBeNull();
    matches(parentResponseSchemas.dashboard, data);
    expect(documented('get', '/parent/dashboard', 'children', '[]', 'stats', 'performance').type).toEqual(['number', 'null']);
    expect(documented('get', '/parent/dashboard', 'children', '[]', 'stats', 'performanceLabel').type).toBe('string');

    const children = (await api('GET', '/parent/children', undefined, { token: parent.token })).body.data;
    expect(children.children.find((c: { _id: string }) => c._id === withResults.user.id).stats.performance).toBe(75);
    matches(parentResponseSchemas.children, children);
  });
});

describe('GET /dashboard/admin as the original client reads it', () => {
  it('names each recent exam’s author as createdBy { firstName, lastName }, beside owner', async () => {
    const admin = await signedIn('admin');
    const teacher = await signedIn('teacher', { firstName: 'Lina', lastName: 'Live' });
    const examId = await examOf(teacher, [MC('Is iron a metal?')], { title: 'Newest contract exam' });
    const { data } = (await api('GET', '/dashboard/admin', undefined, { token: admin.token })).body;
    const exam = data.recentExams.find((e: { _id: string }) => e._id === examId);
    expect(exam.createdBy).toEqual({ firstName: 'Lina', lastName: 'Live' });
    expect(exam.owner).toBe('Lina Live');
    matches(dashboardResponseSchemas.admin, data);
    expect(documented('get', '/dashboard/admin', 'recentExams', '[]', 'createdBy', 'firstName').type).toBe('string');
  });

  it('neither counts nor lists deleted people', async () => {
    const admin = await signedIn('admin');
    const before = (await api('GET', '/dashboard/admin', undefined, { token: admin.token })).body.data;
    const leaving = await buildUser(server.deps, { role: 'student', firstName: 'Leaving' });
    const during = (await api('GET', '/dashboard/admin', undefined, { token: admin.token })).body.data;
    expect(during.stats.totalUsers).toBe(before.stats.totalUsers + 1);
    expect(during.stats.totalStudents).toBe(before.stats.totalStudents + 1);
    expect(during.recentUsers[0]._id).toBe(leaving.id);

    expect((await api('DELETE', `/users/${leaving.id}`, undefined, { token: admin.token })).status).toBe(200);
    const after = (await api('GET', '/dashboard/admin', undefined, { token: admin.token })).body.data;
    expect(after.stats.totalUsers).toBe(before.stats.totalUsers);
    expect(after.stats.totalStudents).toBe(before.stats.totalStudents);
    expect(after.recentUsers.map((u: { _id: string }) => u._id)).not.toContain(leaving.id);
    expect(after.recentUsers.map((u: { firstName: string }) => u.firstName)).not.toContain('Deleted');
  });
});

describe('GET /reports/student/{id}/progress as the original client reads it', () => {
  it('keys subjectWise by subject and gives each recent score as the percentage, with the marks as marksObtained', async () => {
    const admin = await signedIn('admin');
    const teacher = await signedIn('teacher');
    const student = await signedIn('student');
    await sit(await examOf(teacher, [MC('Is a cell alive?'), MC('Is a rock alive?')]), student, 1); // 2 of 4 marks: 50 %
    const { data } = (await api('GET', `/reports/student/${student.user.id}/progress`, undefined, { token: admin.token })).body;
    expect(Array.isArray(data.subjectWise)).toBe(false);
    expect(typeof data.subjectWise).toBe('object');
    expect(typeof data.subjectWise.science.averageScore).toBe('number');
    expect(data.subjectWise.science).toMatchObject({ subject: 'science', totalExams: 1, averageScore: 50 });
    expect(data.subjects).toEqual([data.subjectWise.science]);
    const [recent] = data.recentSubmissions;
    expect(recent.score).toBe(50);
    expect(recent.score).toBe(recent.percentage);
    expect(recent).toMatchObject({ marksObtained: 2, totalMarks: 4 });
    matches(progressReportSchema, data);
    expect(documented('get', '/reports/student/{studentId}/progress', 'subjectWise', '*', 'averageScore').type).toBe('number');
    expect(documented('get', '/reports/student/{studentId}/progress', 'recentSubmissions', '[]', 'marksObtained')).toBeTruthy();
  });
});

describe('the student and teacher dashboards as the original client reads them', () => {
  it('gives each recent result marksObtained, exam.totalMarks and isPassed; an essay waiting for marks is not failed', async () => {
    const teacher = await signedIn('teacher', { firstName: 'Tess', lastName: 'Teach' });
    const student = await signedIn('student', { firstName: 'Ada', lastName: 'Lovelace' });
    await sit(await examOf(teacher, [MC('Is salt a mineral?'), MC('Is sugar a metal?')], { title: 'Graded one' }), student, 2);
    const essayAttempt = await sit(await examOf(teacher, [MC('Is gold a metal?'), ESSAY], { title: 'Essay one' }), student, 0);

    const { data } = (await api('GET', '/dashboard/student', undefined, { token: student.token })).body;
    const graded = data.recentResults.find((r: { exam: { title: string } }) => r.exam.title === 'Graded one');
    expect(graded).toMatchObject({ status: 'graded', marksObtained: 4, percentage: 100, isPassed: true, exam: { totalMarks: 4 } });
    expect(typeof graded.marksObtained).toBe('number');
    expect(typeof graded.exam.totalMarks).toBe('number');
    const waiting = data.recentResults.find((r: { exam: { title: string } }) => r.exam.title === 'Essay one');
    expect(waiting).toMatchObject({ status: 'submitted', isPassed: null, marksObtained: null, percentage: null, exam: { totalMarks: 4 } });
    matches(dashboardResponseSchemas.student, data);
    expect(documented('get', '/dashboard/student', 'recentResults', '[]', 'isPassed')).toBeTruthy();

    // The same attempt in the results list: waiting for grading, never Failed.
    const listed = (await api('GET', `/submissions?student=${student.user.id}&isSubmitted=true`, undefined, { token: student.token })).body.data.submissions;
    expect(listed.find((s: { _id: string }) => s._id === essayAttempt)).toMatchObject({ displayStatus: 'Reviewing', isPassed: null });
    const failed = (await api('GET', `/submissions?student=${student.user.id}&status=failed`, undefined, { token: student.token })).body.data.submissions;
    expect(failed.map((s: { _id: string }) => s._id)).not.toContain(essayAttempt);

    const pending = (await api('GET', '/dashboard/teacher', undefined, { token: teacher.token })).body.data.pendingGrading;
    expect(pending).toEqual([expect.objectContaining({ _id: essayAttempt, student: expect.objectContaining({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' }) })]);
    matches(dashboardResponseSchemas.teacher, (await api('GET', '/dashboard/teacher', undefined, { token: teacher.token })).body.data);
    expect(documented('get', '/dashboard/teacher', 'pendingGrading', '[]', 'student', 'firstName').type).toBe('string');
  });
});

describe('a "New exam published" notification as a client shows it', () => {
  it('has its start written out in the reader’s own settings, never a raw {{startsAt}}', async () => {
    const teacher = await signedIn('teacher');
    const student = await signedIn('student');
    // A grade of its own: only this test's exam is meant for this student.
    await server.deps.db('users').where({ id: student.user.id }).update({ grade: 4 });
    await api('PUT', '/users/settings/bulk', { preferences: { timezone: 'UTC', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } }, { token: student.token });
    const startsAt = new Date(Math.ceil((Date.now() + 40 * 24 * 3600_000) / 60_000) * 60_000);
    await examOf(teacher, [MC('Is a bat a bird?')], { grade: 4, startsAt, title: 'Published contract exam' });
    const pad = (n: number) => String(n).padStart(2, '0');
    const written = `${pad(startsAt.getUTCDate())}/${pad(startsAt.getUTCMonth() + 1)}/${startsAt.getUTCFullYear()} ${pad(startsAt.getUTCHours())}:${pad(startsAt.getUTCMinutes())}`;

    const [listed] = (await api('GET', '/notifications?type=exam', undefined, { token: student.token })).body.data.notifications;
    expect(listed.title).toBe('New exam published');
    expect(listed.message).toBe(`Published contract exam has been published. It starts ${written} UTC.`);
    expect(listed.metadata.startsAt).toBe(startsAt.toISOString());
    const [onDashboard] = (await api('GET', '/dashboard/student', undefined, { token: student.token })).body.data.notifications;
    expect(onDashboard.message).not.toContain('{{');
    expect(onDashboard.message).toContain(written);
  });
});
