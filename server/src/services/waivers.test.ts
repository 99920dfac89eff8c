import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { isWaived, WAIVER_CACHE_MS } from './waivers';

describe.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)('a waiver granted on one node', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startTestServer({ shareWith: a });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
  });

  it('applies on another node that had read "not waived" well before that node’s copy would age', async () => {
    const teacher = await buildUser(a.deps, { role: 'teacher' });
    const student = await buildUser(a.deps, { role: 'student' });
    const exam = await buildExam(a.deps, teacher.id);
    expect(await isWaived(a.deps, exam.id, student.id, 'voice')).toBe(false);
    const token = (await b.api('POST', '/auth/login', { email: teacher.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const granted = Date.now();
    expect((await b.api('PUT', `/exams/${exam.id}/waivers/${student.id}/voice`, {}, { token })).status).toBe(200);
    await vi.waitFor(async () => expect(await isWaived(a.deps, exam.id, student.id, 'voice')).toBe(true), { timeout: WAIVER_CACHE_MS, interval: 50 });
    expect(Date.now() - granted).toBeLessThan(WAIVER_CACHE_MS / 2);
  });

  it('applies a standing accommodation’s waived check on another node at once, in every exam of the student', async () => {
    const teacher = await buildUser(a.deps, { role: 'teacher' });
    const student = await buildUser(a.deps, { role: 'student' });
    const exams = [await buildExam(a.deps, teacher.id), await buildExam(a.deps, teacher.id)];
    for (const exam of exams) expect(await isWaived(a.deps, exam.id, student.id, 'camera')).toBe(false);
    const token = (await b.api('POST', '/auth/login', { email: teacher.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const set = Date.now();
    expect((await b.api('PUT', `/users/${student.id}/accommodations`, { waivedChecks: ['camera'] }, { token })).status).toBe(200);
    for (const exam of exams) await vi.waitFor(async () => expect(await isWaived(a.deps, exam.id, student.id, 'camera')).toBe(true), { timeout: WAIVER_CACHE_MS, interval: 50 });
    expect(Date.now() - set).toBeLessThan(WAIVER_CACHE_MS / 2);
  });
});
