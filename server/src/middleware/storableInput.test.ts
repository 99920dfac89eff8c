import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Router from '@koa/router';
import * as shared from '@exam/shared';
import { createApp } from '../app';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';

/**
 * Fuzzing the REST API with what PostgreSQL cannot store. Routes come from the mounted Koa
 * router and field names from every zod schema in @exam/shared, so a route or field added later
 * is fuzzed too.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const NUL = 'x\u0000y';

function mountedRoutes(): { method: string; path: string }[] {
  const app = createApp(server.deps);
  const routers = app.middleware.map((m) => (m as { router?: Router }).router).filter((r): r is Router => !!r);
  expect(routers.length).toBeGreaterThan(0);
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  for (const router of routers) {
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = `${method} ${layer.path}`;
        if (!seen.has(key) && typeof layer.path === 'string') {
          seen.add(key);
          routes.push({ method, path: layer.path });
        }
      }
    }
  }
  return routes;
}

/** Every field name any shared schema knows, however deeply nested or wrapped. */
function fieldNames(): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def.type === 'object') {
      for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
        names.add(key);
        visit(inner);
      }
    }
    for (const k of ['innerType', 'in', 'out', 'element', 'valueType', 'left', 'right']) visit(def[k]);
    if (Array.isArray(def.options)) def.options.forEach(visit);
  };
  Object.values(shared).forEach(visit);
  return [...names];
}

/** Every string leaf (and record key) of a value, as paths for `withNul`. */
function textPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => textPaths(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textPaths(v, [...path, k]));
  return [];
}

/** A deep copy of `value` with a NUL appended to the string at `path`. */
function withNul(value: unknown, path: (string | number)[]): unknown {
  if (!path.length) return `${value as string}\u0000`;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[path[0]!] = withNul(copy[path[0]!], path.slice(1));
  return copy;
}

describe('NUL bytes in every text field, search parameter and path of the REST API', () => {
  it('never answers with a 5xx, and refuses the NUL with a 400', { timeout: 120_000 }, async () => {
    const routes = mountedRoutes();
    const fields = fieldNames();
    expect(routes.length).toBeGreaterThan(30);
    expect(fields).toEqual(expect.arrayContaining(['answer', 'search', 'title', 'text', 'email']));

    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id);
    const tokenOf = async (email: string) => (await server.api('POST', '/auth/login', { email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const teacherToken = await tokenOf(teacher.email);
    const studentToken = await tokenOf(student.email);
    const attemptId = (await server.api('POST', `/exams/${exam.id}/start`, undefined, { token: studentToken })).body.data.submission._id as string;
    const [questionId] = exam.questionIds;

    // A body every write call would accept (each reads the fields it knows), so the NUL reaches
    // the field under test rather than failing on a neighbour.
    const day = 24 * 3600_000;
    const plausible: Record<string, unknown> = {
      firstName: 'Ann', lastName: 'Lee', email: 'fuzz@school.test', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD,
      currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, role: 'student', grade: 10, section: 'B', phone: '555 0100',
      address: '1 School Road', acceptTerms: true, subject: 'mathematics', qualification: 'PhD', token: 'a-token',
      title: 'A fuzzed exam', description: 'A description that is long enough', duration: 30, passingMarks: 50, examType: 'practice',
      difficulty: 'easy', instructions: 'Read carefully', tags: ['algebra'], eligibleStudents: [], isPublished: false, published: 'true',
      schedule: { startDate: new Date(Date.now() + day).toISOString(), endDate: new Date(Date.now() + 2 * day).toISOString(), timezone: 'UTC' },
      settings: {}, text: 'What is two plus two?', type: 'multiple-choice', topic: 'arithmetic', points: 1,
      options: [{ text: 'Four', isCorrect: true }, { text: 'Five', isCorrect: false }], correctAnswer: 'Four', sampleAnswer: 'Four',
      explanation: 'Two and two', image: '', questions: [questionId], questionIds: [questionId],
      examId: exam.id, submissionId: attemptId, attemptId, questionId, answer: 'Four', userAnswer: 'Four', seq: 1, timeTaken: 1,
      timeSpent: 1, answers: { [questionId!]: 'Four' }, grades: [{ questionId, marks: 1, feedback: 'Well done' }],
      notificationIds: [], page: 1, limit: 10, search: 'two', sort: 'title', status: 'all', minutes: 5, unread: 'true',
      sortBy: 'submittedAt', sortOrder: 'desc', student: student.id, isSubmitted: 'true', excludeExam: exam.id,
    };
    // A field a schema gained later, unknown here, still gets text (and so a NUL).
    for (const f of fields) if (!(f in plausible)) plausible[f] = 'some text';
    const bodyPaths = [...textPaths(plausible), ['answers', `${questionId}\u0000`]];
    const queryText = Object.fromEntries(Object.entries(plausible).map(([k, v]) => [k, String(Array.isArray(v) ? v[0] ?? '' : v)]));

    const failures: string[] = [];
    const notRefused: string[] = [];
    let sent = 0;
    const send = async (method: string, path: string, body: unknown, token: string) => {
      sent++;
      const res = await fetch(`${server.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      await res.arrayBuffer();
      const what = `${method} ${path.split('?')[0]} ${body === undefined ? path.split('?')[1] ?? '' : JSON.stringify(findNulPath(body))}`;
      if (res.status >= 500) failures.push(`${what} → ${res.status}`);
      else if (res.status !== 400) notRefused.push(`${what} → ${res.status}`);
    };
    const findNulPath = (body: unknown) => shared.findNul(body);

    const jobs: (() => Promise<void>)[] = [];
    for (const { method, path } of routes) {
      const url = path.replace(/:(\w+)/g, (_, name: string) => (/attempt|submission/i.test(path) && name === 'id' ? attemptId : exam.id));
      const token = /submissions|start/.test(path) ? studentToken : teacherToken;
      if (url !== path) jobs.push(() => send(method, path.replace(/:(\w+)/g, () => `${exam.id}%00`), undefined, token));
      if (method === 'GET') {
        for (const key of Object.keys(queryText)) {
          jobs.push(() => send(method, `${url}?${new URLSearchParams({ ...queryText, [key]: `${queryText[key]}\u0000` }).toString()}`, undefined, token));
        }
      } else {
        for (const p of bodyPaths) {
          const body = p[0] === 'answers' && p.length === 2 && String(p[1]).includes('\u0000') ? { ...plausible, answers: { [String(p[1])]: 'Four' } } : withNul(plausible, p);
          jobs.push(() => send(method, url, body, token));
        }
      }
    }
    // A few at a time, as many clients would.
    await Promise.all(Array.from({ length: 6 }, async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) await job();
    }));
    expect(sent).toBeGreaterThan(500);
    expect(failures).toEqual([]);
    // A NUL anywhere is refused as bad input before any route runs.
    expect(notRefused).toEqual([]);
  });
});
