import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { EXAM_SETTINGS_DEFAULTS, PARENT_MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { outbox, startTestServer, type TestServer } from '../../test/harness';
import { connectAs, nextEvent } from '../../test/sockets';
import { PARENT_LINK_REQUESTS_PER_HOUR as REQUESTS_PER_HOUR } from '../../services/rateLimits';

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
const token = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

async function person(role: 'parent' | 'student' | 'teacher' | 'admin', firstName?: string) {
  const user = await buildUser(server.deps, { role, firstName });
  return { user, token: await token(user.email) };
}

/** A parent asks for the child and the child accepts. */
async function linked(parent: { token: string }, child: { user: { email: string }; token: string }) {
  const req = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'mother' }, { token: parent.token });
  expect(req.status).toBe(201);
  const ok = await api('POST', `/parent/requests/${req.body.data.linkId}/accept`, undefined, { token: child.token });
  expect(ok.status).toBe(200);
  return req.body.data.linkId as string;
}

/** An ongoing, auto-graded exam of two one-mark questions for grade 10, made through the API. */
async function exam(title = 'Fractions quiz', settings: Record<string, unknown> = {}) {
  const teacher = await person('teacher');
  const res = await api(
    'POST',
    '/exams',
    {
      title,
      description: 'Parent area exam',
      subject: 'mathematics',
      grade: 10,
      duration: 30,
      passingMarks: 50,
      isPublished: true,
      settings: { ...EXAM_SETTINGS_DEFAULTS, ...settings },
      schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3 * 3600_000).toISOString() },
      questions: [
        { text: 'Half of four?', type: 'multiple-choice', subject: 'mathematics', options: ['2', '3'], correctAnswer: '2', points: 1 },
        { text: 'Double three?', type: 'multiple-choice', subject: 'mathematics', options: ['6', '5'], correctAnswer: '6', points: 1 },
      ],
    },
    { token: teacher.token },
  );
  expect(res.status).toBe(201);
  return { teacher, examId: res.body.data.exam._id as string };
}

/** The child sits the exam answering `right` questions correctly (0–2) and submits. */
async function sit(examId: string, child: { token: string }, right: number) {
  const start = await api('POST', `/exams/${examId}/start`, undefined, { token: child.token });
  const attemptId = start.body.data.submission._id as string;
  const qs = start.body.data.questions as { _id: string; text: string }[];
  for (const [i, q] of qs.entries()) {
    const good = q.text.startsWith('Half') ? '2' : '6';
    const bad = q.text.startsWith('Half') ? '3' : '5';
    await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: q._id, answer: i < right ? good : bad }, { token: child.token });
  }
  const done = await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: child.token });
  expect(done.status).toBe(200);
  return attemptId;
}

describe('parent linking', () => {
  it('refuses an incomplete request with the documented text, and a bad relationship', async () => {
    const parent = await person('parent');
    for (const body of [{}, { childEmail: '  ', relationship: 'father' }, { childEmail: 'kid@school.test', relationship: '' }]) {
      const res = await api('POST', '/parent/add-child', body, { token: parent.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PARENT_MSG.fillAllFields);
    }
    const bad = await api('POST', '/parent/add-child', { childEmail: 'kid@school.test', relationship: 'uncle' }, { token: parent.token });
    expect(bad.status).toBe(400);
    const nobody = await api('POST', '/parent/add-child', { childEmail: 'nobody@school.test', relationship: 'father' }, { token: parent.token });
    expect(nobody).toMatchObject({ status: 404, body: { message: PARENT_MSG.noStudent } });
  });

  it('only lets parents ask, and only the named student answer', async () => {
    const child = await person('student');
    const teacher = await person('teacher');
    const asTeacher = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'father' }, { token: teacher.token });
    expect(asTeacher.status).toBe(403);
    const parent = await person('parent');
    const req = await api('POST', '/parent/add-child', { childEmail: child.user.email.toUpperCase(), relationship: 'father' }, { token: parent.token });
    const other = await person('student');
    expect((await api('POST', `/parent/requests/${req.body.data.linkId}/accept`, undefined, { token: other.token })).status).toBe(404);
    expect((await api('POST', `/parent/requests/${req.body.data.linkId}/accept`, undefined, { token: parent.token })).status).toBe(403);
  });

  it('tells the student live and by e-mail; a pending child is "awaiting confirmation" and gives no access', async () => {
    const parent = await person('parent', 'Pam');
    const child = await person('student', 'Kim');
    const childSocket = await connectAs(server, child.user.email);
    sockets.push(childSocket);
    const told = nextEvent(childSocket, 'notification');
    const req = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'guardian' }, { token: parent.token });
    expect(req).toMatchObject({ status: 201, body: { success: true, data: { linkStatus: 'pending' } } });
    expect(await told).toMatchObject({ type: 'info', actionUrl: '/parent-requests', metadata: { linkId: req.body.data.linkId } });
    await server.deps.mailer.idle();
    const mail = outbox(server.dataDir, child.user.email).at(-1)!;
    expect(mail.subject).toBe('A parent asked to follow your results');
    expect(mail.link).toMatch(/\/parent-requests$/);
    expect(mail.text).toContain(parent.user.email);

    const again = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'guardian' }, { token: parent.token });
    expect(again).toMatchObject({ status: 409, body: { message: PARENT_MSG.alreadyRequested } });

    const children = await api('GET', '/parent/children', undefined, { token: parent.token });
    expect(children.body.data.children).toEqual([expect.objectContaining({ _id: child.user.id, linkStatus: 'pending', stats: null, grade: null })]);
    for (const part of ['progress', 'exams', 'results']) {
      const res = await api('GET', `/parent/child/${child.user.id}/${part}`, undefined, { token: parent.token });
      expect(res.status).toBe(403);
    }
    expect((await api('GET', `/reports/student/${child.user.id}/progress`, undefined, { token: parent.token })).status).toBe(403);
    expect((await api('GET', `/submissions?student=${child.user.id}`, undefined, { token: parent.token })).status).toBe(403);

    const pending = await api('GET', '/parent/requests', undefined, { token: child.token });
    expect(pending.body.data.requests).toEqual([expect.objectContaining({ _id: req.body.data.linkId, relationship: 'guardian', parent: expect.objectContaining({ email: parent.user.email, name: 'Pam Parent' }) })]);
  });

  it('a declined request gives nothing, tells the parent, and cannot be asked again at once', async () => {
    const parent = await person('parent');
    const child = await person('student');
    const parentSocket = await connectAs(server, parent.user.email);
    sockets.push(parentSocket);
    const req = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'father' }, { token: parent.token });
    const told = nextEvent(parentSocket, 'notification');
    expect((await api('POST', `/parent/requests/${req.body.data.linkId}/decline`, undefined, { token: child.token })).status).toBe(200);
    expect(await told).toMatchObject({ title: expect.stringContaining('declined') });
    expect((await api('POST', `/parent/requests/${req.body.data.linkId}/accept`, undefined, { token: child.token })).status).toBe(404);
    expect((await api('GET', `/parent/child/${child.user.id}/results`, undefined, { token: parent.token })).status).toBe(403);
    const again = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'father' }, { token: parent.token });
    expect(again).toMatchObject({ status: 409, body: { message: PARENT_MSG.declinedRecently } });
    // Removing the refusal does not reset the wait either.
    expect((await api('DELETE', `/parent/child/${child.user.id}/remove`, undefined, { token: parent.token })).status).toBe(409);
    expect((await api('GET', '/parent/requests', undefined, { token: child.token })).body.data.requests).toEqual([]);
  });

  it('answers 404 for a child who is not linked at all, and for a bad id', async () => {
    const parent = await person('parent');
    const stranger = await person('student');
    expect((await api('GET', `/parent/child/${stranger.user.id}/progress`, undefined, { token: parent.token })).status).toBe(404);
    expect((await api('GET', '/parent/child/not-an-id/progress', undefined, { token: parent.token })).status).toBe(404);
    expect((await api('DELETE', `/parent/child/${stranger.user.id}/remove`, undefined, { token: parent.token })).status).toBe(404);
    expect((await api('GET', `/parent/child/${stranger.user.id}/progress?range=decade`, undefined, { token: parent.token })).status).toBe(400);
    expect((await api('GET', '/parent/dashboard', undefined, { token: stranger.token })).status).toBe(403);
  });

  it('limits how many requests a parent can send in an hour', async () => {
    const parent = await person('parent');
    for (let i = 0; i < REQUESTS_PER_HOUR; i++) {
      expect((await api('POST', '/parent/add-child', { childEmail: `guess-${i}@school.test`, relationship: 'father' }, { token: parent.token })).status).toBe(404);
    }
    const over = await api('POST', '/parent/add-child', { childEmail: 'guess-more@school.test', relationship: 'father' }, { token: parent.token });
    expect(over.status).toBe(429);
  });

  it('lets an admin link directly, and nobody else', async () => {
    const admin = await person('admin');
    const parent = await person('parent');
    const child = await person('student');
    const body = { parentId: parent.user.id, studentId: child.user.id, relationship: 'mother' };
    expect((await api('POST', '/parent/links', body, { token: parent.token })).status).toBe(403);
    expect((await api('POST', '/parent/links', { ...body, studentId: parent.user.id }, { token: admin.token })).body.message).toBe(PARENT_MSG.notAStudent);
    expect((await api('POST', '/parent/links', { parentId: 'x' }, { token: admin.token })).status).toBe(400);
    const res = await api('POST', '/parent/links', body, { token: admin.token });
    expect(res).toMatchObject({ status: 201, body: { data: { linkStatus: 'accepted' } } });
    const progress = await api('GET', `/parent/child/${child.user.id}/progress`, undefined, { token: parent.token });
    expect(progress.status).toBe(200);
  });
});

describe('the parent area', () => {
  it('shows an accepted child with stats, summary, recent activity, progress, exams and results on one grading scale', async () => {
    const parent = await person('parent');
    const child = await person('student', 'Ada');
    await linked(parent, child);
    const a = await exam('Fractions quiz');
    const b = await exam('Times tables');
    const first = await sit(a.examId, child, 1);
    await sit(b.examId, child, 2);

    const dash = await api('GET', '/parent/dashboard', undefined, { token: parent.token });
    expect(dash.status).toBe(200);
    const { children, summary, recentActivities } = dash.body.data;
    expect(children[0]).toMatchObject({ _id: child.user.id, name: 'Ada Student', linkStatus: 'accepted', relationship: 'mother', grade: 10, stats: { totalExams: 2, averageScore: 75, bestScore: 100, recentScore: 100, performance: 75, performanceLabel: 'Average' } });
    expect(summary).toEqual({ totalChildren: 1, totalExams: 2, averagePerformance: 75, activeChildren: 1 });
    expect(recentActivities.map((r: { examTitle: string; score: number; grade: string; childName: string }) => [r.examTitle, r.score, r.grade, r.childName])).toEqual([
      ['Times tables', 100, 'A+', 'Ada Student'],
      ['Fractions quiz', 50, 'C', 'Ada Student'],
    ]);

    const progress = await api('GET', `/parent/child/${child.user.id}/progress?range=week`, undefined, { token: parent.token });
    expect(progress.body.data).toMatchObject({ child: { name: 'Ada Student', email: null }, range: 'week', stats: { totalExams: 2, averageScore: 75, bestScore: 100, passRate: 100 } });
    expect(progress.body.data.submissions[1]).toMatchObject({ _id: first, examTitle: 'Fractions quiz', subject: 'mathematics', percentage: 50, score: 1, totalMarks: 2, grade: 'C' });

    const results = await api('GET', `/parent/child/${child.user.id}/results?range=this-month`, undefined, { token: parent.token });
    expect(results.body.data.results).toHaveLength(2);
    const exams = await api('GET', `/parent/child/${child.user.id}/exams`, undefined, { token: parent.token });
    expect(exams.body.data.exams.find((e: { _id: string }) => e._id === a.examId)).toMatchObject({ status: 'ongoing', attempt: { status: 'graded', percentage: 50 } });

    // The exam card's View Progress link knows which child the exam is for.
    const card = await api('GET', `/exams/${a.examId}`, undefined, { token: parent.token });
    expect(card.body.data.exam.forChildren).toEqual([child.user.id]);
  });

  it('keeps a score the exam has not released out of the parent area', async () => {
    const parent = await person('parent');
    const child = await person('student');
    await linked(parent, child);
    const held = await exam('Held back', { showResultsImmediately: false });
    await sit(held.examId, child, 2);
    const dash = await api('GET', '/parent/dashboard', undefined, { token: parent.token });
    expect(dash.body.data.summary.totalExams).toBe(0);
    const exams = await api('GET', `/parent/child/${child.user.id}/exams`, undefined, { token: parent.token });
    expect(exams.body.data.exams[0]).toMatchObject({ _id: held.examId, attempt: { status: 'graded', percentage: null } });
  });

  it('tells an accepted parent of a released result live, and a removed one no longer', async () => {
    const parent = await person('parent');
    const child = await person('student', 'Rui');
    await linked(parent, child);
    const held = await exam('Released later', { showResultsImmediately: false });
    await sit(held.examId, child, 2);
    const parentSocket = await connectAs(server, parent.user.email);
    sockets.push(parentSocket);
    const told = nextEvent(parentSocket, 'notification');
    expect((await api('PUT', `/exams/${held.examId}/release-results`, undefined, { token: held.teacher.token })).status).toBe(200);
    expect(await told).toMatchObject({ type: 'result', metadata: { childId: child.user.id, score: 100 } });

    const removed = await api('DELETE', `/parent/child/${child.user.id}/remove`, undefined, { token: parent.token });
    expect(removed).toMatchObject({ status: 200, body: { message: PARENT_MSG.childRemoved } });
    expect((await api('GET', `/parent/child/${child.user.id}/results`, undefined, { token: parent.token })).status).toBe(404);
    expect((await api('GET', `/reports/student/${child.user.id}/progress`, undefined, { token: parent.token })).status).toBe(403);

    const later = await exam('After removal', { showResultsImmediately: false });
    await sit(later.examId, child, 1);
    const heard: unknown[] = [];
    parentSocket.on('notification', (n) => heard.push(n));
    const childSocket = await connectAs(server, child.user.email);
    sockets.push(childSocket);
    const childTold = nextEvent(childSocket, 'notification');
    await api('PUT', `/exams/${later.examId}/release-results`, undefined, { token: later.teacher.token });
    // The child's and any parent's notifications of one release are pushed together.
    await childTold;
    expect(heard).toEqual([]);
    const inbox = await api('GET', '/notifications?type=result', undefined, { token: parent.token });
    expect(inbox.body.data.notifications.map((n: { metadata: { examId: string } }) => n.metadata.examId)).not.toContain(later.examId);
  });
});

describe('the parent dashboard', () => {
  it('shows the same children and figures through both of its calls, a held score in neither', async () => {
    const parent = await person('parent');
    const children = [await person('student', 'Bea'), await person('student', 'Al')];
    for (const child of children) await linked(parent, child);
    const [bea, al] = children as [(typeof children)[number], (typeof children)[number]];
    await sit((await exam('Fractions')).examId, bea, 1);
    await sit((await exam('Times tables')).examId, bea, 2);
    await sit((await exam('Held back', { showResultsImmediately: false })).examId, al, 2);

    const area = (await api('GET', '/parent/dashboard', undefined, { token: parent.token })).body.data;
    const dashboard = (await api('GET', '/dashboard/parent', undefined, { token: parent.token })).body.data;

    expect(area.summary).toMatchObject({ totalChildren: 2, totalExams: 2, averagePerformance: 75 });
    expect(dashboard.stats).toEqual({ totalChildren: 2, totalExamsTaken: 3, averagePerformance: 75 });
    const byId = new Map(dashboard.children.map((c: { _id: string }) => [c._id, c]));
    expect(byId.get(bea.user.id)).toMatchObject({ totalExams: 2, averageScore: 75 });
    // Al's only score is held: counted as taken, averaged nowhere.
    expect(byId.get(al.user.id)).toMatchObject({ totalExams: 1, averageScore: 0 });
    for (const c of area.children as { _id: string; stats: { averageScore: number } }[]) expect(c.stats.averageScore).toBe((byId.get(c._id) as { averageScore: number }).averageScore);
    expect(dashboard.recentResults.map((r: { childName: string; percentage: number | null }) => [r.childName, r.percentage])).toEqual([
      ['Al', null],
      ['Bea', 100],
      ['Bea', 50],
    ]);
    expect(area.recentActivities.map((r: { examTitle: string }) => r.examTitle)).toEqual(['Times tables', 'Fractions']);
  });
});
