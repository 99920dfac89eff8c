import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { satExam } from '../../test/integrity';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('an attempt’s timeline', () => {
  it('tells the attempt in the server’s order: saves grouped per question, a flag with its picture, a reconnect, a proctor’s actions, and the time on each question', async () => {
    const { teacher, exam, students } = await satExam(server, { questions: 2 });
    const s = students[0]!;
    const { db } = server.deps;
    const t0 = Date.now() - 3_600_000;
    const at = (seconds: number) => new Date(t0 + seconds * 1000);
    const [q1, q2] = exam.questionIds as [string, string];
    const flagId = randomUUID();
    await db('attempts').where({ id: s.attemptId }).update({ started_at: at(0), submit_reason: 'proctor', submitted_at: at(80) });
    const event = (seconds: number, type: string, actor: string, detail: Record<string, unknown> = {}) => ({
      attempt_id: s.attemptId,
      type,
      actor_id: actor,
      detail: JSON.stringify(detail),
      created_at: at(seconds),
    });
    const save = (seconds: number, questionId: string, seq: number) => ({ attempt_id: s.attemptId, question_id: questionId, seq, saved_at: at(seconds) });
    await db('attempt_events').insert([
      event(0, 'started', s.user.id),
      event(25, 'violation', s.user.id, { violation: 'face-missing', confidence: 0.93, durationMs: 4000, flagId }),
      event(40, 'network', s.user.id, { offlineMs: 15000, since: at(25).toISOString(), cause: 'network' }),
      event(55, 'message', teacher.user.id, { text: 'Eyes on your own screen, please', to: 'student' }),
      event(60, 'extended', teacher.user.id, { minutes: 5 }),
      event(80, 'submitted', teacher.user.id, { reason: 'proctor' }),
    ]);
    await db('answer_saves').insert([save(10, q1, 1), save(20, q1, 2), save(30, q1, 3), save(50, q2, 4), save(70, q2, 5)]);
    const [picture] = (await db('proctoring_evidence')
      .insert({ attempt_id: s.attemptId, exam_id: exam.id, student_id: s.user.id, flag_id: flagId, kind: 'face-missing', source: 'camera', file_key: `evidence/${s.attemptId}/x.jpg`, size: 100, expires_at: at(86_400 * 30) })
      .returning('id')) as { id: string }[];

    const res = await server.api('GET', `/attempts/${s.attemptId}/timeline`, undefined, { token: teacher.token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    const teacherName = { id: teacher.user.id, name: 'Test Teacher' };
    expect(data.entries.map((e: { kind: string; at: string }) => [e.kind, (Date.parse(e.at) - t0) / 1000])).toEqual([
      ['started', 0],
      ['saves', 10],
      ['violation', 25],
      ['saves', 30],
      ['reconnected', 40],
      ['saves', 50],
      ['message', 55],
      ['extended', 60],
      ['saves', 70],
      ['force-submitted', 80],
    ]);
    const [, firstRun, violation, secondRun, reconnected, , message, extended, , forced] = data.entries;
    expect(firstRun.detail).toEqual({ questionId: q1, questionNumber: 1, count: 2, until: at(20).toISOString() });
    expect(secondRun.detail).toMatchObject({ questionId: q1, count: 1 });
    expect(violation.detail).toEqual({ eventId: expect.any(String), kind: 'face-missing', confidence: 0.93, durationMs: 4000, evidenceIds: [picture!.id], decision: null });
    expect(reconnected.detail).toEqual({ offlineMs: 15000, since: at(25).toISOString(), cause: 'network' });
    expect(message).toMatchObject({ by: teacherName, detail: { text: 'Eyes on your own screen, please', to: 'student' } });
    expect(extended).toMatchObject({ by: teacherName, detail: { minutes: 5 } });
    expect(forced).toMatchObject({ by: teacherName, detail: { reason: 'proctor' } });
    // Time is credited from the save before, the start, or the end of the gap offline.
    expect(data.questions).toEqual([
      { questionId: q1, number: 1, saves: 3, timeMs: 30_000, firstSavedAt: at(10).toISOString(), lastSavedAt: at(30).toISOString() },
      { questionId: q2, number: 2, saves: 2, timeMs: 30_000, firstSavedAt: at(50).toISOString(), lastSavedAt: at(70).toISOString() },
    ]);
    expect(data.counts).toEqual({ flags: 1, undecided: 1, confirmed: 0, dismissed: 0, reconnects: 1, offlineMs: 15000, saves: 5, messages: 1 });
    expect(data.flags).toEqual([expect.objectContaining({ kind: 'face-missing', evidenceIds: [picture!.id], decision: null, history: [] })]);
    expect(data.attempt).toMatchObject({ id: s.attemptId, examId: exam.id, submitReason: 'proctor', hold: null, student: { id: s.user.id, section: 'B' } });

    // The student reads their own, the result being out, and may not decide.
    const own = await server.api('GET', `/attempts/${s.attemptId}/timeline`, undefined, { token: s.token });
    expect(own.status).toBe(200);
    expect(own.body.data.mayReview).toBe(false);
    expect(own.body.data.entries).toHaveLength(10);
  });

  it('is live while the exam runs: a save written now is in the next read', async () => {
    const { teacher, exam, students } = await satExam(server);
    const s = students[0]!;
    const read = async () => (await server.api('GET', `/attempts/${s.attemptId}/timeline`, undefined, { token: teacher.token })).body.data;
    expect((await read()).entries.map((e: { kind: string }) => e.kind)).toEqual(['started']);
    await server.deps.db('answer_saves').insert({ attempt_id: s.attemptId, question_id: exam.questionIds[1], seq: 1 });
    expect((await read()).entries.map((e: { kind: string; detail: { questionNumber?: number } }) => [e.kind, e.detail.questionNumber ?? null])).toEqual([
      ['started', null],
      ['saves', 2],
    ]);
  });
});
