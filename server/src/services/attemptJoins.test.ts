import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAttemptInHall } from '../test/factories';
import { customPlansOf, rowsReadOnGenericPlan } from '../test/genericPlan';
import { startTestServer, type TestServer } from '../test/harness';
import { JOIN_BATCH_SQL } from './attemptJoins';

describe('the join statement', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('joins a lone student on its generic plan, reading only their own attempt however many students sit the exam', async () => {
    const { attemptId, studentId } = await buildAttemptInHall(server.deps);
    const values = [[attemptId], [studentId]];
    // Its own attempt locked and marked seen; the rest of the hall is not read.
    expect(await rowsReadOnGenericPlan(server.deps.db, JOIN_BATCH_SQL, values, 'attempts')).toBeLessThanOrEqual(2);
    // Planned once: a lone join planned afresh each time cost PostgreSQL some 0.4 ms of CPU.
    expect(await customPlansOf(server.deps.db, JOIN_BATCH_SQL, values)).toBeLessThanOrEqual(5);
  });
});
