import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MARKING_MSG, MSG, type Rubric } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { RUBRICS_PER_OWNER } from '../../services/rubrics';
import { rubricResponseSchemas } from './openapi';

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

/** The answer has the shape the API reference documents. */
function matches(schema: z.ZodType, data: unknown) {
  const parsed = schema.safeParse(data);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
}

const level = (id: string, points: number) => ({ id, title: `${points} points`, description: '', points });
const rubric = (...best: number[]): Rubric => ({
  criteria: best.map((points, i) => ({ id: `c${i}`, title: `Criterion ${i + 1}`, description: '', levels: [level(`c${i}-0`, 0), level(`c${i}-best`, points)] })),
});

describe('the rubric library', () => {
  it('keeps a teacher’s rubrics: create, list by title, change and delete, each answered with its total', async () => {
    const t = await signedIn('teacher');
    const created = await api('POST', '/rubrics', { title: '  Lab report ', rubric: rubric(4, 2.5) }, { token: t.token });
    expect(created.status).toBe(201);
    matches(rubricResponseSchemas.one, created.body.data);
    expect(created.body.data.rubric).toMatchObject({ title: 'Lab report', maxPoints: 6.5, rubric: rubric(4, 2.5) });
    const id = created.body.data.rubric.id as string;
    await api('POST', '/rubrics', { title: 'essay', rubric: rubric(10) }, { token: t.token });

    const list = await api('GET', '/rubrics', undefined, { token: t.token });
    matches(rubricResponseSchemas.list, list.body.data);
    expect(list.body.data.rubrics.map((r: { title: string }) => r.title)).toEqual(['essay', 'Lab report']);

    const changed = await api('PUT', `/rubrics/${id}`, { title: 'Lab report (short)', rubric: rubric(3) }, { token: t.token });
    expect(changed.status).toBe(200);
    expect(changed.body.data.rubric).toMatchObject({ id, title: 'Lab report (short)', maxPoints: 3 });
    expect((await api('GET', `/rubrics/${id}`, undefined, { token: t.token })).body.data.rubric.maxPoints).toBe(3);

    expect((await api('DELETE', `/rubrics/${id}`, undefined, { token: t.token })).status).toBe(200);
    const gone = await api('GET', `/rubrics/${id}`, undefined, { token: t.token });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(MARKING_MSG.rubricNotFound);
    expect((await api('GET', '/rubrics', undefined, { token: t.token })).body.data.rubrics).toHaveLength(1);
  });

  it('answers another teacher’s rubric as not found, lets admins open and change it, and is closed to students', async () => {
    const owner = await signedIn('teacher');
    const other = await signedIn('teacher');
    const id = (await api('POST', '/rubrics', { title: 'Mine', rubric: rubric(5) }, { token: owner.token })).body.data.rubric.id as string;

    expect((await api('GET', '/rubrics', undefined, { token: other.token })).body.data.rubrics).toEqual([]);
    for (const [method, body] of [['GET'], ['PUT', { title: 'Taken', rubric: rubric(1) }], ['DELETE']] as const) {
      const res = await api(method, `/rubrics/${id}`, body, { token: other.token });
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe(MARKING_MSG.rubricNotFound);
    }

    const admin = await signedIn('admin');
    expect((await api('GET', `/rubrics/${id}`, undefined, { token: admin.token })).body.data.rubric.title).toBe('Mine');
    expect((await api('PUT', `/rubrics/${id}`, { title: 'Tidied', rubric: rubric(5) }, { token: admin.token })).status).toBe(200);
    // The admin's own library is still their own.
    expect((await api('GET', '/rubrics', undefined, { token: admin.token })).body.data.rubrics).toEqual([]);
    expect((await api('GET', '/rubrics', undefined, { token: owner.token })).body.data.rubrics.map((r: { title: string }) => r.title)).toEqual(['Tidied']);
    expect((await api('DELETE', `/rubrics/${id}`, undefined, { token: admin.token })).status).toBe(200);

    const student = await signedIn('student');
    for (const [method, path] of [
      ['GET', '/rubrics'],
      ['POST', '/rubrics'],
      ['PUT', `/rubrics/${id}`],
      ['DELETE', `/rubrics/${id}`],
    ] as const) {
      const res = await api(method, path, method === 'POST' || method === 'PUT' ? { title: 'x', rubric: rubric(1) } : undefined, { token: student.token });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe(MSG.forbidden);
    }
  });

  it('refuses an invalid rubric with the catalogue’s words', async () => {
    const t = await signedIn('teacher');
    const one = rubric(4).criteria[0]!;
    const cases: [unknown, string][] = [
      [{ title: '', rubric: rubric(4) }, MARKING_MSG.rubricTitleRequired],
      [{ title: 'No criteria', rubric: { criteria: [] } }, MARKING_MSG.criteriaRequired],
      [{ title: 'One level', rubric: { criteria: [{ ...one, levels: [one.levels[0]] }] } }, MARKING_MSG.levelsTooFew],
      [{ title: 'Thirds', rubric: { criteria: [{ ...one, levels: [level('a', 0), level('b', 1.3)] }] } }, MARKING_MSG.levelPointsInvalid],
      [{ title: 'Untitled level', rubric: { criteria: [{ ...one, levels: [level('a', 0), { ...level('b', 1), title: ' ' }] }] } }, MARKING_MSG.levelTitleRequired],
      [{ title: 'Same ids', rubric: { criteria: [{ ...one, levels: [level('a', 0), level('a', 1)] }] } }, MARKING_MSG.rubricIdsRepeated],
    ];
    for (const [body, message] of cases) {
      const res = await api('POST', '/rubrics', body, { token: t.token });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const id = (await api('POST', '/rubrics', { title: 'Fine', rubric: rubric(4) }, { token: t.token })).body.data.rubric.id as string;
    const bad = await api('PUT', `/rubrics/${id}`, { title: 'Fine', rubric: { criteria: [] } }, { token: t.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MARKING_MSG.criteriaRequired);
    expect((await api('GET', '/rubrics/not-an-id', undefined, { token: t.token })).body.message).toBe(MARKING_MSG.rubricNotFound);
  });

  it('holds at most 200 rubrics a teacher', async () => {
    const t = await signedIn('teacher');
    await server.deps.db('rubrics').insert(Array.from({ length: RUBRICS_PER_OWNER - 1 }, (_, i) => ({ owner_id: t.user.id, title: `Rubric ${i}`, rubric: JSON.stringify(rubric(1)) })));
    expect((await api('POST', '/rubrics', { title: 'The last one', rubric: rubric(2) }, { token: t.token })).status).toBe(201);
    const full = await api('POST', '/rubrics', { title: 'One too many', rubric: rubric(2) }, { token: t.token });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(MARKING_MSG.rubricLibraryFull);
    // Another teacher's library is their own.
    const other = await signedIn('teacher');
    expect((await api('POST', '/rubrics', { title: 'First', rubric: rubric(2) }, { token: other.token })).status).toBe(201);
  });

  it('leaves the copy a question took when the library rubric changes or goes', async () => {
    const t = await signedIn('teacher');
    const saved = (await api('POST', '/rubrics', { title: 'Essay', rubric: rubric(3, 2) }, { token: t.token })).body.data.rubric;
    const question = await api(
      'POST',
      '/questions',
      { text: 'Argue for or against school uniforms.', type: 'essay', subject: 'english', points: saved.maxPoints, rubric: saved.rubric },
      { token: t.token },
    );
    const questionId = question.body.data.question._id as string;
    await api('PUT', `/rubrics/${saved.id}`, { title: 'Essay', rubric: rubric(9) }, { token: t.token });
    expect((await api('GET', `/questions/${questionId}`, undefined, { token: t.token })).body.data.question.rubric).toEqual(rubric(3, 2));
    await api('DELETE', `/rubrics/${saved.id}`, undefined, { token: t.token });
    expect((await api('GET', `/questions/${questionId}`, undefined, { token: t.token })).body.data.question.rubric).toEqual(rubric(3, 2));
  });
});
