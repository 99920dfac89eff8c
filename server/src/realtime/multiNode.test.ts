import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { buildExam, buildUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import { call, connectAs, nextEvent, watchBoard } from '../test/sockets';

// Several nodes need a shared PostgreSQL and Redis (CI sets both; PGlite lives in one process).
const multiNode = !!(process.env.DATABASE_URL && process.env.REDIS_URL);

describe.runIf(multiNode)('two server nodes with Redis', () => {
  let a: TestServer;
  let b: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    a = await startTestServer({ sweepIntervalMs: 50 });
    b = await startTestServer({ shareWith: a, sweepIntervalMs: 50 });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await b?.stop();
    await a?.stop();
  });

  it('tells a student connected to one node about a submission made on the other', async () => {
    const teacher = await buildUser(a.deps, { role: 'teacher' });
    const student = await buildUser(a.deps, { role: 'student' });
    const exam = await buildExam(a.deps, teacher.id);
    const token = (await b.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken;
    const started = await b.api('POST', `/exams/${exam.id}/start`, undefined, { token });
    const attemptId = started.body.data.submission._id;
    const onA = await connectAs(a, student.email);
    sockets.push(onA);
    await call(onA, 'attempt:join', { attemptId });
    const told = nextEvent(onA, 'attempt:submitted');
    const res = await b.api('POST', '/submissions/submit', { submissionId: attemptId }, { token });
    expect(res.status).toBe(200);
    expect(await told).toEqual({ attemptId, reason: 'student' });
  });

  it('shows a proctor on one node the students connected to the other, live', async () => {
    const teacher = await buildUser(a.deps, { role: 'teacher' });
    const student = await buildUser(a.deps, { role: 'student' });
    const exam = await buildExam(a.deps, teacher.id, { eligible: [student.id] });
    const token = (await a.api('POST', '/auth/login', { email: student.email, password: TEST_PASSWORD })).body.data.accessToken;
    const attemptId = (await a.api('POST', `/exams/${exam.id}/start`, undefined, { token })).body.data.submission._id;
    const onA = await connectAs(a, student.email);
    sockets.push(onA);
    await call(onA, 'attempt:join', { attemptId });
    const proctorOnB = await connectAs(b, teacher.email);
    sockets.push(proctorOnB);
    const watch = await watchBoard(proctorOnB, exam.id);
    expect(watch.students).toEqual([expect.objectContaining({ attemptId, online: true, status: 'in_progress' })]);
    const violation = new Promise((resolve) => proctorOnB.on('proctor:event', (e) => e.type === 'violation' && resolve(e)));
    await call(onA, 'violation', { attemptId, type: 'copy' });
    expect(await violation).toMatchObject({ attemptId, type: 'violation', detail: { violation: 'copy' } });
  });

  it('submits each expired attempt exactly once with both nodes sweeping', async () => {
    const teacher = await buildUser(a.deps, { role: 'teacher' });
    const exam = await buildExam(a.deps, teacher.id, { questions: 1 });
    const rows = [];
    for (let i = 0; i < 200; i++) {
      const s = await a.deps.db('users').insert({ email: `sweep-${i}-${exam.id}@school.test`, password_hash: 'x', first_name: 'S', last_name: `${i}`, role: 'student', grade: 10 }).returning('id');
      rows.push({ exam_id: exam.id, student_id: (s[0] as { id: string }).id, attempt_number: 1, deadline_at: new Date(Date.now() - 1500), question_order: JSON.stringify(exam.questionIds) });
    }
    await a.deps.db('attempts').insert(rows);
    await vi.waitFor(
      async () => {
        const left = await a.deps.db('attempts').where({ exam_id: exam.id, status: 'in_progress' }).count({ n: '*' });
        expect(Number(left[0]!.n)).toBe(0);
      },
      { timeout: 10_000, interval: 100 },
    );
    const events = (await a.deps
      .db('attempt_events as ev')
      .join('attempts as at', 'at.id', 'ev.attempt_id')
      .where({ 'at.exam_id': exam.id, 'ev.type': 'submitted' })
      .select('ev.attempt_id')) as { attempt_id: string }[];
    expect(events).toHaveLength(200);
    expect(new Set(events.map((e) => e.attempt_id)).size).toBe(200);
  });
});
