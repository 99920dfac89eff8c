import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { connectAs, watchBoard } from '../test/sockets';
import { haveRedisServer, ownRedis, redisPort, type OwnRedis } from './redisServer';

/**
 * Fault test: Redis hangs (its process stopped with SIGSTOP: connections stay open, nothing is
 * answered). Sign-in, registration and forgot-password go through the Redis rate limiters, and the
 * proctor board's watch asks the adapter who is online; each used to wait for as long as Redis hung
 * (40 s, and more than 120 s in a 122 s freeze). Now each answers in a few seconds, counting rate
 * limits in memory as for a stopped Redis, and everything uses Redis again once it answers.
 */

/** Well under what the web app waits before it gives up and retries: 30 s for HTTP, 10 s for the board's acknowledgement. */
const HTTP_BOUND_MS = 8000;
const WATCH_BOUND_MS = 7000;

/** `fn`'s answer and how long it took; a call that hangs fails the test at `failAfterMs` rather than at the test's timeout. */
async function timed<T>(fn: () => Promise<T>, failAfterMs = 30_000): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${failAfterMs} ms`)), failAfterMs)));
  try {
    const value = await Promise.race([fn(), hung]);
    return { value, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(haveRedisServer)('a node whose Redis hangs', () => {
  let redis: OwnRedis;
  let server: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    redis = ownRedis(await redisPort());
    await redis.start();
    server = await startTestServer({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    redis?.thaw();
    await server?.stop();
    await redis?.dispose();
  });

  it('still signs in, registers, sends reset mails and opens the proctor board within seconds, and uses Redis again when it answers', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { eligible: [student.id] });
    const proctor = await connectAs(server, teacher.email);
    sockets.push(proctor);
    expect((await watchBoard(proctor, exam.id)).ack.ok).toBe(true);
    expect(server.deps.redisLink!.status().status).toBe('up');

    redis.freeze();
    const figures: Record<string, number> = {};

    const login = await timed(() => server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD }));
    expect(login.value.status).toBe(200);
    figures.signIn = login.ms;

    const email = `hang-${randomBytes(4).toString('hex')}@example.com`;
    const register = await timed(() =>
      server.api('POST', '/auth/register', { firstName: 'Maya', lastName: 'Lopez', email, password: 'secret1', role: 'student', grade: 11, section: 'C' }),
    );
    expect(register.value.status).toBe(201);
    figures.register = register.ms;

    const forgot = await timed(() => server.api('POST', '/auth/forgot-password', { email: student.email }));
    expect(forgot.value.status).toBe(200);
    figures.forgotPassword = forgot.ms;

    const watch = await timed(() => watchBoard(proctor, exam.id));
    expect(watch.value.ack.ok).toBe(true);
    expect(watch.value.students.map((r: { student: { _id: string } }) => r.student._id)).toContain(student.id);
    figures.proctorWatch = watch.ms;

    // A wrong password is still counted (in memory) and refused, not waved through.
    const wrong = await timed(() => server.api('POST', '/auth/login', { email: student.email, password: 'not-the-password' }));
    expect(wrong.value.status).toBe(401);
    figures.wrongPassword = wrong.ms;

    // The hang is an outage like any other: the node says so once, and readiness says degraded.
    expect(server.deps.redisLink!.status()).toMatchObject({ status: 'down', outages: 1 });
    const ready = await timed(() => server.api('GET', '/ready'));
    expect(ready.value.status).toBe(200);
    expect(ready.value.body.data).toMatchObject({ status: 'degraded', checks: { redis: 'fail' } });

    console.info('Redis hung:', figures);
    expect(Math.max(figures.signIn, figures.register, figures.forgotPassword, figures.wrongPassword)).toBeLessThan(HTTP_BOUND_MS);
    expect(figures.proctorWatch).toBeLessThan(WATCH_BOUND_MS);

    const thawedAt = performance.now();
    redis.thaw();
    await vi.waitFor(() => expect(server.deps.redisLink!.status()).toMatchObject({ status: 'up', outages: 1 }), { timeout: 20_000, interval: 50 });
    console.info('Redis back in use', Math.round(performance.now() - thawedAt), 'ms after it answered again');
    expect((await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).status).toBe(200);
    expect((await watchBoard(proctor, exam.id)).ack.ok).toBe(true);
    // The limiters count in Redis again: a key written there by this sign-in's failure.
    expect((await server.api('POST', '/auth/login', { email: student.email, password: 'not-the-password' })).status).toBe(401);
    const { Redis } = await import('ioredis');
    const direct = new Redis(redis.url);
    try {
      expect((await direct.keys(`${server.deps.config.keyPrefix}:rl:*`)).length).toBeGreaterThan(0);
    } finally {
      direct.disconnect();
    }
  }, 120_000);
});
