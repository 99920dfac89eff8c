import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG, MSG } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: 'teacher' | 'admin' | 'student' | 'parent') {
  const user = await buildUser(server.deps, { role });
  const res = await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.data.accessToken as string };
}

const attempts = async (examId: string) => Number((await server.deps.db('attempts').where({ exam_id: examId }).count<{ n: string }[]>({ n: '*' }))[0]!.n);

describe('GET /exams/:id/preview', () => {
  it('shows the owner the questions as a student gets them: texts and options, no keys, and records no attempt', async () => {
    const { user, token } = await signedIn('teacher');
    const exam = await buildExam(server.deps, user.id, { title: 'Preview me', questions: 3 });
    const res = await api('GET', `/exams/${exam.id}/preview`, undefined, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.exam).toMatchObject({ _id: exam.id, title: 'Preview me' });
    const questions = res.body.data.questions as Record<string, unknown>[];
    expect(questions.map((q) => q._id)).toEqual(exam.questionIds);
    for (const q of questions) {
      expect(Object.keys(q).sort()).toEqual(['_id', 'image', 'marks', 'options', 'points', 'question', 'text', 'type']);
      expect((q.options as unknown[]).every((o) => typeof o === 'string')).toBe(true);
    }
    expect(await attempts(exam.id)).toBe(0);
  });

  it('lets an admin preview any exam', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, teacher.id, { published: false, state: 'upcoming' });
    const { token } = await signedIn('admin');
    expect((await api('GET', `/exams/${exam.id}/preview`, undefined, { token })).status).toBe(200);
  });

  it('refuses another teacher, a student the exam is meant for, and a parent', async () => {
    const owner = await buildUser(server.deps, { role: 'teacher' });
    const exam = await buildExam(server.deps, owner.id);
    for (const role of ['teacher', 'student', 'parent'] as const) {
      const { token } = await signedIn(role);
      const res = await api('GET', `/exams/${exam.id}/preview`, undefined, { token });
      expect(res.status, role).toBe(403);
      expect(res.body.message, role).toBe(MSG.forbidden);
    }
    expect(await attempts(exam.id)).toBe(0);
  });

  it('answers a signed-out caller 401, and an unknown or malformed exam id 404 with its message', async () => {
    const { token } = await signedIn('teacher');
    expect((await api('GET', `/exams/00000000-0000-4000-8000-000000000000/preview`)).status).toBe(401);
    const missing = await api('GET', `/exams/00000000-0000-4000-8000-000000000000/preview`, undefined, { token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(EXAM_MSG.examNotFound);
    const malformed = await api('GET', '/exams/not-an-id/preview', undefined, { token });
    expect(malformed.status).toBe(404);
    expect(malformed.body.message).toBe(EXAM_MSG.examNotFound);
  });
});
