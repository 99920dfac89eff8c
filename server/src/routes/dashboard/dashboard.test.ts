import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { DASHBOARD_CHANGED_EVENT, EXAM_ARCHIVED_MSG, EXAM_SETTINGS_DEFAULTS, TREND_DAYS, type Role } from '@exam/shared';
import { buildAttempt, buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { connectAs, nextEvent } from '../../test/sockets';
import { createNotifications } from '../../services/notifications';
import { judge } from '../../services/systemHealth';

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

async function signedIn(role: Role) {
  const user = await buildUser(server.deps, { role });
  return { user, token: await token(user.email) };
}

const QUESTIONS = [
  { text: 'What is seven times six?', type: 'multiple-choice', subject: 'mathematics', options: ['42', '36'], correctAnswer: '42', points: 2 },
  { text: 'Explain photosynthesis in a few sentences.', type: 'essay', subject: 'science', points: 5, sampleAnswer: 'Light energy makes sugar.' },
];

/** A teacher's ongoing exam with an essay, made through the API. */
async function essayExam(teacherToken: string) {
  const res = await api(
    'POST',
    '/exams',
    {
      title: 'Dashboard essay exam',
      description: 'An exam for the dashboard tests',
      subject: 'science',
      grade: 10,
      duration: 60,
      passingMarks: 50,
      isPublished: true,
      settings: EXAM_SETTINGS_DEFAULTS,
      schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3 * 3600_000).toISOString() },
      questions: QUESTIONS,
    },
    { token: teacherToken },
  );
  expect(res.status).toBe(201);
  return res.body.data.exam._id as string;
}

describe('dashboard calls', () => {
  it.each(['admin', 'teacher', 'student', 'parent'] as const)('GET /dashboard/%s refuses every other role and anonymous callers', async (role) => {
    expect((await api('GET', `/dashboard/${role}`)).status).toBe(401);
    for (const other of (['admin', 'teacher', 'student', 'parent'] as const).filter((r) => r !== role)) {
      const res = await api('GET', `/dashboard/${role}`, undefined, { token: (await signedIn(other)).token });
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
    }
    const own = await api('GET', `/dashboard/${role}`, undefined, { token: (await signedIn(role)).token });
    expect(own.status).toBe(200);
    expect(own.body.data.stats).toBeTruthy();
  });

  it('teacher: pending grading appears live when an essay is submitted and leaves when graded', async () => {
    const teacher = await signedIn('teacher');
    const examId = await essayExam(teacher.token);
    const socket = await connectAs(server, teacher.user.email);
    sockets.push(socket);

    const before = (await api('GET', '/dashboard/teacher', undefined, { token: teacher.token })).body.data;
    expect(before.stats).toMatchObject({ totalExams: 1, activeExams: 1, pendingGrading: 0 });
    expect(before.upcomingExams[0]).toMatchObject({ _id: examId, sittingNow: 0 });

    const student = await buildUser(server.deps, { role: 'student', firstName: 'Ada' });
    const st = await token(student.email);
    const started = nextEvent(socket, DASHBOARD_CHANGED_EVENT);
    const start = await api('POST', `/exams/${examId}/start`, undefined, { token: st });
    expect(await started).toEqual({ reason: 'started' });
    expect((await api('GET', '/dashboard/teacher', undefined, { token: teacher.token })).body.data.upcomingExams[0].sittingNow).toBe(1);

    const attemptId = start.body.data.submission._id as string;
    const essay = (start.body.data.questions as { _id: string; type: string }[]).find((q) => q.type === 'essay')!;
    await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: essay._id, answer: 'Plants turn light into sugar.' }, { token: st });
    const submitted = nextEvent(socket, DASHBOARD_CHANGED_EVENT);
    await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: st });
    expect(await submitted).toEqual({ reason: 'submitted' });

    const pending = (await api('GET', '/dashboard/teacher', undefined, { token: teacher.token })).body.data;
    expect(pending.stats.pendingGrading).toBe(1);
    expect(pending.upcomingExams[0].sittingNow).toBe(0);
    expect(pending.pendingGrading).toEqual([
      { _id: attemptId, exam: { _id: examId, title: 'Dashboard essay exam' }, student: { _id: student.id, name: 'Ada Student', firstName: 'Ada', lastName: 'Student' }, submittedAt: expect.any(String) },
    ]);
    expect(pending.recentActivity[0]).toMatchObject({ icon: 'submission', link: `/grade-submission/${attemptId}` });

    const graded = nextEvent(socket, DASHBOARD_CHANGED_EVENT);
    await api('POST', `/submissions/${attemptId}/grade`, { grades: [{ questionId: essay._id, marks: 4 }] }, { token: teacher.token });
    expect(await graded).toEqual({ reason: 'graded' });
    const after = (await api('GET', '/dashboard/teacher', undefined, { token: teacher.token })).body.data;
    expect(after.stats.pendingGrading).toBe(0);
    expect(after.pendingGrading).toEqual([]);
    expect(after.recentActivity[0]).toMatchObject({ icon: 'graded', message: 'Ada Student scored 57% (C) on Dashboard essay exam' });
  });

  it('teacher: another teacher’s submissions never count', async () => {
    const mine = await signedIn('teacher');
    const other = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, other.id);
    await buildAttempt(server.deps, exam.id, student.id);
    const data = (await api('GET', '/dashboard/teacher', undefined, { token: mine.token })).body.data;
    expect(data.stats).toMatchObject({ totalExams: 0, pendingGrading: 0 });
    expect(data.pendingGrading).toEqual([]);
  });

  it('student: upcoming exams with attempts left, results only once visible, five unread notifications', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const me = await signedIn('student');
    // A grade no other test's exams are meant for: only the exams listing this student count.
    await server.deps.db('users').where({ id: me.user.id }).update({ grade: 3 });
    const later = await buildExam(server.deps, teacher.id, { state: 'upcoming', eligible: [me.user.id], title: 'Later exam' });
    const done = await buildExam(server.deps, teacher.id, { state: 'ongoing', eligible: [me.user.id], title: 'Done exam', settings: { showResultsImmediately: false } });
    await buildExam(server.deps, teacher.id, { state: 'upcoming', eligible: [(await buildUser(server.deps)).id], title: 'Not mine' });
    await server.deps.db('attempts').insert({
      exam_id: done.id,
      student_id: me.user.id,
      attempt_number: 1,
      status: 'graded',
      deadline_at: new Date(),
      submitted_at: new Date(),
      graded_at: new Date(),
      submit_reason: 'student',
      percentage: 80,
    });
    for (let i = 0; i < 7; i++) await createNotifications(server.deps.db, [me.user.id], { type: 'info', title: `N${i}`, message: 'm' });

    let data = (await api('GET', '/dashboard/student', undefined, { token: me.token })).body.data;
    expect(data.upcomingExams.map((e: { title: string }) => e.title)).toEqual(['Later exam']);
    expect(data.upcomingExams[0]).toMatchObject({ _id: later.id, attemptsLeft: 1, schedule: { startDate: expect.any(String) } });
    expect(data.recentResults).toEqual([expect.objectContaining({ exam: expect.objectContaining({ title: 'Done exam' }), percentage: null, status: 'graded' })]);
    expect(data.stats).toEqual({ totalExams: 2, completedExams: 1, averageScore: 0, pendingResults: 1 });
    expect(data.notifications).toHaveLength(5);
    expect(data.notifications[0].title).toBe('N6');

    await server.deps.db('exams').where({ id: done.id }).update({ results_released_at: new Date() });
    data = (await api('GET', '/dashboard/student', undefined, { token: me.token })).body.data;
    expect(data.recentResults[0].percentage).toBe(80);
    expect(data.stats).toMatchObject({ averageScore: 80, pendingResults: 0 });
  });

  it('parent: linked children only, with their results', async () => {
    const parent = await signedIn('parent');
    const child = await buildUser(server.deps, { role: 'student', firstName: 'Kid' });
    const stranger = await buildUser(server.deps, { role: 'student' });
    await server.deps.db('parent_children').insert({ parent_id: parent.user.id, child_id: child.id, relationship: 'mother', status: 'accepted' });
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, teacher.id);
    await buildAttempt(server.deps, exam.id, child.id);
    await buildAttempt(server.deps, exam.id, stranger.id);
    const data = (await api('GET', '/dashboard/parent', undefined, { token: parent.token })).body.data;
    expect(data.stats).toEqual({ totalChildren: 1, totalExamsTaken: 1, averagePerformance: 0 });
    expect(data.children).toEqual([expect.objectContaining({ _id: child.id, name: 'Kid Student', totalExams: 1 })]);
    expect(data.recentResults).toEqual([expect.objectContaining({ childName: 'Kid', status: 'submitted', percentage: null })]);
  });

  it('admin: totals, 30 days of trends, recent users and exams, and this node’s health', async () => {
    const admin = await signedIn('admin');
    const fresh = await buildUser(server.deps, { role: 'teacher', firstName: 'Newest' });
    const data = (await api('GET', '/dashboard/admin', undefined, { token: admin.token })).body.data;
    const [{ n }] = (await server.deps.db('users').whereNull('deleted_at').count({ n: '*' })) as [{ n: number | string }];
    expect(data.stats.totalUsers).toBe(Number(n));
    expect(data.recentUsers[0]).toMatchObject({ _id: fresh.id, firstName: 'Newest' });
    expect(data.recentUsers[0].passwordHash).toBeUndefined();
    expect(data.trends).toHaveLength(TREND_DAYS);
    expect(data.trends.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(data.trends.at(-1).signUps).toBeGreaterThanOrEqual(2);
    const health = data.systemHealth;
    expect(health.status).toBe('healthy');
    expect(health.uptime).toBeGreaterThanOrEqual(0);
    expect(health.memory.heapUsed).toBeGreaterThan(0);
    expect(health.nodes[0]).toMatchObject({ status: 'healthy', redis: process.env.REDIS_URL ? 'ok' : 'not-configured', oldestOverdueSeconds: 0 });
    expect(health.nodes[0].dbLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('admin health turns degraded on an attempt left open past its deadline', async () => {
    const figures = { nodeId: 'n', uptime: 1, memory: { heapUsed: 1, heapTotal: 2, rss: 3 }, sockets: 0, dbLatencyMs: 3, redis: 'ok' as const, sweeperLagMs: 100, oldestOverdueSeconds: 0, reportedAt: '' };
    expect(judge(figures).status).toBe('healthy');
    expect(judge({ ...figures, oldestOverdueSeconds: 120 })).toEqual({ status: 'degraded', problems: ['An attempt is 120 s past its deadline and still open.'] });
    expect(judge({ ...figures, redis: 'fail' }).status).toBe('degraded');
    expect(judge({ ...figures, dbLatencyMs: null }).status).toBe('down');
  });
});

describe('admin exam deletion', () => {
  it('deletes an exam nobody attempted, and archives one with attempts: hidden from lists, results kept', async () => {
    const admin = await signedIn('admin');
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const untouched = await buildExam(server.deps, teacher.id, { state: 'completed' });
    const sat = await buildExam(server.deps, teacher.id, { state: 'completed', title: 'Sat exam' });
    const attempt = await buildAttempt(server.deps, sat.id, student.id);

    const gone = await api('DELETE', `/exams/${untouched.id}`, undefined, { token: admin.token });
    expect(gone.body).toMatchObject({ success: true, data: { archived: false } });
    expect((await api('GET', `/exams/${untouched.id}`, undefined, { token: admin.token })).status).toBe(404);

    const archived = await api('DELETE', `/exams/${sat.id}`, undefined, { token: admin.token });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({ success: true, message: EXAM_ARCHIVED_MSG, data: { archived: true } });
    const list = await api('GET', '/exams?search=Sat%20exam&limit=50', undefined, { token: admin.token });
    expect(list.body.data.exams.map((e: { _id: string }) => e._id)).not.toContain(sat.id);
    expect(await server.deps.db('attempts').where({ id: attempt.id }).first()).toBeTruthy();
    const teacherToken = await token(teacher.email);
    expect((await api('GET', '/dashboard/teacher', undefined, { token: teacherToken })).body.data.stats.totalExams).toBe(0);
  });
});

describe('demo accounts', () => {
  it('offers one-click demo sign-in only for seeded demo accounts that are still active', async () => {
    const none = await api('GET', '/demo/accounts');
    expect(none.body.data).toEqual({ accounts: [], password: null });
    await buildUser(server.deps, { role: 'teacher', email: 'teacher@example.com', password: 'password123' });
    await buildUser(server.deps, { role: 'parent', email: 'parent@example.com', password: 'password123', isActive: false });
    const some = await api('GET', '/demo/accounts');
    // Installations that do not seed demo data (SEED_DEMO off, the PostgreSQL default) offer none.
    expect(some.body.data).toEqual(
      server.deps.config.seedDemo ? { accounts: [{ role: 'teacher', email: 'teacher@example.com' }], password: 'password123' } : { accounts: [], password: null },
    );
  });
});
