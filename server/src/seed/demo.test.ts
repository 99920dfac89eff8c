import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { DEMO_PASSWORD, seedDemo } from './demo';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('demo seed', () => {
  it('seeds the four demo accounts once, verified, with the parent linked to the student', async () => {
    expect(await seedDemo(server.deps)).toBe(true);
    expect(await seedDemo(server.deps)).toBe(false);
    for (const email of ['admin@example.com', 'teacher@example.com', 'student@example.com', 'parent@example.com']) {
      const res = await server.api('POST', '/auth/login', { email, password: DEMO_PASSWORD });
      expect(res.status, email).toBe(200);
      expect(res.body.data.user.isVerified).toBe(true);
    }
    const link = await server.deps.db('parent_children as pc').join('users as p', 'p.id', 'pc.parent_id').join('users as c', 'c.id', 'pc.child_id').first('p.email as parent', 'c.email as child');
    expect(link).toEqual({ parent: 'parent@example.com', child: 'student@example.com' });
  });

  it('gives the demo teacher a bank of every type and exams in every state the demo student can see', async () => {
    const teacher = await server.api('POST', '/auth/login', { email: 'teacher@example.com', password: DEMO_PASSWORD });
    const token = teacher.body.data.accessToken;
    const bank = await server.api('GET', '/questions?limit=100', undefined, { token });
    expect(new Set(bank.body.data.questions.map((q: { type: string }) => q.type))).toEqual(new Set(['multiple-choice', 'true-false', 'essay', 'fill-blank']));
    const exams = await server.api('GET', '/exams', undefined, { token });
    expect(exams.body.data.stats).toMatchObject({ total: 4, upcoming: 2, ongoing: 1, completed: 1, draft: 1 });
    const student = await server.api('POST', '/auth/login', { email: 'student@example.com', password: DEMO_PASSWORD });
    const seen = await server.api('GET', '/exams', undefined, { token: student.body.data.accessToken });
    expect(seen.body.data.stats).toMatchObject({ total: 3, ongoing: 1, upcoming: 1, completed: 1 });
  });
});
