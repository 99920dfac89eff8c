import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildAttempt, buildAttemptInHall, buildExam, buildUser } from '../test/factories';
import { customPlansOf, rowsReadOnGenericPlan } from '../test/genericPlan';
import { startTestServer, type TestServer } from '../test/harness';
import { SAVE_BATCH_SQL, batchValues } from './answerSaver';

// PGlite has a single connection, so only PostgreSQL can write two batches side by side.
describe.runIf(process.env.DATABASE_URL)('answer saving on PostgreSQL', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function attemptInProgress() {
    const teacher = await buildUser(server.deps, { role: 'teacher' });
    const student = await buildUser(server.deps, { role: 'student' });
    const exam = await buildExam(server.deps, teacher.id, { questions: 1 });
    const { id } = await buildAttempt(server.deps, exam.id, student.id, 1, 'in_progress');
    await server.deps.db('attempts').where({ id }).update({ question_order: JSON.stringify(exam.questionIds) });
    return { attemptId: id, questionId: exam.questionIds[0]!, studentId: student.id };
  }

  it('is ready with every live connection open and the save statement prepared on it, before the first save', async () => {
    const client = server.deps.liveDb.client as { pool: { max: number; numFree(): number; numUsed(): number }; acquireConnection(): Promise<PgClient>; releaseConnection(c: PgClient): Promise<void> };
    type PgClient = { query(sql: string): Promise<{ rows: { name: string }[] }> };
    const size = client.pool.max;
    expect(client.pool.numFree() + client.pool.numUsed()).toBe(size);
    const conns = await Promise.all(Array.from({ length: size }, () => client.acquireConnection()));
    try {
      const prepared = await Promise.all(conns.map(async (c) => (await c.query('select name from pg_prepared_statements')).rows.map((r) => r.name)));
      expect(prepared.filter((names) => names.includes('answers.save'))).toHaveLength(size);
    } finally {
      await Promise.all(conns.map((c) => client.releaseConnection(c)));
    }
  });

  it("saves other students' answers while one student's save waits on a lock", async () => {
    const blocked = await attemptInProgress();
    const other = await attemptInProgress();
    // A transaction holds the first attempt's row, as a submission being graded does.
    const trx = await server.deps.db.transaction();
    onTestFinished(async () => {
      if (!trx.isCompleted()) await trx.rollback();
    });
    await trx('attempts').where({ id: blocked.attemptId }).forUpdate().first();
    const { xid } = (await trx.raw('select pg_current_xact_id()::text::bigint as xid')).rows[0] as { xid: number };
    let blockedDone = false;
    const waiting = server.deps.answerSaver
      .save({ attemptId: blocked.attemptId, questionId: blocked.questionId, answer: 'first', seq: 1 }, blocked.studentId)
      .finally(() => (blockedDone = true));
    // Until the save's statement is waiting for that transaction.
    await expect
      .poll(async () => (await server.deps.db.raw("select count(*)::int as n from pg_locks where locktype = 'transactionid' and not granted and transactionid::text = ?", [String(xid)])).rows[0].n, { timeout: 10_000 })
      .toBe(1);

    const meanwhile = await server.deps.answerSaver.save({ attemptId: other.attemptId, questionId: other.questionId, answer: 'second', seq: 1 }, other.studentId);
    expect(meanwhile).toMatchObject({ ok: true });
    expect(blockedDone).toBe(false);

    await trx.commit();
    expect(await waiting).toMatchObject({ ok: true });
    const stored = await server.deps.db('answers').where({ attempt_id: blocked.attemptId }).first('answer');
    expect(stored.answer).toBe('first');
  });

  it('stores each answer of a batch exactly, on its own attempt, whatever PostgreSQL array syntax would make of it', async () => {
    const answers = ['a,b', '{x}', '"quoted"', 'back\\slash', 'NULL', null, '  spaced  ', 'plain'];
    const attempts = await Promise.all(answers.map(() => attemptInProgress()));
    // Sent in one tick, so they go to the database as one statement.
    const outcomes = await Promise.all(
      attempts.map((a, i) => server.deps.answerSaver.save({ attemptId: a.attemptId, questionId: a.questionId, answer: answers[i]!, seq: i + 1 }, a.studentId)),
    );
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const rows = (await server.deps.db('answers').whereIn('attempt_id', attempts.map((a) => a.attemptId)).select('attempt_id', 'question_id', 'answer', 'seq')) as { attempt_id: string; question_id: string; answer: string | null; seq: number }[];
    expect(rows).toHaveLength(answers.length);
    for (const [i, a] of attempts.entries()) {
      expect(rows.find((r) => r.attempt_id === a.attemptId)).toEqual({ attempt_id: a.attemptId, question_id: a.questionId, answer: answers[i], seq: i + 1 });
    }
  });
});

describe('the save statement', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('saves a lone answer on its generic plan, reading only its own attempt however many students sit the exam', async () => {
    const { attemptId, questionId } = await buildAttemptInHall(server.deps);
    const values = batchValues([{ attemptId, questionId, answer: 'Four', seq: 1 }]);
    // Locked and checked once: the rest of the hall is not read.
    expect(await rowsReadOnGenericPlan(server.deps.db, SAVE_BATCH_SQL, values, 'attempts')).toBeLessThanOrEqual(1);
    // Planned once: a lone save planned afresh each time cost PostgreSQL some 0.3 ms of CPU, the most of what the save itself cost.
    expect(await customPlansOf(server.deps.db, SAVE_BATCH_SQL, values)).toBeLessThanOrEqual(5);
  });
});
