import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function person(role: 'parent' | 'student' | 'teacher', firstName?: string) {
  const user = await buildUser(server.deps, { role, firstName });
  const login = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: login.body.data.accessToken as string };
}

/** An ongoing exam of two one-mark questions for grade 10. */
async function exam(title: string, settings: Record<string, unknown> = {}) {
  const teacher = await person('teacher');
  const res = await api(
    'POST',
    '/exams',
    {
      title,
      description: 'Parent dashboard exam',
      subject: 'mathematics',
      grade: 10,
      duration: 30,
      passingMarks: 50,
      isPublished: true,
      settings: { ...EXAM_SETTINGS_DEFAULTS, ...settings },
      schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3600_000).toISOString() },
      questions: [
        { text: 'Half of four?', type: 'multiple-choice', subject: 'mathematics', options: ['2', '3'], correctAnswer: '2', points: 1 },
        { text: 'Double three?', type: 'multiple-choice', subject: 'mathematics', options: ['6', '5'], correctAnswer: '6', points: 1 },
      ],
    },
    { token: teacher.token },
  );
  expect(res.status).toBe(201);
  return res.body.data.exam._id as string;
}

/** The child answers `right` of the two questions correctly and submits. */
async function sit(examId: string, child: { token: string }, right: number) {
  const start = await api('POST', `/exams/${examId}/start`, undefined, { token: child.token });
  const attemptId = start.body.data.submission._id as string;
  for (const [i, q] of (start.body.data.questions as { _id: string; text: string }[]).entries()) {
    const [good, bad] = q.text.startsWith('Half') ? ['2', '3'] : ['6', '5'];
    await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: q._id, answer: i < right ? good : bad }, { token: child.token });
  }
  expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: child.token })).status).toBe(200);
}

describe('the parent dashboard', () => {
  it('shows the same children and figures through both of its calls, a held score in neither', async () => {
    const parent = await person('parent');
    const children = [await person('student', 'Bea'), await person('student', 'Al')];
    for (const child of children) {
      const req = await api('POST', '/parent/add-child', { childEmail: child.user.email, relationship: 'father' }, { token: parent.token });
      await api('POST', `/parent/requests/${req.body.data.linkId}/accept`, undefined, { token: child.token });
    }
    const [bea, al] = children as [(typeof children)[number], (typeof children)[number]];
    await sit(await exam('Fractions'), bea, 1);
    await sit(await exam('Times tables'), bea, 2);
    await sit(await exam('Held back', { showResultsImmediately: false }), al, 2);

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
