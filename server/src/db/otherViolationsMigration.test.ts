import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttempt, buildExam, buildUser } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import * as otherViolations from '../../../migrations/20261128100100_add_attempt_other_violations';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('counting other violations on the attempt', () => {
  it('gives attempts already under way the count their event log holds, so the board shows the same figure after the upgrade', async () => {
    const db = server.deps.db;
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 1 });
    const busy = await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress');
    const calm = await buildAttempt(server.deps, exam.id, student.id, 2, 'submitted');
    // As the old product left them: counted only in the log.
    await otherViolations.down(db);
    const violation = (attemptId: string, kind: string) => ({ attempt_id: attemptId, type: 'violation', actor_id: student.id, detail: JSON.stringify({ violation: kind }) });
    await db('attempt_events').insert([
      violation(busy.id, 'copy'),
      violation(busy.id, 'tab-switch'),
      violation(busy.id, 'paste'),
      violation(busy.id, 'fullscreen-exit'),
      { attempt_id: busy.id, type: 'joined', actor_id: student.id, detail: JSON.stringify({}) },
      violation(calm.id, 'tab-switch'),
    ]);
    await otherViolations.up(db);
    const counts = await db('attempts').whereIn('id', [busy.id, calm.id]).orderBy('attempt_number').pluck('other_violations');
    expect(counts).toEqual([2, 0]);
  });
});
