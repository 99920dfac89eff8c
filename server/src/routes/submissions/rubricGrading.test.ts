import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKING_MSG, type Rubric } from '@exam/shared';
import { buildExam, buildQuestion, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);
const token = async (email: string) => (await api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;

/** Content 0/1/3 and style 0/2: best levels 5, the essay's points. */
const RUBRIC: Rubric = {
  criteria: [
    {
      id: 'content',
      title: 'Content',
      description: '',
      levels: [
        { id: 'content-none', title: 'Missing', description: '', points: 0 },
        { id: 'content-some', title: 'Partly there', description: '', points: 1 },
        { id: 'content-full', title: 'Complete', description: '', points: 3 },
      ],
    },
    {
      id: 'style',
      title: 'Style',
      description: '',
      levels: [
        { id: 'style-poor', title: 'Hard to follow', description: '', points: 0 },
        { id: 'style-clear', title: 'Clear', description: '', points: 2 },
      ],
    },
  ],
};

/** A teacher's exam: a multiple choice (2 points, key "Four"), two essays of 5 points, the first with the rubric. */
async function rubricExam(settings: Record<string, unknown> = {}) {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 0, settings });
  const mc = await buildQuestion(server.deps, teacher.id, { points: 2 });
  const essay = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 5, text: 'Explain photosynthesis.' });
  const second = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 5, text: 'Explain respiration.' });
  await server.deps.db('exam_questions').insert([mc.id, essay.id, second.id].map((question_id, i) => ({ exam_id: exam.id, question_id, position: i + 1 })));
  await server.deps.db('questions').where({ id: essay.id }).update({ rubric: JSON.stringify(RUBRIC) });
  return { teacherToken: await token(teacher.email), examId: exam.id, mcId: mc.id, essayId: essay.id, secondId: second.id };
}

/** A student answers everything and submits: both essays wait for marks. */
async function sit(exam: Awaited<ReturnType<typeof rubricExam>>) {
  const student = await buildUser(server.deps, { role: 'student' });
  const t = await token(student.email);
  const start = await api('POST', `/exams/${exam.examId}/start`, undefined, { token: t });
  const attemptId = start.body.data.submission._id as string;
  const answers = { [exam.mcId]: 'Four', [exam.essayId]: 'Light makes sugar.', [exam.secondId]: 'Sugar makes energy.' };
  for (const [questionId, answer] of Object.entries(answers)) await api('POST', '/submissions/answer', { submissionId: attemptId, questionId, answer }, { token: t });
  expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: t })).status).toBe(200);
  return { token: t, attemptId };
}

const grade = (t: string, attemptId: string, grades: unknown[]) => api('PUT', `/submissions/${attemptId}/grade`, { grades }, { token: t });
const answerTo = async (t: string, attemptId: string, questionId: string) =>
  ((await api('GET', `/submissions/${attemptId}`, undefined, { token: t })).body.data.submission.answers as { questionId: string }[]).find((a) => a.questionId === questionId) as Record<string, unknown>;

describe('marking with a rubric', () => {
  it('gives the chosen levels’ points as the marks and keeps the levels with the answer', async () => {
    const exam = await rubricExam();
    const s = await sit(exam);
    const chosen = { content: 'content-full', style: 'style-poor' };
    const res = await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, rubric: chosen, feedback: 'Say more about style.' }]);
    expect(res.status).toBe(200);
    const essay = (res.body.data.submission.answers as { questionId: string }[]).find((a) => a.questionId === exam.essayId);
    expect(essay).toMatchObject({ marks: 3, feedback: 'Say more about style.', rubricAssessment: { rubric: RUBRIC, chosen }, rubric: RUBRIC, markVersion: 1 });
    // Marks sent with the levels are accepted when they are the levels' points.
    const again = await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, rubric: { content: 'content-full', style: 'style-clear' }, marks: 5 }]);
    expect(again.status).toBe(200);
    expect(await answerTo(exam.teacherToken, s.attemptId, exam.essayId)).toMatchObject({ marks: 5, status: 'correct', markVersion: 2 });
  });

  it('refuses an incomplete or foreign choice, marks that are not the levels’ points, and levels for a question without a rubric', async () => {
    const exam = await rubricExam();
    const s = await sit(exam);
    const refusals: [unknown, string][] = [
      [{ questionId: exam.essayId, rubric: { content: 'content-full' } }, MARKING_MSG.rubricIncomplete],
      [{ questionId: exam.essayId, rubric: { content: 'style-clear', style: 'style-clear' } }, MARKING_MSG.rubricIncomplete],
      [{ questionId: exam.essayId, rubric: { content: 'content-full', style: 'style-clear', tone: 'x' } }, MARKING_MSG.rubricIncomplete],
      [{ questionId: exam.essayId, rubric: { content: 'content-some', style: 'style-clear' }, marks: 4 }, MARKING_MSG.marksNotRubric],
      [{ questionId: exam.secondId, rubric: { content: 'content-full', style: 'style-clear' } }, MARKING_MSG.noRubric],
      [{ questionId: exam.mcId, rubric: { content: 'content-full', style: 'style-clear' } }, MARKING_MSG.noRubric],
    ];
    for (const [g, message] of refusals) {
      const res = await grade(exam.teacherToken, s.attemptId, [g]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // A grade with neither marks nor levels is refused by the schema.
    const neither = await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, feedback: 'Nice' }]);
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe(MARKING_MSG.marksOrRubric);
    // Nothing of the refused saves was written.
    expect(await answerTo(exam.teacherToken, s.attemptId, exam.essayId)).toMatchObject({ marks: null, status: 'pending', rubricAssessment: null, markVersion: 0 });
  });

  it('keeps a marked answer’s levels as they were when the question’s rubric is edited later', async () => {
    const exam = await rubricExam();
    const s = await sit(exam);
    await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, rubric: { content: 'content-some', style: 'style-clear' } }]);
    const edited: Rubric = { criteria: RUBRIC.criteria.map((c) => ({ ...c, title: `${c.title} (revised)`, levels: c.levels.map((l) => ({ ...l, title: `${l.title} (revised)` })) })) };
    await server.deps.db('questions').where({ id: exam.essayId }).update({ rubric: JSON.stringify(edited) });
    const essay = await answerTo(exam.teacherToken, s.attemptId, exam.essayId);
    expect(essay).toMatchObject({ marks: 3, rubricAssessment: { rubric: RUBRIC, chosen: { content: 'content-some', style: 'style-clear' } }, rubric: edited });
  });

  it('clears the levels when plain marks replace them, and keeps them for a feedback-only edit', async () => {
    const exam = await rubricExam();
    const s = await sit(exam);
    const chosen = { content: 'content-full', style: 'style-clear' };
    await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, rubric: chosen }]);
    await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, marks: 5, feedback: 'Well argued.' }]);
    expect(await answerTo(exam.teacherToken, s.attemptId, exam.essayId)).toMatchObject({ marks: 5, feedback: 'Well argued.', rubricAssessment: { chosen } });
    await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, marks: 4 }]);
    expect(await answerTo(exam.teacherToken, s.attemptId, exam.essayId)).toMatchObject({ marks: 4, feedback: 'Well argued.', rubricAssessment: null });
  });

  it('shows the student the levels in their result once it is released, and not before', async () => {
    const exam = await rubricExam({ showResultsImmediately: false });
    const s = await sit(exam);
    const chosen = { content: 'content-full', style: 'style-clear' };
    // Marked, results not out: the student sees no levels (nor marks).
    await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, rubric: chosen }, { questionId: exam.secondId, marks: 2 }]);
    const before = await answerTo(s.token, s.attemptId, exam.essayId);
    expect(before).toMatchObject({ marks: null, rubricAssessment: null });
    expect(before).not.toHaveProperty('rubric');
    expect(before).not.toHaveProperty('markVersion');
    expect((await api('PUT', `/exams/${exam.examId}/release-results`, undefined, { token: exam.teacherToken })).status).toBe(200);
    const after = await answerTo(s.token, s.attemptId, exam.essayId);
    expect(after).toMatchObject({ marks: 5, rubricAssessment: { rubric: RUBRIC, chosen } });
    expect(after).not.toHaveProperty('rubric');
    expect(after).not.toHaveProperty('markVersion');
  });

  it('shows no levels while the attempt still waits for another answer’s marks, though results are out', async () => {
    const exam = await rubricExam();
    const s = await sit(exam);
    await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.essayId, rubric: { content: 'content-full', style: 'style-clear' } }]);
    expect(await answerTo(s.token, s.attemptId, exam.essayId)).toMatchObject({ rubricAssessment: null });
    await grade(exam.teacherToken, s.attemptId, [{ questionId: exam.secondId, marks: 3 }]);
    expect(await answerTo(s.token, s.attemptId, exam.essayId)).toMatchObject({ rubricAssessment: { chosen: { content: 'content-full', style: 'style-clear' } } });
  });

  it('tells staff whether the exam is marked anonymously, and nobody else', async () => {
    const exam = await rubricExam({ anonymousMarking: true });
    const s = await sit(exam);
    expect((await api('GET', `/submissions/${s.attemptId}`, undefined, { token: exam.teacherToken })).body.data.anonymousMarking).toBe(true);
    expect((await api('GET', `/submissions/${s.attemptId}`, undefined, { token: s.token })).body.data).not.toHaveProperty('anonymousMarking');
    const plain = await rubricExam();
    const p = await sit(plain);
    expect((await api('GET', `/submissions/${p.attemptId}`, undefined, { token: plain.teacherToken })).body.data.anonymousMarking).toBe(false);
  });
});
