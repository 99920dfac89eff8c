import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

/** Issue 14: the results list (GET /submissions?student=…&isSubmitted=true) as every role reads it. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const token = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

const QUESTIONS = [
  { text: 'What is seven times six?', type: 'multiple-choice', subject: 'Mathematics', options: ['42', '36'], correctAnswer: '42', points: 2 },
  { text: 'Water boils at 100 degrees at sea level.', type: 'true-false', subject: 'Science', correctAnswer: 'True', points: 2 },
];

async function heldBackExam() {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const t = await token(teacher.email);
  const res = await api(
    'POST',
    '/exams',
    {
      title: 'Held-back results',
      description: 'Results out only when the teacher releases them',
      subject: 'Science',
      grade: 10,
      duration: 60,
      passingMarks: 50,
      isPublished: true,
      settings: { ...EXAM_SETTINGS_DEFAULTS, showResultsImmediately: false },
      schedule: { startDate: new Date(Date.now() - 60_000).toISOString(), endDate: new Date(Date.now() + 3 * 3600_000).toISOString() },
      questions: QUESTIONS,
    },
    { token: t },
  );
  expect(res.status).toBe(201);
  return { teacher, teacherToken: t, examId: res.body.data.exam._id as string };
}

/** A grade-10 student answers the choice right and the true/false wrong, then submits. */
async function sit(examId: string) {
  const student = await buildUser(server.deps, { role: 'student' });
  const t = await token(student.email);
  const start = await api('POST', `/exams/${examId}/start`, undefined, { token: t });
  const attemptId = start.body.data.submission._id as string;
  for (const q of start.body.data.questions as { _id: string; type: string }[]) {
    await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: q._id, answer: q.type === 'true-false' ? 'False' : '42' }, { token: t });
  }
  expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: t })).status).toBe(200);
  return { student, token: t, attemptId };
}

type Item = { _id: string; student: { _id: string }; answers: { questionId: string; userAnswer: string | null; answer: string | null; isCorrect: boolean | null; correctAnswer?: unknown }[] };

const list = async (tok: string, query: string) => {
  const res = await api('GET', `/submissions?${query}`, undefined, { token: tok });
  expect(res.status).toBe(200);
  return res.body.data.submissions as Item[];
};

describe('the results list', () => {
  it('lists a parent’s children’s results with their answers, keys never, correctness once results are out', async () => {
    const { teacher, teacherToken, examId } = await heldBackExam();
    const first = await sit(examId);
    const second = await sit(examId);
    const stranger = await sit(examId);
    const parent = await buildUser(server.deps, { role: 'parent' });
    for (const child of [first, second]) await server.deps.db('parent_children').insert({ parent_id: parent.id, child_id: child.student.id, relationship: 'mother', status: 'accepted' });
    const p = await token(parent.email);

    const one = await list(p, `student=${first.student.id}&isSubmitted=true`);
    expect(one.map((s) => s._id)).toEqual([first.attemptId]);
    expect(one[0]!.answers.map((a) => [a.answer, a.isCorrect]).sort()).toEqual([
      ['42', null],
      ['False', null],
    ]);
    expect(JSON.stringify(one)).not.toContain('"correctAnswer"');

    const mine = (tok: string, q: string) => list(tok, q).then((rows) => rows.map((s) => s._id).sort());
    const both = [first.attemptId, second.attemptId].sort();
    expect(await mine(p, `student=${parent.id}&isSubmitted=true`)).toEqual(both);
    expect(await mine(p, 'isSubmitted=true')).toEqual(both);
    expect((await api('GET', `/submissions?student=${stranger.student.id}&isSubmitted=true`, undefined, { token: p })).status).toBe(403);

    // The teacher's own id, or none, lists the submissions to their exams.
    const all = [first.attemptId, second.attemptId, stranger.attemptId].sort();
    expect(await mine(teacherToken, `student=${teacher.id}&isSubmitted=true`)).toEqual(all);
    expect(await mine(teacherToken, 'isSubmitted=true')).toEqual(all);

    expect((await api('PUT', `/exams/${examId}/release-results`, undefined, { token: teacherToken })).status).toBe(200);
    const released = await list(first.token, `student=${first.student.id}&isSubmitted=true`);
    expect(released[0]!.answers.map((a) => [a.userAnswer, a.isCorrect]).sort()).toEqual([
      ['42', true],
      ['False', false],
    ]);
    expect(JSON.stringify(released)).not.toContain('"correctAnswer"');
    expect((await api('GET', `/submissions?student=${second.student.id}&isSubmitted=true`, undefined, { token: first.token })).status).toBe(403);
  });
});
