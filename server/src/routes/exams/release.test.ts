import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleasePreview } from '@exam/shared';
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

/** A teacher's exam with a multiple choice (2 points, key "Four") and an essay (8 points), whose results wait for the teacher's release. */
async function essayExam() {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 0, settings: { showResultsImmediately: false } });
  const mc = await buildQuestion(server.deps, teacher.id, { points: 2 });
  const essay = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 8 });
  await server.deps.db('exam_questions').insert([mc.id, essay.id].map((question_id, i) => ({ exam_id: exam.id, question_id, position: i + 1 })));
  return { teacherToken: await token(teacher.email), examId: exam.id };
}

/** A student answers the choice right, writes an essay (or not) and submits; with no essay nothing waits for marks. */
async function sit(examId: string, firstName: string, essay: string | null) {
  const student = await buildUser(server.deps, { role: 'student', firstName });
  const t = await token(student.email);
  const start = await api('POST', `/exams/${examId}/start`, undefined, { token: t });
  const attemptId = start.body.data.submission._id as string;
  const questions = start.body.data.questions as { _id: string; type: string }[];
  const essayId = questions.find((q) => q.type === 'essay')!._id;
  await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: questions.find((q) => q.type !== 'essay')!._id, answer: 'Four' }, { token: t });
  if (essay !== null) await api('POST', '/submissions/answer', { submissionId: attemptId, questionId: essayId, answer: essay }, { token: t });
  await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: t });
  return { student, token: t, attemptId, essayId };
}

const mark = async (teacherToken: string, s: Awaited<ReturnType<typeof sit>>, marks: number) =>
  expect((await api('POST', `/submissions/${s.attemptId}/grade`, { grades: [{ questionId: s.essayId, marks }] }, { token: teacherToken })).status).toBe(200);
const ownResult = async (s: { attemptId: string; token: string }) => (await api('GET', `/submissions/${s.attemptId}`, undefined, { token: s.token })).body.data.submission as { status: string; percentage: number | null; resultsReleased: boolean };
const resultNotices = async (studentId: string) => server.deps.db('notifications').where({ user_id: studentId, type: 'result' });

/** An exam with one marked attempt (Ada: no essay written, marked at once with the choice) and two waiting (Ben, Cleo). */
async function classWithWaiting() {
  const exam = await essayExam();
  const ada = await sit(exam.examId, 'Ada', null);
  const ben = await sit(exam.examId, 'Ben', 'Light makes sugar.');
  const cleo = await sit(exam.examId, 'Cleo', 'Chlorophyll absorbs light.');
  return { ...exam, ada, ben, cleo };
}

describe('releasing results while essays wait for marks', () => {
  it('the preview names exactly the attempts waiting for marks, and counts the marked', async () => {
    const { examId, teacherToken, ben, cleo } = await classWithWaiting();
    const res = await api('GET', `/exams/${examId}/release-preview`, undefined, { token: teacherToken });
    expect(res.status).toBe(200);
    const preview = res.body.data as ReleasePreview;
    expect(preview).toMatchObject({ released: false, marked: 1, waiting: 2, underReview: 0, leftOut: 0 });
    expect(preview.waitingList.map((w) => w.attemptId).sort()).toEqual([ben.attemptId, cleo.attemptId].sort());
    expect(preview.waitingList.map((w) => w.studentName).sort()).toEqual(['Ben Student', 'Cleo Student']);
    const student = await buildUser(server.deps, { role: 'student' });
    expect((await api('GET', `/exams/${examId}/release-preview`, undefined, { token: await token(student.email) })).status).toBe(403);
  });

  it('"marked only" keeps a waiting attempt hidden after it is marked, until the next release lets it out and tells its student', async () => {
    const { examId, teacherToken, ada, ben, cleo } = await classWithWaiting();
    expect((await api('PUT', `/exams/${examId}/release-results`, { only: 'marked' }, { token: teacherToken })).status).toBe(200);
    expect(await ownResult(ada)).toMatchObject({ status: 'graded', resultsReleased: true, percentage: 20 });
    expect(await resultNotices(ada.student.id)).toHaveLength(1);

    await mark(teacherToken, ben, 6);
    expect(await ownResult(ben)).toMatchObject({ status: 'graded', resultsReleased: false, percentage: null });
    expect(await resultNotices(ben.student.id)).toHaveLength(0);
    const preview = (await api('GET', `/exams/${examId}/release-preview`, undefined, { token: teacherToken })).body.data as ReleasePreview;
    expect(preview).toMatchObject({ released: true, marked: 1, waiting: 1, leftOut: 2 });
    expect((await api('GET', `/exams/${examId}/stats`, undefined, { token: teacherToken })).body.data.stats.leftOutOfRelease).toBe(2);

    // The next marked-only release lets Ben out (marked now) and keeps Cleo (still waiting) out.
    await api('PUT', `/exams/${examId}/release-results`, { only: 'marked' }, { token: teacherToken });
    expect(await ownResult(ben)).toMatchObject({ resultsReleased: true, percentage: 80 });
    expect(await resultNotices(ben.student.id)).toHaveLength(1);
    await mark(teacherToken, cleo, 8);
    expect(await ownResult(cleo)).toMatchObject({ resultsReleased: false, percentage: null });
    // A release of everything lets the rest out.
    await api('PUT', `/exams/${examId}/release-results`, undefined, { token: teacherToken });
    expect(await ownResult(cleo)).toMatchObject({ resultsReleased: true, percentage: 100 });
    expect(await resultNotices(cleo.student.id)).toHaveLength(1);
    expect(await resultNotices(ada.student.id)).toHaveLength(1);
  });

  it('releasing all shows a waiting attempt the moment it is marked', async () => {
    const { examId, teacherToken, ben } = await classWithWaiting();
    await api('PUT', `/exams/${examId}/release-results`, {}, { token: teacherToken });
    expect(await resultNotices(ben.student.id)).toHaveLength(0);
    await mark(teacherToken, ben, 2);
    expect(await ownResult(ben)).toMatchObject({ status: 'graded', resultsReleased: true, percentage: 40 });
    expect(await resultNotices(ben.student.id)).toHaveLength(1);
  });

  it('refuses a release scope it does not know', async () => {
    const { examId, teacherToken } = await essayExam();
    expect((await api('PUT', `/exams/${examId}/release-results`, { only: 'everything' }, { token: teacherToken })).status).toBe(400);
  });
});

describe('an attempt waiting for marks', () => {
  it('sends its student and their parent no percentage, though the results are out; its teacher sees the partial total', async () => {
    const { examId, teacherToken, ben } = await classWithWaiting();
    await api('PUT', `/exams/${examId}/release-results`, undefined, { token: teacherToken });
    const parent = await buildUser(server.deps, { role: 'parent' });
    await server.deps.db('parent_children').insert({ parent_id: parent.id, child_id: ben.student.id, relationship: 'guardian', status: 'accepted' });
    const seen = [
      await ownResult(ben),
      (await api('GET', `/exams/${examId}/result`, undefined, { token: ben.token })).body.data.result,
      (await api('GET', '/submissions', undefined, { token: ben.token })).body.data.submissions[0],
      (await api('GET', `/submissions?student=${ben.student.id}`, undefined, { token: await token(parent.email) })).body.data.submissions[0],
    ];
    for (const s of seen) expect(s).toMatchObject({ status: 'submitted', percentage: null, score: null, grade: null, isPassed: null });
    expect((await api('GET', `/submissions/${ben.attemptId}`, undefined, { token: teacherToken })).body.data.submission).toMatchObject({ status: 'submitted', percentage: 20 });
  });
});

describe('statistics with attempts waiting for marks', () => {
  it('count the waiting apart and leave them out of the average, passed and failed', async () => {
    const { examId, teacherToken, ben } = await classWithWaiting();
    await mark(teacherToken, ben, 8);
    const { stats } = (await api('GET', `/exams/${examId}/stats`, undefined, { token: teacherToken })).body.data;
    expect(stats).toMatchObject({ totalSubmissions: 3, gradedSubmissions: 2, pendingGrading: 1, averageScore: 60, passedCount: 1, failedCount: 1, leftOutOfRelease: 0 });
  });
});
