import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { flagAttempt, satExam } from '../../test/integrity';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('an attempt’s timeline', () => {
  it('lists the start, saves grouped by question, a flag and the submission, in order', async () => {
    const { teacher, exam, students } = await satExam(server);
    const [s] = students;
    const { db } = server.deps;
    const t0 = Date.now() - 600_000;
    await db('attempts').where({ id: s!.attemptId }).update({ started_at: new Date(t0) });
    const [q1, q2] = exam.questionIds;
    const at = (ms: number) => new Date(t0 + ms);
    await db('answer_saves').insert([
      { attempt_id: s!.attemptId, question_id: q1, seq: 1, saved_at: at(10_000) },
      { attempt_id: s!.attemptId, question_id: q1, seq: 2, saved_at: at(20_000) },
      { attempt_id: s!.attemptId, question_id: q2, seq: 3, saved_at: at(50_000) },
    ]);
    const eventId = await flagAttempt(server.deps, s!.attemptId, s!.user.id, 'tab-switch');
    const res = await server.api('GET', `/attempts/${s!.attemptId}/timeline`, undefined, { token: teacher.token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.entries.map((e: { kind: string }) => e.kind)).toEqual(['started', 'saves', 'saves', 'violation']);
    expect(data.entries[1].detail).toMatchObject({ questionId: q1, questionNumber: 1, count: 2 });
    expect(data.questions).toEqual([
      expect.objectContaining({ questionId: q1, number: 1, saves: 2, timeMs: 20_000 }),
      expect.objectContaining({ questionId: q2, number: 2, saves: 1, timeMs: 30_000 }),
    ]);
    expect(data.flags).toEqual([expect.objectContaining({ eventId, kind: 'tab-switch', decision: null, history: [] })]);
    expect(data.attempt.integrityState).toBe('needs_review');

    const queue = await server.api('GET', `/exams/${exam.id}/review-queue`, undefined, { token: teacher.token });
    expect(queue.status).toBe(200);
    expect(queue.body.data.items).toEqual([expect.objectContaining({ attemptId: s!.attemptId, flags: 1, undecided: 1, confirmed: 0 })]);
  });
});
