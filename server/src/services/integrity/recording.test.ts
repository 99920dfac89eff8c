import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import { buildAttempt, buildExam, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const PROCTORED = { proctoring: { ...EXAM_SETTINGS_DEFAULTS.proctoring, enabled: true, preventTabSwitching: true, requireFullscreen: true } };

async function sitting() {
  const teacher = await buildUser(server.deps, { role: 'teacher' });
  const student = await buildUser(server.deps, { role: 'student' });
  const exam = await buildExam(server.deps, teacher.id, { questions: 2, settings: PROCTORED });
  const { id } = await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress');
  await server.deps.db('attempts').where({ id }).update({ question_order: JSON.stringify(exam.questionIds) });
  return { attemptId: id, studentId: student.id, questionIds: exam.questionIds };
}

const stateOf = async (attemptId: string) => ((await server.deps.db('attempts').where({ id: attemptId }).first('integrity_state')) as { integrity_state: string }).integrity_state;

describe('what the review is built on is recorded as the attempt goes', () => {
  it('every save the server acknowledges and writes is logged for the timeline, an outdated one is not', async () => {
    const s = await sitting();
    const [q1, q2] = s.questionIds;
    const save = (questionId: string, seq: number) => server.deps.answerSaver.save({ attemptId: s.attemptId, questionId, answer: `a${seq}`, seq }, s.studentId);
    expect(await save(q1!, 1)).toMatchObject({ ok: true, applied: true });
    expect(await save(q1!, 2)).toMatchObject({ ok: true, applied: true });
    expect(await save(q2!, 3)).toMatchObject({ ok: true, applied: true });
    // Sent again late, after a newer one: acknowledged, but nothing was written.
    expect(await save(q1!, 1)).toMatchObject({ ok: true });
    const logged = await server.deps.db('answer_saves').where({ attempt_id: s.attemptId }).orderBy('id').select('question_id', 'seq');
    expect(logged).toEqual([
      { question_id: q1, seq: 1 },
      { question_id: q1, seq: 2 },
      { question_id: q2, seq: 3 },
    ]);
  });

  it('a flag puts a clear attempt under review, on the page’s checks and the device’s alike', async () => {
    const page = await sitting();
    expect(await stateOf(page.attemptId)).toBe('clear');
    await server.deps.violations.record({ attemptId: page.attemptId, studentId: page.studentId, type: 'copy' });
    expect(await stateOf(page.attemptId)).toBe('needs_review');

    const device = await sitting();
    await server.deps.violations.record({ attemptId: device.attemptId, studentId: device.studentId, type: 'face-missing', confidence: 0.9, durationMs: 4000, flagId: randomUUID() });
    expect(await stateOf(device.attemptId)).toBe('needs_review');
  });

  it('a flag leaves a confirmed attempt confirmed, and the crossing flag that ends an attempt leaves it under review', async () => {
    const confirmed = await sitting();
    await server.deps.db('attempts').where({ id: confirmed.attemptId }).update({ integrity_state: 'confirmed' });
    await server.deps.violations.record({ attemptId: confirmed.attemptId, studentId: confirmed.studentId, type: 'tab-switch' });
    expect(await stateOf(confirmed.attemptId)).toBe('confirmed');

    const ended = await sitting();
    for (let i = 0; i < 4; i++) await server.deps.violations.record({ attemptId: ended.attemptId, studentId: ended.studentId, type: 'tab-switch' });
    await server.deps.violations.drain();
    expect(await server.deps.db('attempts').where({ id: ended.attemptId }).first('status', 'submit_reason', 'integrity_state')).toMatchObject({
      submit_reason: 'violations',
      integrity_state: 'needs_review',
    });
  });
});
