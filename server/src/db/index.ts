import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { statementDeadline } from './deadlines';

export type Db = Knex;

export interface DbOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; undefined means in memory (tests). */
  pgliteDir?: string;
  /** PostgreSQL schema to work in (tests isolate themselves this way). */
  schema?: string;
  poolMax?: number;
  /** Connections kept open even when idle (0 by default: opened as needed, closed after 30 s idle). */
  poolMin?: number;
  /** Deadlines on PostgreSQL (none: a statement or a connection may wait for ever, as migrations do). */
  deadlines?: DbDeadlines;
  /** Where knex's own messages go (it writes them to the console otherwise). */
  log?: Knex.Logger;
}

export interface DbDeadlines {
  /** A statement's deadline outside any withStatementDeadline scope. */
  statementMs: number;
  /** PostgreSQL's statement_timeout: the server's own end to a statement whose caller gave up or waits long. */
  serverStatementMs: number;
  /** Opening a connection. */
  connectMs: number;
}

// pg returns BIGINT (count(*)) as strings; our counts fit in a JS number.
let pgTypesSet = false;
async function setPgTypes() {
  if (pgTypesSet) return;
  const pg = (await import('pg')).default;
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  // NUMERIC (marks) comes back as a string; our marks are small decimals.
  pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));
  // DATE is a calendar day: keep it as YYYY-MM-DD instead of a local-midnight Date.
  pg.types.setTypeParser(1082, (v) => v);
  pgTypesSet = true;
}

/**
 * knex-pglite names each result's command after knex's method, and knex calls deletes `del`, so
 * knex never saw a DELETE and handed back the raw result instead of the row count.
 */
type ResponseProcessor = new (config: object) => { processResponse(obj: unknown, runner: unknown): unknown };
class PgLiteClient extends (ClientPgLite as unknown as ResponseProcessor) {
  override processResponse(obj: unknown, runner: unknown): unknown {
    const o = obj as { method?: string } | null;
    return super.processResponse(o?.method === 'del' ? { ...o, method: 'delete' } : obj, runner);
  }
}

export async function createDb(opts: DbOptions): Promise<Db> {
  if (opts.databaseUrl) {
    await setPgTypes();
    if (opts.schema) {
      const admin = knexFactory({ client: 'pg', connection: opts.databaseUrl, pool: { min: 0, max: 1 } });
      await admin.raw('CREATE SCHEMA IF NOT EXISTS ??', [opts.schema]);
      await admin.destroy();
    }
    const d = opts.deadlines;
    return knexFactory({
      client: 'pg',
      // No JIT compiling: it is for analytic queries of seconds. Here it cost the proctor board's
      // opening snapshot 385 ms of compiling on top of a 150 ms query, CPU taken from the live session.
      connection: {
        connectionString: opts.databaseUrl,
        options: '-c jit=off',
        ...(d ? { query_timeout: d.statementMs, statement_timeout: d.serverStatementMs, connectionTimeoutMillis: d.connectMs } : {}),
      },
      // Only the test's own schema: nothing may fall through to tables elsewhere in the database.
      searchPath: opts.schema ? [opts.schema] : undefined,
      // Waiting for a free connection is bounded too: a hung database holds each one until its statement's deadline.
      ...(d ? { acquireConnectionTimeout: d.statementMs + d.connectMs } : {}),
      pool: {
        min: opts.poolMin ?? 0,
        max: opts.poolMax ?? 10,
        ...(d ? { createTimeoutMillis: d.connectMs + d.statementMs, afterCreate: dropOnReadTimeout } : {}),
      },
      ...(opts.log ? { log: opts.log } : {}),
    });
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  return knexFactory({
    client: PgLiteClient as unknown as typeof Knex.Client,
    dialect: 'postgres',
    connection: opts.pgliteDir ? { filename: opts.pgliteDir } : {},
  });
}

interface PgConnection {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

type QueryCallback = (err: Error | null, res?: unknown) => void;
interface PgClient {
  query(config: unknown, values?: unknown, callback?: unknown): unknown;
  end(): Promise<void>;
  /** knex's mark of a connection its pool must not hand out again. */
  __knex__disposed?: unknown;
}

const READ_TIMEOUT = 'Query read timeout';

/**
 * Every statement on the connection gets the deadline of its scope (withStatementDeadline), and a
 * statement that ran out of time takes its connection with it: pg gives up on the statement but
 * keeps the connection, whose next statements would queue behind the unanswered one, and a
 * transaction left open on it would swallow whatever ran there next. Ending a connection with a
 * statement in flight closes its socket at once, so the server rolls back what it held.
 */
function dropOnReadTimeout(conn: PgClient, done: (err: Error | null, conn: PgClient) => void): void {
  const query = conn.query;
  const giveUp = (err: unknown) => {
    if ((err as Error | null)?.message !== READ_TIMEOUT) return;
    // Marked before the caller hears of it and hands the connection back: the pool then discards it.
    conn.__knex__disposed ??= err;
    conn.end().catch(() => undefined);
  };
  conn.query = function (this: PgClient, config: unknown, values?: unknown, callback?: unknown) {
    const ms = statementDeadline();
    if (ms !== undefined) {
      if (typeof config === 'string') config = { text: config, query_timeout: ms };
      else if (config && typeof config === 'object' && typeof (config as { submit?: unknown }).submit !== 'function') config = { ...config, query_timeout: ms };
    }
    if (typeof values === 'function' || typeof callback === 'function') {
      const cb = (typeof values === 'function' ? values : callback) as QueryCallback;
      const wrapped: QueryCallback = (err, res) => {
        if (err) giveUp(err);
        cb(err, res);
      };
      return typeof values === 'function' ? query.call(this, config, wrapped) : query.call(this, config, values, wrapped);
    }
    const result = query.call(this, config, values);
    if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(undefined, giveUp);
    return result;
  };
  done(null, conn);
}

/**
 * Runs a hot statement as a named prepared statement on PostgreSQL, so each connection parses it
 * once instead of on every call. `sql` uses `?` placeholders, in order, each bound once.
 * PGlite runs it as a plain query.
 */
export async function preparedQuery<Row>(db: Db, name: string, sql: string, values: unknown[]): Promise<Row[]> {
  if (db.client.config.client !== 'pg') return (await db.raw(sql, values as Knex.RawBinding[])).rows as Row[];
  const conn = (await db.client.acquireConnection()) as PgConnection;
  try {
    return (await conn.query({ name, text: numbered(sql), values })).rows as Row[];
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/**
 * A `?` bound to an array of `type`, for `unnest(…)` in a prepared statement. The sub-select hides
 * the array's length from the planner: PostgreSQL then estimates 10 elements whatever it holds, on
 * the generic plan and on a custom one alike, and after its first five runs keeps the generic plan.
 * Bound directly, a custom plan counts the array: at one element (one student's violation), the
 * generic plan, made for 10, always looked dearer, and the statement was planned afresh on every run.
 *
 * Only where the tables read do not grow under the plan: a generic plan is made once, for the
 * tables' sizes then. The board's reads of answers and events, and the sessions read at sign-in,
 * stay planned on every run, which follows those tables as an exam fills them.
 */
export const boundList = (type: string) => `(select ?::${type}[])`;

/**
 * Runs a preparedQuery statement once on each of `connections` connections, all held at once so
 * none is missed (opening those not yet open): a pool ready for its first burst. PostgreSQL only.
 */
export async function prepareOnConnections(db: Db, connections: number, name: string, sql: string, values: unknown[]): Promise<void> {
  if (db.client.config.client !== 'pg') return;
  const conns = (await Promise.all(Array.from({ length: connections }, () => db.client.acquireConnection()))) as PgConnection[];
  try {
    await Promise.all(conns.map((conn) => conn.query({ name, text: numbered(sql), values })));
  } finally {
    await Promise.all(conns.map((conn) => db.client.releaseConnection(conn)));
  }
}

/** Prepared statements' texts are constants, a handful in all: each is rewritten once, not on every save. */
const numberedTexts = new Map<string, string>();

/** `?` placeholders, each bound once and in order, as PostgreSQL's `$1`, `$2`… */
function numbered(sql: string): string {
  let text = numberedTexts.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${++n}`);
    numberedTexts.set(sql, text);
  }
  return text;
}

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * Migrations are TypeScript modules under /migrations, loaded with import() so the same files
 * run under tsx, vitest and the production start.
 */
class MigrationSource implements Knex.MigrationSource<string> {
  async getMigrations() {
    return readdirSync(migrationsDir)
      .filter((f) => /^\d{14}_[a-z0-9_]+\.ts$/.test(f))
      .sort();
  }
  getMigrationName(name: string) {
    return name;
  }
  async getMigration(name: string): Promise<Knex.Migration> {
    return import(pathToFileURL(path.join(migrationsDir, name)).href);
  }
}

interface RawConnection {
  query(text: string): Promise<unknown>;
}

/**
 * Brings the schema up to date. Several nodes starting together on PostgreSQL take turns under an
 * advisory lock: on an empty database knex's own tables are created without any lock, and two
 * nodes inserting a row each into its lock table would leave every node "already locked" for
 * good. The lock belongs to a session, so a node that dies while migrating frees it.
 */
export async function migrate(db: Db, waitMs = 60_000): Promise<string[]> {
  if (db.client.config.client !== 'pg') return migrateOnce(db, waitMs);
  const conn = (await db.client.acquireConnection()) as RawConnection;
  try {
    // knex set the connection's search_path, so the key is this schema's own.
    await conn.query("SELECT pg_advisory_lock(hashtext('knex_migrations:' || current_schema()))");
    try {
      return await migrateOnce(db, waitMs);
    } finally {
      await conn.query("SELECT pg_advisory_unlock(hashtext('knex_migrations:' || current_schema()))");
    }
  } finally {
    await db.client.releaseConnection(conn);
  }
}

/** knex's migration, waiting while a node of an older release (without the advisory lock) holds knex's own lock. */
async function migrateOnce(db: Db, waitMs: number): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const [, applied] = (await db.migrate.latest({ migrationSource: new MigrationSource() })) as [number, string[]];
      return applied;
    } catch (err) {
      if ((err as Error).name !== 'MigrationLocked' || Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export async function rollbackAll(db: Db): Promise<void> {
  await db.migrate.rollback({ migrationSource: new MigrationSource() }, true);
}

/** Drops a test schema and everything in it. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  await admin.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
  await admin.destroy();
}
