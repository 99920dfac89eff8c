import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDb, type Db } from './index';
import { withStatementDeadline } from './deadlines';
import { isDbUnavailable, knexLog } from './outage';
import { createLogger } from '../logger';

describe('a database that does not answer in time', () => {
  it('counts a statement past its deadline, a connection not opened in time and the server statement_timeout as an outage, and a cancelled statement not', () => {
    expect(isDbUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isDbUnavailable(new Error('timeout expired'))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isDbUnavailable(Object.assign(new Error('canceling statement due to user request'), { code: '57014' }))).toBe(false);
  });
});

describe("knex's own messages", () => {
  it('leave connection errors to the outage tracker (logged once per outage) and log anything else', () => {
    const log = createLogger('silent');
    const warn = vi.spyOn(log, 'warn');
    const error = vi.spyOn(log, 'error');
    const debug = vi.spyOn(log, 'debug');
    const k = knexLog(log);
    for (let i = 0; i < 100; i++) k.warn!('Acquire connection error: Error: connect ECONNREFUSED 127.0.0.1:5432');
    k.warn!('Connection Error: Error: Connection terminated unexpectedly');
    expect(warn).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledTimes(101);
    k.warn!('Detected comma in searchPath');
    k.error!('Debug: something does not exist');
    expect(warn).toHaveBeenCalledWith({ knex: 'Detected comma in searchPath' }, 'knex');
    expect(error).toHaveBeenCalledWith({ knex: 'Debug: something does not exist' }, 'knex');
  });
});

describe.runIf(!!process.env.DATABASE_URL)('statement deadlines on PostgreSQL', () => {
  let db: Db | undefined;
  afterAll(async () => {
    await db?.destroy();
  });

  it("gives up on a statement at its scope's deadline and drops its connection, while long work in a longer scope runs to its end", async () => {
    db = await createDb({ databaseUrl: process.env.DATABASE_URL!, poolMax: 1, deadlines: { statementMs: 300, serverStatementMs: 10_000, connectMs: 2000 } });
    const pid = async () => ((await db!.raw('select pg_backend_pid() as pid')).rows[0] as { pid: number }).pid;
    const before = await pid();

    const started = performance.now();
    await expect(db.raw('select pg_sleep(2)')).rejects.toThrow('Query read timeout');
    expect(performance.now() - started).toBeLessThan(1500);
    // The one connection of the pool was ended with the statement: the next runs on a new one, not behind it.
    const after = await pid();
    expect(after).not.toBe(before);

    // The sweeper's batches, exports: the same statement completes in a longer scope.
    await expect(withStatementDeadline(5000, () => db!.raw('select pg_sleep(0.6) as slept'))).resolves.toBeTruthy();
    // A scope's deadline is the scope's only: outside it the pool's own holds again.
    await expect(db.raw('select pg_sleep(1)')).rejects.toThrow('Query read timeout');
  });
});
