import type { Knex } from 'knex';
import type { Db } from '../db';

/** A value as a SQL literal: arrays as array literals, each element quoted. */
function literal(value: unknown): string {
  const text = (v: unknown) => String(v instanceof Date ? v.toISOString() : v);
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  if (value === null || value === undefined) return 'null';
  if (!Array.isArray(value)) return quote(text(value));
  const element = (v: unknown) => (v === null || v === undefined ? 'NULL' : `"${text(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return quote(`{${value.map(element).join(',')}}`);
}

let probes = 0;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/**
 * Prepares `sql` (`?` placeholders, as preparedQuery takes) under a name of its own inside a
 * transaction that is rolled back whatever happens, and hands `probe` a way to execute it with
 * `values`: the statement runs for real and leaves nothing behind. The statement is deallocated
 * before the rollback, which it would otherwise outlive on the pooled connection.
 */
async function withPrepared<T>(
  db: Db,
  sql: string,
  values: unknown[],
  probe: (trx: Knex.Transaction, name: string, execute: string) => Promise<T>,
  opts: { forceGeneric?: boolean } = {},
): Promise<T> {
  // A name of its own: a statement left prepared by a failed call does not collide with the next.
  const name = `plan_probe_${++probes}`;
  const trx = await db.transaction();
  try {
    let n = 0;
    if (opts.forceGeneric) await trx.raw('set local plan_cache_mode = force_generic_plan');
    await trx.raw(`prepare ${name} as ${sql.replace(/\?/g, () => `$${++n}`)}`);
    const result = await probe(trx, name, `execute ${name}(${values.map(literal).join(', ')})`);
    await trx.raw(`deallocate ${name}`);
    return result;
  } finally {
    await trx.rollback();
  }
}

/**
 * How many rows of `table` a statement reads when run as the live session runs its hot statements:
 * prepared, on the generic plan PostgreSQL settles on after five runs, which knows nothing of the
 * arrays' sizes.
 */
export async function rowsReadOnGenericPlan(db: Db, sql: string, values: unknown[], table: string): Promise<number> {
  const explained = await withPrepared(db, sql, values, (trx, _name, execute) => trx.raw(`explain (analyze, format json) ${execute}`), { forceGeneric: true });
  const cell = (explained.rows as Record<string, unknown>[])[0]!['QUERY PLAN'];
  const [{ Plan }] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
  let read = 0;
  const walk = (node: PlanNode): void => {
    if (node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable') read += ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
    node.Plans?.forEach(walk);
  };
  walk(Plan);
  return read;
}

/**
 * How many of `runs` runs of a statement PostgreSQL planned afresh, run as the live session runs
 * its hot statements: prepared once, then executed with `values` each time. After five runs
 * PostgreSQL keeps the generic plan only when it costs no more than the custom ones did; a
 * statement planned afresh on every run pays the planner each time.
 */
export async function customPlansOf(db: Db, sql: string, values: unknown[], runs = 10): Promise<number> {
  return withPrepared(db, sql, values, async (trx, name, execute) => {
    for (let i = 0; i < runs; i++) await trx.raw(execute);
    const { rows } = (await trx.raw('select custom_plans from pg_prepared_statements where name = ?', [name])) as { rows: { custom_plans: string | number }[] };
    return Number(rows[0]!.custom_plans);
  });
}
