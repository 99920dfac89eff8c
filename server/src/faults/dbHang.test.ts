import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { HANDSHAKE_ERRORS } from '@exam/shared';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, openSocket } from '../test/sockets';
import { freezableProxy, type FreezableProxy } from './freezableProxy';

/**
 * Fault test: PostgreSQL hangs (the node reaches it through a proxy that stops forwarding without
 * closing anything, as a stopped server process or an unreachable host does). Answer saves, REST
 * calls and handshakes used to hang 15-20 s with no 503, and the node declared the outage about
 * 31 s in. Now a REST call gets the outage's 503 and a save the outage's acknowledgement (the client
 * keeps the answer and sends it again) within the statement deadline, readiness says not ready, the
 * outage is logged once (knex's own "Acquire connection error" lines included), and once the
 * database answers again everything works and no acknowledged answer is lost.
 */

/** Well under what the web app waits before it retries: 30 s for an HTTP call, 10 s for a save's acknowledgement. */
const REST_BOUND_MS = 15_000;
const SAVE_BOUND_MS = 9000;

async function timed<T>(fn: () => Promise<T>, failAfterMs = 40_000): Promise<{ value: T; ms: number }> {
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

const messages = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => c.find((a) => typeof a === 'string'));

describe.runIf(!!process.env.DATABASE_URL)('a node whose PostgreSQL hangs', () => {
  let proxy: FreezableProxy;
  let server: TestServer;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL!);
    proxy = await freezableProxy(Number(target.port || 5432), target.hostname);
    server = await startTestServer({ env: { DATABASE_URL: proxy.url(process.env.DATABASE_URL!) } });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    proxy?.thaw();
    await server?.stop();
    await proxy?.close();
  });

  it('answers REST with 503 and saves with the outage acknowledgement within the deadline, says not ready, logs once, and loses nothing after', async () => {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 3, eligible: [student.id] });
    const token = (await server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken as string;
    const attemptId = (await server.api('POST', `/exams/${exam.id}/start`, undefined, { token })).body.data.submission._id as string;
    const socket = await connectAs(server, student.email);
    sockets.push(socket);
    expect((await call(socket, 'attempt:join', { attemptId })).ok).toBe(true);
    const [q1, q2, q3] = exam.questionIds as [string, string, string];
    const acked = new Map<string, { seq: number; answer: string }>();
    const save = async (questionId: string, seq: number, answer: string) => {
      const ack = await call(socket, 'answer:save', { attemptId, questionId, answer, seq });
      if (ack.ok) acked.set(questionId, { seq, answer });
      return ack;
    };
    expect(await save(q1, 1, 'before the hang')).toMatchObject({ ok: true });

    const errors = vi.spyOn(server.deps.log, 'error');
    const warnings = vi.spyOn(server.deps.log, 'warn');
    const printed = vi.spyOn(console, 'log');
    onTestFinished(() => {
      errors.mockRestore();
      warnings.mockRestore();
      printed.mockRestore();
    });

    const frozenAt = performance.now();
    proxy.freeze();
    const figures: Record<string, number> = {};
    const declared = vi
      .waitFor(() => expect(server.deps.dbOutage.down).toBe(true), { timeout: 40_000, interval: 20 })
      .then(() => (figures.outageDeclared = Math.round(performance.now() - frozenAt)));

    const [me, saved, signIn, handshake] = await Promise.all([
      timed(() => server.api('GET', '/auth/me', undefined, { token })),
      timed(() => save(q2, 1, 'during the hang')),
      timed(() => server.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })),
      timed(() => openSocket(server.url, token).then((s) => (s.close(), 'connected'), (err: Error) => err.message)),
    ]);
    expect(signIn.value.status).toBe(503);
    figures.signIn503 = signIn.ms;
    // Refused as Unavailable, which the client retries: never as Unauthorized, which would sign the student out.
    expect(handshake.value).toBe(HANDSHAKE_ERRORS.unavailable);
    figures.handshakeRefused = handshake.ms;
    expect(me.value.status).toBe(503);
    expect(me.value.body).toMatchObject({ success: false, message: expect.stringMatching(/temporarily unavailable/) });
    figures.rest503 = me.ms;
    // The outage's acknowledgement: not saved, to be sent again (the client keeps the answer).
    expect(saved.value).toMatchObject({ ok: false, code: 'error' });
    figures.saveAck = saved.ms;
    await declared;

    const ready = await timed(() => server.api('GET', '/ready'));
    expect(ready.value.status).toBe(503);
    expect(ready.value.body.data).toMatchObject({ status: 'not-ready', checks: { database: 'fail' } });
    figures.readyNotReady = ready.ms;

    // A second round during the same outage: answered as fast, and still one log line.
    const again = await timed(() => server.api('GET', '/auth/me', undefined, { token }));
    expect(again.value.status).toBe(503);
    figures.rest503Again = again.ms;
    expect(messages(errors)).toEqual(['database unavailable']);

    const thawedAt = performance.now();
    proxy.thaw();
    await vi.waitFor(() => expect(messages(warnings)).toContain('database available again'), { timeout: 20_000, interval: 20 });
    figures.recovered = Math.round(performance.now() - thawedAt);
    expect(server.deps.dbOutage.down).toBe(false);
    console.info('PostgreSQL hung:', figures);

    expect(figures.rest503).toBeLessThan(REST_BOUND_MS);
    expect(figures.rest503Again).toBeLessThan(REST_BOUND_MS);
    expect(figures.saveAck).toBeLessThan(SAVE_BOUND_MS);
    expect(figures.signIn503).toBeLessThan(REST_BOUND_MS);
    expect(figures.handshakeRefused).toBeLessThan(REST_BOUND_MS);
    expect(figures.outageDeclared).toBeLessThan(REST_BOUND_MS);
    expect(figures.readyNotReady).toBeLessThan(5000);

    // Everything works again: REST, handshakes, saves (the refused one sent again, as the client does).
    await vi.waitFor(async () => expect((await server.api('GET', '/auth/me', undefined, { token })).status).toBe(200), { timeout: 15_000, interval: 200 });
    expect((await server.api('GET', '/ready')).status).toBe(200);
    const fresh = await connectAs(server, student.email);
    sockets.push(fresh);
    await vi.waitFor(async () => expect(await save(q2, 1, 'during the hang')).toMatchObject({ ok: true }), { timeout: 15_000, interval: 200 });
    expect(await save(q3, 1, 'after the hang')).toMatchObject({ ok: true });
    expect(await save(q1, 2, 'after the hang, again')).toMatchObject({ ok: true });

    // Every acknowledged answer is in the database at its acknowledged version.
    const rows = (await server.deps.db('answers').where('attempt_id', attemptId).select('question_id', 'answer', 'seq')) as { question_id: string; answer: string; seq: number }[];
    const stored = new Map(rows.map((r) => [r.question_id, r]));
    expect(acked.size).toBe(3);
    for (const [questionId, mine] of acked) expect(stored.get(questionId)).toMatchObject({ seq: mine.seq, answer: mine.answer });

    // Logged once at the start and once at the end; knex printed nothing of its own.
    expect(messages(errors)).toEqual(['database unavailable']);
    expect(messages(warnings).filter((m) => m === 'database available again')).toHaveLength(1);
    expect(messages(warnings).filter((m) => typeof m === 'string' && m.startsWith('knex'))).toEqual([]);
    expect(printed.mock.calls.filter((c) => /Acquire connection error|Connection Error/.test(String(c[0])))).toEqual([]);
  }, 180_000);
});
