import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKING_MSG } from '@exam/shared';
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

/**
 * An attempt with two written essays (10 points each) waiting for marks, and two people who may
 * mark it: the exam's teacher (A) and an admin (B).
 */
async function attemptToMark() {
  const teacher = await buildUser(server.deps, { role: 'teacher', firstName: 'Ann' });
  const admin = await buildUser(server.deps, { role: 'admin', firstName: 'Bob' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 0 });
  const first = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 10, text: 'Explain tides.' });
  const second = await buildQuestion(server.deps, teacher.id, { type: 'essay', points: 10, text: 'Explain seasons.' });
  await server.deps.db('exam_questions').insert([first.id, second.id].map((question_id, i) => ({ exam_id: exam.id, question_id, position: i + 1 })));
  const student = await buildUser(server.deps, { role: 'student' });
  const st = await token(student.email);
  const attemptId = (await api('POST', `/exams/${exam.id}/start`, undefined, { token: st })).body.data.submission._id as string;
  for (const [questionId, answer] of [[first.id, 'The moon pulls the sea.'], [second.id, 'The axis is tilted.']]) {
    await api('POST', '/submissions/answer', { submissionId: attemptId, questionId, answer }, { token: st });
  }
  expect((await api('POST', '/submissions/submit', { submissionId: attemptId }, { token: st })).status).toBe(200);
  return { a: await token(teacher.email), b: await token(admin.email), attemptId, firstId: first.id, secondId: second.id };
}

type Answer = { questionId: string; marks: number | null; feedback: string | null; markVersion: number };
const answersOf = async (t: string, attemptId: string) => {
  const answers = (await api('GET', `/submissions/${attemptId}`, undefined, { token: t })).body.data.submission.answers as Answer[];
  return new Map(answers.map((a) => [a.questionId, a]));
};
const grade = (t: string, attemptId: string, grades: unknown[]) => api('PUT', `/submissions/${attemptId}/grade`, { grades }, { token: t });

describe('two teachers marking at once', () => {
  it('refuses a save against an answer marked meanwhile, keeps the first marks, and lets the other answer land', async () => {
    const m = await attemptToMark();
    // Both open the attempt before either saves.
    const readByA = await answersOf(m.a, m.attemptId);
    const readByB = await answersOf(m.b, m.attemptId);
    expect(readByA.get(m.firstId)!.markVersion).toBe(0);
    expect(readByB.get(m.firstId)!.markVersion).toBe(0);

    const saved = await grade(m.a, m.attemptId, [{ questionId: m.firstId, marks: 7, feedback: 'Good.', version: readByA.get(m.firstId)!.markVersion }]);
    expect(saved.status).toBe(200);

    const late = await grade(m.b, m.attemptId, [{ questionId: m.firstId, marks: 2, feedback: 'Weak.', version: readByB.get(m.firstId)!.markVersion }]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(MARKING_MSG.markedMeanwhile);
    expect((await answersOf(m.a, m.attemptId)).get(m.firstId)).toMatchObject({ marks: 7, feedback: 'Good.', markVersion: 1 });

    // B's marks for the other essay of the same attempt land beside A's.
    const other = await grade(m.b, m.attemptId, [{ questionId: m.secondId, marks: 4, version: readByB.get(m.secondId)!.markVersion }]);
    expect(other.status).toBe(200);
    expect(other.body.data.submission).toMatchObject({ status: 'graded', score: 11 });
    const now = await answersOf(m.a, m.attemptId);
    expect(now.get(m.firstId)).toMatchObject({ marks: 7, markVersion: 1 });
    expect(now.get(m.secondId)).toMatchObject({ marks: 4, markVersion: 1 });
  });

  it('refuses the whole save when one of its answers was marked meanwhile', async () => {
    const m = await attemptToMark();
    await grade(m.a, m.attemptId, [{ questionId: m.firstId, marks: 7, version: 0 }]);
    const mixed = await grade(m.b, m.attemptId, [{ questionId: m.secondId, marks: 4, version: 0 }, { questionId: m.firstId, marks: 2, version: 0 }]);
    expect(mixed.status).toBe(409);
    const now = await answersOf(m.a, m.attemptId);
    expect(now.get(m.secondId)).toMatchObject({ marks: null, markVersion: 0 });
    expect(now.get(m.firstId)).toMatchObject({ marks: 7, markVersion: 1 });
    const history = (await api('GET', `/submissions/${m.attemptId}`, undefined, { token: m.a })).body.data.history as unknown[];
    expect(history).toHaveLength(1);
  });

  it('lets exactly one of two saves sent at the same moment against the same version land', async () => {
    const m = await attemptToMark();
    const results = await Promise.all([
      grade(m.a, m.attemptId, [{ questionId: m.firstId, marks: 7, version: 0 }]),
      grade(m.b, m.attemptId, [{ questionId: m.firstId, marks: 2, version: 0 }]),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.findIndex((r) => r.status === 200) === 0 ? 7 : 2;
    expect((await answersOf(m.a, m.attemptId)).get(m.firstId)).toMatchObject({ marks: winner, markVersion: 1 });
  });

  it('keeps last-writer-wins for a grade sent without a version, still raising the version', async () => {
    const m = await attemptToMark();
    expect((await grade(m.a, m.attemptId, [{ questionId: m.firstId, marks: 7 }])).status).toBe(200);
    expect((await grade(m.b, m.attemptId, [{ questionId: m.firstId, marks: 2 }])).status).toBe(200);
    expect((await answersOf(m.a, m.attemptId)).get(m.firstId)).toMatchObject({ marks: 2, markVersion: 2 });
    // A marker holding the latest version saves as usual.
    expect((await grade(m.a, m.attemptId, [{ questionId: m.firstId, marks: 6, version: 2 }])).status).toBe(200);
    expect((await answersOf(m.b, m.attemptId)).get(m.firstId)).toMatchObject({ marks: 6, markVersion: 3 });
  });
});
