import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MARKING_COMMENTS_PER_TEACHER, MARKING_MSG, MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { markingCommentResponseSchemas } from './openapi';

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

function matches(schema: z.ZodType, data: unknown) {
  const parsed = schema.safeParse(data);
  expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
}

const texts = async (token: string) => (await api('GET', '/marking-comments', undefined, { token })).body.data.comments.map((c: { text: string }) => c.text);

describe('the comment bank', () => {
  it('lists the comments used most first, then the last used, then the newest', async () => {
    const t = await signedIn('teacher');
    const save = async (text: string) => {
      const res = await api('POST', '/marking-comments', { text }, { token: t.token });
      expect(res.status).toBe(201);
      matches(markingCommentResponseSchemas.one, res.body.data);
      return res.body.data.comment.id as string;
    };
    const use = (id: string) => api('POST', `/marking-comments/${id}/use`, undefined, { token: t.token });
    const units = await save('Give the units with every answer.');
    const steps = await save('Show your working, not just the result.');
    const spelling = await save('Check the spelling of key terms.');
    await save('Good structure.');
    // Never used: newest first.
    expect(await texts(t.token)).toEqual(['Good structure.', 'Check the spelling of key terms.', 'Show your working, not just the result.', 'Give the units with every answer.']);

    await use(units);
    await use(steps);
    await use(steps);
    const used = await use(spelling);
    expect(used.status).toBe(200);
    matches(markingCommentResponseSchemas.one, used.body.data);
    expect(used.body.data.comment).toMatchObject({ text: 'Check the spelling of key terms.', useCount: 1 });
    expect(Date.parse(used.body.data.comment.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Twice first; of those used once, the latest use first; the unused last.
    const list = await api('GET', '/marking-comments', undefined, { token: t.token });
    matches(markingCommentResponseSchemas.list, list.body.data);
    expect(list.body.data.comments.map((c: { text: string; useCount: number }) => [c.text, c.useCount])).toEqual([
      ['Show your working, not just the result.', 2],
      ['Check the spelling of key terms.', 1],
      ['Give the units with every answer.', 1],
      ['Good structure.', 0],
    ]);
  });

  it('refuses the same text twice, on save and on change, and an empty or overlong one', async () => {
    const t = await signedIn('teacher');
    const first = await api('POST', '/marking-comments', { text: 'Cite your sources.' }, { token: t.token });
    const again = await api('POST', '/marking-comments', { text: '  Cite your sources. ' }, { token: t.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MARKING_MSG.commentDuplicate);
    const second = await api('POST', '/marking-comments', { text: 'Answer the question asked.' }, { token: t.token });
    const clash = await api('PUT', `/marking-comments/${second.body.data.comment.id}`, { text: 'Cite your sources.' }, { token: t.token });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(MARKING_MSG.commentDuplicate);
    const changed = await api('PUT', `/marking-comments/${first.body.data.comment.id}`, { text: 'Cite every source you use.' }, { token: t.token });
    expect(changed.body.data.comment.text).toBe('Cite every source you use.');
    expect(await texts(t.token)).toEqual(['Answer the question asked.', 'Cite every source you use.']);

    for (const [text, message] of [
      [' ', MARKING_MSG.commentRequired],
      ['x'.repeat(2001), MARKING_MSG.commentTooLong],
    ] as const) {
      const res = await api('POST', '/marking-comments', { text }, { token: t.token });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // Another teacher may save the same words in their own bank.
    const other = await signedIn('teacher');
    expect((await api('POST', '/marking-comments', { text: 'Cite every source you use.' }, { token: other.token })).status).toBe(201);
  });

  it('is full at 500 comments', async () => {
    const t = await signedIn('teacher');
    await server.deps.db('marking_comments').insert(Array.from({ length: MARKING_COMMENTS_PER_TEACHER }, (_, i) => ({ owner_id: t.user.id, text: `Comment ${i}` })));
    const full = await api('POST', '/marking-comments', { text: 'One more' }, { token: t.token });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(MARKING_MSG.commentBankFull);
  });

  it('answers anyone else’s comment as not found, admins included, deletes one’s own, and is closed to students', async () => {
    const owner = await signedIn('teacher');
    const id = (await api('POST', '/marking-comments', { text: 'Well argued.' }, { token: owner.token })).body.data.comment.id as string;
    for (const who of [await signedIn('teacher'), await signedIn('admin')]) {
      expect(await texts(who.token)).toEqual([]);
      for (const [method, path, body] of [
        ['PUT', `/marking-comments/${id}`, { text: 'Mine now' }],
        ['POST', `/marking-comments/${id}/use`],
        ['DELETE', `/marking-comments/${id}`],
      ] as const) {
        const res = await api(method, path, body, { token: who.token });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.message).toBe(MARKING_MSG.commentNotFound);
      }
    }
    const student = await signedIn('student');
    const refused = await api('GET', '/marking-comments', undefined, { token: student.token });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.forbidden);
    expect((await api('POST', '/marking-comments', { text: 'Hello' }, { token: student.token })).status).toBe(403);

    expect((await api('GET', '/marking-comments', undefined, { token: owner.token })).body.data.comments[0]).toMatchObject({ id, text: 'Well argued.', useCount: 0, lastUsedAt: null });
    expect((await api('DELETE', `/marking-comments/${id}`, undefined, { token: owner.token })).status).toBe(200);
    expect(await texts(owner.token)).toEqual([]);
    expect((await api('POST', `/marking-comments/${id}/use`, undefined, { token: owner.token })).status).toBe(404);
  });
});
