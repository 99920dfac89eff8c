import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKING_MSG, type MarkingOverview, type QuestionMarking, type Rubric } from '@exam/shared';
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

const RUBRIC: Rubric = {
  criteria: [
    {
      id: 'idea',
      title: 'Idea',
      description: '',
      levels: [
        { id: 'idea-0', title: 'Absent', description: '', points: 0 },
        { id: 'idea-4', title: 'Clear', description: '', points: 4 },
      ],
    },
  ],
};

/**
 * A teacher's exam in the order: a multiple choice (marked automatically), an essay with a rubric,
 * a blank with no key (so a teacher marks it), a second essay.
 */
async function markingExam(settings: Record<string, unknown> = {}) {
  const teacher = await buildUser(server.deps, { role: 'teacher', firstName: 'Tess' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 0, settings });
  const mc = await buildQuestion(server.deps, teacher.id, { points: 2 });
  const essay = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 4, text: 'Why is the sky blue?' });
  const blank = await buildQuestion(server.deps, teacher.id, { type: 'fill-blank', points: 1, text: 'Name a noble gas: ____.' });
  const second = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 6, text: 'Why do leaves fall?' });
  await server.deps.db('questions').where({ id: blank.id }).update({ correct_answer: '', accepted_answers: JSON.stringify([]) });
  await server.deps.db('questions').where({ id: essay.id }).update({ rubric: JSON.stringify(RUBRIC) });
  await server.deps.db('exam_questions').insert([mc.id, essay.id, blank.id, second.id].map((question_id, i) => ({ exam_id: exam.id, question_id, position: i + 1 })));
  return { teacher, teacherToken: await token(teacher.email), examId: exam.id, mcId: mc.id, essayId: essay.id, blankId: blank.id, secondId: second.id };
}

type Exam = Awaited<ReturnType<typeof markingExam>>;

/** A student named as given answers what is given (question id → text) and submits, unless told to stay in the exam. */
async function sit(exam: Exam, firstName: string, lastName: string, answers: Record<string, string>, submit = true) {
  const student = await buildUser(server.deps, { role: 'student', firstName });
  await server.deps.db('users').where({ id: student.id }).update({ last_name: lastName });
  const t = await token(student.email);
  const attemptId = (await api('POST', `/exams/${exam.examId}/start`, undefined, { token: t })).body.data.submission._id as string;
  for (const [questionId, answer] of Object.entries(answers)) await api('POST', '/submissions/answer', { submissionId: attemptId, questionId, answer }, { token: t });
  if (submit) expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: t })).status).toBe(200);
  return { student, token: t, attemptId };
}

/** Four handed in (Dan wrote nothing), one still writing. */
async function markingClass(settings: Record<string, unknown> = {}) {
  const exam = await markingExam(settings);
  const cleo = await sit(exam, 'Cleo', 'Zed', { [exam.mcId]: 'Four', [exam.essayId]: 'Rayleigh scattering.', [exam.blankId]: 'Neon' });
  const ben = await sit(exam, 'Ben', 'Young', { [exam.essayId]: 'Blue light scatters more.', [exam.secondId]: 'Less daylight.' });
  const ada = await sit(exam, 'Ada', 'Young', { [exam.essayId]: 'The air scatters blue.' });
  const dan = await sit(exam, 'Dan', 'Xavier', {});
  const eve = await sit(exam, 'Eve', 'Adams', { [exam.essayId]: 'Still thinking.', [exam.blankId]: 'Argon' }, false);
  return { exam, cleo, ben, ada, dan, eve };
}

const overview = async (t: string, examId: string) => (await api('GET', `/exams/${examId}/marking`, undefined, { token: t })).body.data as MarkingOverview;
const byQuestion = async (t: string, examId: string, questionId: string) =>
  (await api('GET', `/exams/${examId}/marking/questions/${questionId}`, undefined, { token: t })).body.data as QuestionMarking;

describe('the marking overview', () => {
  it('lists the essays and any question waiting for marks, in the exam’s order, with counts over handed-in attempts that go down as answers are marked', async () => {
    const { exam, ada, ben } = await markingClass();
    const first = await overview(exam.teacherToken, exam.examId);
    expect(first.exam).toEqual({ id: exam.examId, title: expect.any(String), anonymousMarking: false });
    // The multiple choice is marked automatically and waits for nobody: it is not listed.
    expect(first.questions.map((q) => [q.questionId, q.index, q.type, q.hasRubric, q.answers, q.marked, q.left])).toEqual([
      [exam.essayId, 2, 'essay', true, 4, 0, 3],
      [exam.blankId, 3, 'fill-blank', false, 4, 0, 1],
      [exam.secondId, 4, 'essay', false, 4, 0, 1],
    ]);

    expect((await api('PUT', `/submissions/${ada.attemptId}/grade`, { grades: [{ questionId: exam.essayId, rubric: { idea: 'idea-4' } }] }, { token: exam.teacherToken })).status).toBe(200);
    expect((await api('PUT', `/submissions/${ben.attemptId}/grade`, { grades: [{ questionId: exam.secondId, marks: 3 }] }, { token: exam.teacherToken })).status).toBe(200);
    const after = await overview(exam.teacherToken, exam.examId);
    expect(after.questions.map((q) => [q.questionId, q.marked, q.left])).toEqual([
      [exam.essayId, 1, 2],
      [exam.blankId, 0, 1],
      [exam.secondId, 1, 0],
    ]);
  });

  it('is refused to a student and to another teacher', async () => {
    const { exam, ada } = await markingClass();
    expect((await api('GET', `/exams/${exam.examId}/marking`, undefined, { token: ada.token })).status).toBe(403);
    const other = await buildUser(server.deps, { role: 'teacher' });
    const t = await token(other.email);
    expect((await api('GET', `/exams/${exam.examId}/marking`, undefined, { token: t })).status).toBe(403);
    expect((await api('GET', `/exams/${exam.examId}/marking/questions/${exam.essayId}`, undefined, { token: t })).status).toBe(403);
    expect((await api('GET', `/exams/${exam.examId}/marking/questions/${exam.essayId}`, undefined, { token: ada.token })).status).toBe(403);
  });

  it('lets in a teacher the owner added to mark, who marks and reads the attempt; a proctor who does not mark stays out', async () => {
    const { exam, ada } = await markingClass();
    const marker = await buildUser(server.deps, { role: 'teacher', firstName: 'Mara' });
    const proctor = await buildUser(server.deps, { role: 'teacher', firstName: 'Pete' });
    const add = (userId: string, duties: Record<string, boolean>) =>
      api('PUT', `/exams/${exam.examId}/staff/${userId}`, { proctors: false, reviews: false, marks: false, ...duties }, { token: exam.teacherToken });
    expect((await add(marker.id, { marks: true })).status).toBe(200);
    expect((await add(proctor.id, { proctors: true })).status).toBe(200);
    const markerToken = await token(marker.email);
    const proctorToken = await token(proctor.email);

    const question = (await api('GET', `/exams/${exam.examId}/marking/questions/${exam.essayId}`, undefined, { token: markerToken })).body.data as QuestionMarking;
    const adas = question.answers.find((a) => a.attemptId === ada.attemptId)!;
    const graded = await api('PUT', `/submissions/${ada.attemptId}/grade`, { grades: [{ questionId: exam.essayId, rubric: { idea: 'idea-4' }, version: adas.markVersion }] }, { token: markerToken });
    expect(graded.status).toBe(200);
    expect(graded.body.data.submission.answers.find((a: { questionId: string }) => a.questionId === exam.essayId).marks).toBe(4);
    expect((await api('GET', `/submissions?examId=${exam.examId}`, undefined, { token: markerToken })).body.data.submissions.length).toBeGreaterThan(0);

    expect((await api('GET', `/exams/${exam.examId}/marking`, undefined, { token: proctorToken })).status).toBe(403);
    expect((await api('PUT', `/submissions/${ada.attemptId}/grade`, { grades: [{ questionId: exam.essayId, marks: 0 }] }, { token: proctorToken })).status).toBe(403);
  });
});

describe('marking one question', () => {
  it('lists every handed-in attempt’s answer by name, with its status, version and marker', async () => {
    const { exam, ada, ben, cleo, dan } = await markingClass();
    const before = await byQuestion(exam.teacherToken, exam.examId, exam.essayId);
    expect(before.question).toMatchObject({ questionId: exam.essayId, index: 2, type: 'essay', points: 4, rubric: RUBRIC });
    expect(before.answers.map((a) => [a.position, a.studentName, a.attemptId, a.status, a.answer])).toEqual([
      [1, 'Dan Xavier', dan.attemptId, 'blank', null],
      [2, 'Ada Young', ada.attemptId, 'pending', 'The air scatters blue.'],
      [3, 'Ben Young', ben.attemptId, 'pending', 'Blue light scatters more.'],
      [4, 'Cleo Zed', cleo.attemptId, 'pending', 'Rayleigh scattering.'],
    ]);
    expect(before.left).toBe(3);
    expect(before.answers.every((a) => a.markVersion === 0 && a.markedBy === null && a.marks === null)).toBe(true);

    const ben0 = before.answers.find((a) => a.attemptId === ben.attemptId)!;
    const saved = await api('PUT', `/submissions/${ben.attemptId}/grade`, { grades: [{ questionId: exam.essayId, rubric: { idea: 'idea-0' }, feedback: 'Why blue?', version: ben0.markVersion }] }, { token: exam.teacherToken });
    expect(saved.status).toBe(200);
    const after = await byQuestion(exam.teacherToken, exam.examId, exam.essayId);
    expect(after.left).toBe(2);
    expect(after.answers.find((a) => a.attemptId === ben.attemptId)).toMatchObject({
      position: 3,
      status: 'marked',
      marks: 0,
      feedback: 'Why blue?',
      markVersion: 1,
      markedBy: 'Tess Teacher',
      markedAt: expect.any(String),
      rubricAssessment: { rubric: RUBRIC, chosen: { idea: 'idea-0' } },
    });
  });

  it('shows an automatic mark as marked by nobody', async () => {
    const { exam, cleo } = await markingClass();
    const mc = await byQuestion(exam.teacherToken, exam.examId, exam.mcId);
    expect(mc.answers.find((a) => a.attemptId === cleo.attemptId)).toMatchObject({ status: 'marked', marks: 2, markedBy: null });
    expect(mc.left).toBe(0);
  });

  it('sends no name when the exam is marked anonymously, in a shuffled order that stays the same', async () => {
    const { exam, ada, ben, cleo, dan } = await markingClass({ anonymousMarking: true });
    const res = await api('GET', `/exams/${exam.examId}/marking/questions/${exam.essayId}`, undefined, { token: exam.teacherToken });
    const marking = res.body.data as QuestionMarking;
    expect(marking.exam.anonymousMarking).toBe(true);
    expect(marking.answers.map((a) => a.studentName)).toEqual([null, null, null, null]);
    const sent = JSON.stringify(res.body);
    for (const s of [ada, ben, cleo, dan]) {
      expect(sent).not.toContain(s.student.first_name);
      expect(sent).not.toContain(s.student.email);
    }
    const shuffled = [ada, ben, cleo, dan].map((s) => s.attemptId).sort((x, y) => (md5(x) < md5(y) ? -1 : 1));
    expect(marking.answers.map((a) => a.attemptId)).toEqual(shuffled);
    expect(marking.answers.map((a) => a.position)).toEqual([1, 2, 3, 4]);
    const again = await byQuestion(exam.teacherToken, exam.examId, exam.essayId);
    expect(again.answers.map((a) => a.attemptId)).toEqual(shuffled);
    expect((await overview(exam.teacherToken, exam.examId)).exam.anonymousMarking).toBe(true);
  });

  it('answers 404 for a question that is not part of the exam', async () => {
    const { exam } = await markingClass();
    const elsewhere = await buildQuestion(server.deps, exam.teacher.id, { type: 'essay' });
    for (const id of [elsewhere.id, 'not-a-question']) {
      const res = await api('GET', `/exams/${exam.examId}/marking/questions/${id}`, undefined, { token: exam.teacherToken });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(MARKING_MSG.questionNotMarked);
    }
  });
});

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
