import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../test/sockets';
import { haveRedisServer, ownRedis, redisPort, type OwnRedis } from './redisServer';

/**
 * Fault test: two nodes share PostgreSQL and a Redis of the test's own, which is killed
 * for 30 s (the outage the issue measured: long enough for many reconnect attempts at the 3 s
 * backoff ceiling, and for every kind of call to happen during it). Students save, raise
 * violations and submit, and the proctor messages, extends and force-submits, on both nodes. Afterwards: no unhandled
 * rejection, every acknowledged save in the database, every violation on the proctor's board
 * (after the resync the server asks for) and in the attempt's timeline, and cross-node delivery
 * working again.
 */
const OUTAGE_MS = 30_000;
const STEP_MS = 500;

describe.runIf(haveRedisServer && !!process.env.DATABASE_URL)('two nodes through a Redis outage', () => {
  let redis: OwnRedis;
  let a: TestServer;
  let b: TestServer;
  const sockets: Socket[] = [];
  const rejections: unknown[] = [];
  const onRejection = (err: unknown) => rejections.push(err);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    redis = ownRedis(await redisPort());
    await redis.start();
    a = await startTestServer({ env: { REDIS_URL: redis.url } });
    b = await startTestServer({ env: { REDIS_URL: redis.url }, shareWith: a });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.stop();
    await a?.stop();
    await redis?.dispose();
    process.off('unhandledRejection', onRejection);
  });

  const signIn = async (node: TestServer, email: string) => {
    const res = await node.api('POST', '/auth/login', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    return res.body.data.accessToken as string;
  };
  const open = async (node: TestServer, email: string) => {
    const s = await connectAs(node, email);
    sockets.push(s);
    return s;
  };

  it('loses no save, violation, message, extension or submission, and boards and students catch up when Redis returns', async () => {
    const teacher = await buildUser(a.deps, { role: 'teacher' });
    const [s1, s2, s3, s4] = await Promise.all([1, 2, 3, 4].map(() => buildUser(a.deps, { role: 'student' })));
    const exam = await buildExam(a.deps, teacher.id, { questions: 4, eligible: [s1!.id, s2!.id, s3!.id, s4!.id] });
    // s1 sits on node A with the proctor; s2 and s3 on node B, so their events must cross Redis.
    const sitters = [
      { user: s1!, node: a },
      { user: s2!, node: b },
      { user: s3!, node: b },
      { user: s4!, node: b },
    ];
    const attempts: string[] = [];
    const socketsOf: Socket[] = [];
    for (const { user, node } of sitters) {
      const token = await signIn(node, user.email);
      attempts.push((await node.api('POST', `/exams/${exam.id}/start`, undefined, { token })).body.data.submission._id);
      const socket = await open(node, user.email);
      expect((await call(socket, 'attempt:join', { attemptId: attempts.at(-1) })).ok).toBe(true);
      socketsOf.push(socket);
    }
    const proctor = await open(a, teacher.email);
    expect((await call(proctor, 'proctor:watch', { examId: exam.id })).ok).toBe(true);
    const resynced = new Promise<void>((resolve) => proctor.once('proctor:resync', () => resolve()));
    // What the proctor on A does to students on B cannot reach them live during the outage.
    const toldB: { event: string; payload: Record<string, unknown>; at: number }[] = [];
    socketsOf[1]!.on('attempt:time', (payload) => toldB.push({ event: 'time', payload, at: Date.now() }));
    socketsOf[3]!.on('attempt:submitted', (payload) => toldB.push({ event: 'submitted', payload, at: Date.now() }));

    await redis.stop();
    await vi.waitFor(() => expect([a, b].map((n) => n.deps.redisLink!.status().status)).toEqual(['down', 'down']), { timeout: 10_000, interval: 50 });

    const acked = new Map<string, { seq: number; answer: string }>();
    const violations = [0, 0, 0];
    let messages = 0;
    let extendedTo = '';
    const seqs = new Map<string, number>();
    const end = Date.now() + OUTAGE_MS;
    for (let step = 0; Date.now() < end; step++) {
      // s1 and s2 save one answer each step, and raise a violation every other step.
      for (const i of [0, 1]) {
        const q = exam.questionIds[step % exam.questionIds.length]!;
        const key = `${attempts[i]}:${q}`;
        const seq = (seqs.get(key) ?? 0) + 1;
        seqs.set(key, seq);
        const answer = `student ${i} answer ${seq}`;
        const ack = await call(socketsOf[i]!, 'answer:save', { attemptId: attempts[i], questionId: q, answer, seq });
        expect(ack).toMatchObject({ ok: true });
        acked.set(key, { seq, answer });
        if (step % 2 === 0) {
          expect(await call(socketsOf[i]!, 'violation', { attemptId: attempts[i], type: step % 4 === 0 ? 'copy' : 'paste' })).toMatchObject({ ok: true });
          violations[i]! += 1;
        }
      }
      if (step % 6 === 3) {
        // The proctor on A messages s2 on B: stored and acknowledged even though it cannot cross
        // nodes now, and the acknowledgement says so (nobody heard it live; it waits as a notification).
        expect(await call(proctor, 'proctor:message', { examId: exam.id, attemptId: attempts[1], text: `Message ${step}` })).toMatchObject({ ok: true, delivered: 0, storedOnly: 1 });
        messages += 1;
      }
      if (step === 1) {
        const extended = await call(proctor, 'proctor:extend', { attemptId: attempts[1], minutes: 10 });
        expect(extended).toMatchObject({ ok: true });
        extendedTo = extended.deadlineAt;
      }
      if (step === 2) expect(await call(proctor, 'proctor:submit', { attemptId: attempts[3] })).toMatchObject({ ok: true });
      if (step === 3) {
        expect(await call(socketsOf[2]!, 'violation', { attemptId: attempts[2], type: 'right-click' })).toMatchObject({ ok: true });
        violations[2]! += 1;
        expect(await call(socketsOf[2]!, 'attempt:submit', { attemptId: attempts[2] })).toMatchObject({ ok: true });
        // Sign-ins go on too (rate limits count in memory meanwhile), and each node says it is degraded.
        await signIn(b, s4!.email);
        const ready = await b.api('GET', '/ready');
        expect(ready.status).toBe(200);
        expect(ready.body.data).toMatchObject({ status: 'degraded', checks: { redis: 'fail' } });
      }
      await new Promise((r) => setTimeout(r, STEP_MS)); // pacing: spread the calls over the whole outage
    }
    expect(violations[1]).toBeGreaterThanOrEqual(10);

    const restartedAt = Date.now();
    await redis.start();
    await resynced;
    await vi.waitFor(() => expect([a, b].map((n) => n.deps.redisLink!.status())).toMatchObject([{ status: 'up', outages: 1 }, { status: 'up', outages: 1 }]), { timeout: 15_000, interval: 50 });

    // The students on B are brought up to date: the extension and the forced submission arrive after the restart.
    await vi.waitFor(() => expect(toldB.filter((t) => t.at >= restartedAt).map((t) => t.event)).toEqual(expect.arrayContaining(['time', 'submitted'])), { timeout: 10_000, interval: 50 });
    expect(toldB.filter((t) => t.at < restartedAt)).toEqual([]);
    expect(toldB.find((t) => t.event === 'time')!.payload.deadlineAt).toBe(extendedTo);
    expect(toldB.find((t) => t.event === 'submitted')!.payload).toEqual({ attemptId: attempts[3], reason: 'proctor' });

    // The board re-reads its snapshot: every violation counted, the submission shown.
    const watch = await watchBoard(proctor, exam.id);
    const rowOf = (attemptId: string) => watch.students.find((r) => r.attemptId === attemptId)!;
    for (const i of [0, 1, 2]) expect(rowOf(attempts[i]!).violations.other).toBe(violations[i]);
    for (const i of [2, 3]) expect(['submitted', 'graded']).toContain(rowOf(attempts[i]!).status);
    expect(rowOf(attempts[1]!).answered).toBe(exam.questionIds.length);

    // The timeline (the attempt's append-only log) has every violation and message.
    const timeline = (await call(proctor, 'proctor:timeline', { attemptId: attempts[1] })).data.events as { type: string }[];
    expect(timeline.filter((e) => e.type === 'violation')).toHaveLength(violations[1]!);
    expect(timeline.filter((e) => e.type === 'message')).toHaveLength(messages);
    const submittedTimeline = (await call(proctor, 'proctor:timeline', { attemptId: attempts[2] })).data.events as { type: string }[];
    expect(submittedTimeline.map((e) => e.type)).toEqual(expect.arrayContaining(['violation', 'submitted']));

    // Every acknowledged save is in the database, at the acknowledged version.
    const rows = (await a.deps.db('answers').whereIn('attempt_id', attempts.slice(0, 2)).select('attempt_id', 'question_id', 'answer', 'seq')) as { attempt_id: string; question_id: string; answer: string; seq: number }[];
    const stored = new Map(rows.map((r) => [`${r.attempt_id}:${r.question_id}`, r]));
    for (const [key, mine] of acked) expect(stored.get(key)).toMatchObject({ seq: mine.seq, answer: mine.answer });
    // The student who could not get the message live has it as a notification.
    const notes = await a.deps.db('notifications').where({ user_id: s2!.id, type: 'message' }).count({ n: '*' });
    expect(Number(notes[0]!.n)).toBe(messages);

    // Cross-node delivery works again: a violation on B reaches the board on A live.
    const live = new Promise((resolve) => proctor.on('proctor:event', (e) => e.type === 'violation' && e.attemptId === attempts[1] && resolve(e)));
    expect(await call(socketsOf[1]!, 'violation', { attemptId: attempts[1], type: 'copy' })).toMatchObject({ ok: true });
    await expect(live).resolves.toMatchObject({ detail: { violation: 'copy' } });
    const told = nextEvent(socketsOf[1]!, 'proctor:message');
    await call(proctor, 'proctor:message', { examId: exam.id, attemptId: attempts[1], text: 'Back online' });
    await expect(told).resolves.toMatchObject({ text: 'Back online' });

    expect(rejections).toEqual([]);
  }, 180_000);
});
