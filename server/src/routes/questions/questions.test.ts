import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG } from '@exam/shared';
import { buildExam, buildQuestion, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: 'teacher' | 'admin' | 'student') {
  const user = await buildUser(server.deps, { role });
  const res = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.data.accessToken as string };
}

describe('the question bank', () => {
  it('creates a question with its key and returns it to its owner', async () => {
    const t = await signedIn('teacher');
    const res = await api(
      'POST',
      '/questions',
      { text: 'Which gas do plants absorb?', type: 'multiple-choice', subject: 'science', topic: 'plants', marks: 3, difficulty: 'easy', options: ['Oxygen', 'Carbon dioxide', 'Nitrogen', ''], correctAnswer: 'Carbon dioxide', explanation: 'Photosynthesis.' },
      { token: t.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.question).toMatchObject({ points: 3, correctAnswer: 'Carbon dioxide', explanation: 'Photosynthesis.', topic: 'plants' });
    expect(res.body.data.question.options).toHaveLength(3);
  });

  it('lists only the teacher’s own questions, with filters and paging', async () => {
    const t = await signedIn('teacher');
    const other = await buildUser(server.deps, { role: 'teacher' });
    await buildQuestion(server.deps, other.id, { text: 'Someone else’s question here' });
    await buildQuestion(server.deps, t.user.id, { type: 'essay', subject: 'history', topic: 'Rome', text: 'Describe the fall of Rome.' });
    await buildQuestion(server.deps, t.user.id, { type: 'true-false', subject: 'science', difficulty: 'hard', text: 'Water boils at 100 °C at sea level.' });
    for (let i = 0; i < 3; i++) await buildQuestion(server.deps, t.user.id, { subject: 'mathematics' });
    const all = await api('GET', '/questions?limit=2', undefined, { token: t.token });
    expect(all.body.data).toMatchObject({ total: 5, totalPages: 3, currentPage: 1 });
    expect(all.body.data.questions).toHaveLength(2);
    const filters: [string, number][] = [
      ['subject=history', 1],
      ['type=true-false', 1],
      ['difficulty=hard', 1],
      ['topic=rom', 1],
      ['search=boils', 1],
      ['subject=mathematics&type=multiple-choice', 3],
    ];
    for (const [qs, n] of filters) expect((await api('GET', `/questions?${qs}`, undefined, { token: t.token })).body.data.total, qs).toBe(n);
    const admin = await signedIn('admin');
    expect((await api('GET', '/questions?limit=100', undefined, { token: admin.token })).body.data.total).toBeGreaterThanOrEqual(6);
  });

  it('leaves out the questions an exam already holds (the Add Questions modal)', async () => {
    const t = await signedIn('teacher');
    const exam = await buildExam(server.deps, t.user.id, { questions: 2 });
    const spare = await buildQuestion(server.deps, t.user.id);
    const res = await api('GET', `/questions?excludeExam=${exam.id}`, undefined, { token: t.token });
    expect(res.body.data.questions.map((q: { _id: string }) => q._id)).toEqual([spare.id]);
  });

  it('lets only the owner change or delete a question, and keeps one in use', async () => {
    const a = await signedIn('teacher');
    const b = await signedIn('teacher');
    const q = await buildQuestion(server.deps, a.user.id);
    const change = { text: 'What is three plus three?', type: 'multiple-choice', subject: 'mathematics', options: ['6', '7'], correctAnswer: '6' };
    expect((await api('PUT', `/questions/${q.id}`, change, { token: b.token })).status).toBe(403);
    expect((await api('DELETE', `/questions/${q.id}`, undefined, { token: b.token })).status).toBe(403);
    const updated = await api('PUT', `/questions/${q.id}`, change, { token: a.token });
    expect(updated.status).toBe(200);
    expect(updated.body.data.question.text).toBe('What is three plus three?');
    const exam = await buildExam(server.deps, a.user.id, { questions: 1 });
    const used = exam.questionIds[0]!;
    const inUse = await api('DELETE', `/questions/${used}`, undefined, { token: a.token });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(EXAM_MSG.questionInUse);
    expect((await api('DELETE', `/questions/${q.id}`, undefined, { token: a.token })).status).toBe(200);
  });

  it('refuses invalid questions with the documented messages', async () => {
    const t = await signedIn('teacher');
    const cases: [Record<string, unknown>, string][] = [
      [{ text: 'Short', type: 'essay', subject: 'english' }, EXAM_MSG.questionTextTooShort],
      [{ text: 'Pick the even number', type: 'multiple-choice', subject: 'mathematics', options: ['2', '', '', ''], correctAnswer: '2' }, EXAM_MSG.optionsTooFew],
      [{ text: 'Pick the even number', type: 'multiple-choice', subject: 'mathematics', options: ['2', '3'], correctAnswer: '4' }, EXAM_MSG.invalidCorrectAnswer],
      [{ text: 'The sky is green today', type: 'true-false', subject: 'science', correctAnswer: 'Maybe' }, EXAM_MSG.invalidCorrectAnswer],
      [{ text: 'Write about your summer.', type: 'essay', subject: 'english', points: 0 }, EXAM_MSG.pointsInvalid],
      [{ text: 'Write about your summer.', type: 'poem', subject: 'english' }, EXAM_MSG.questionTypeInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/questions', body, { token: t.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('is closed to students', async () => {
    const s = await signedIn('student');
    expect((await api('GET', '/questions', undefined, { token: s.token })).status).toBe(403);
    expect((await api('POST', '/questions', { text: 'Anything at all here', type: 'essay', subject: 'english' }, { token: s.token })).status).toBe(403);
  });
});
