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
 * How many rows of `table` a statement reads when run as the live session runs its hot statements:
 * prepared, on the generic plan PostgreSQL settles on after five runs, which knows nothing of the
 * arrays' sizes. Runs it for real inside a transaction that is rolled back, so it writes nothing.
 * `sql` takes `?` placeholders, as preparedQuery does.
 */
export async function rowsReadOnGenericPlan(db: Db, sql: string, values: unknown[], table: string): Promise<number> {
  // A name of its own: a statement left prepared by a failed call does not collide with the next.
  const name = `generic_plan_probe_${++probes}`;
  // Rolled back whatever happens: the statement runs for real, and must leave nothing behind.
  const trx = await db.transaction();
  try {
    let n = 0;
    await trx.raw('set local plan_cache_mode = force_generic_plan');
    await trx.raw(`prepare ${name} as ${sql.replace(/\?/g, () => `$${++n}`)}`);
    const explained = await trx.raw(`explain (analyze, format json) execute ${name}(${values.map(literal).join(', ')})`);
    await trx.raw(`deallocate ${name}`);
    const cell = (explained.rows as Record<string, unknown>[])[0]!['QUERY PLAN'];
    const [{ Plan }] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
    let read = 0;
    const walk = (node: PlanNode): void => {
      if (node['Relation Name'] === table && node['Node Type'] !== 'ModifyTable') read += ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
      node.Plans?.forEach(walk);
    };
    walk(Plan);
    return read;
  } finally {
    await trx.rollback();
  }
}

/**
 * How many of `runs` runs of a statement PostgreSQL planned afresh, run as the live session runs
 * its hot statements: prepared once, then executed with `values` each time. After five runs
 * PostgreSQL keeps the generic plan only when it costs no more than the custom ones did; a
 * statement planned afresh on every run pays the planner each time. Rolled back: it writes nothing.
 */
export async function customPlansOf(db: Db, sql: string, values: unknown[], runs = 10): Promise<number> {
  const name = `plan_choice_probe_${++probes}`;
  const trx = await db.transaction();
  try {
    let n = 0;
    await trx.raw(`prepare ${name} as ${sql.replace(/\?/g, () => `$${++n}`)}`);
    for (let i = 0; i < runs; i++) await trx.raw(`execute ${name}(${values.map(literal).join(', ')})`);
    const { rows } = (await trx.raw('select custom_plans from pg_prepared_statements where name = ?', [name])) as { rows: { custom_plans: string | number }[] };
    // A prepared statement outlives the rollback: it would stay on the pooled connection.
    await trx.raw(`deallocate ${name}`);
    return Number(rows[0]!.custom_plans);
  } finally {
    await trx.rollback();
  }
}
