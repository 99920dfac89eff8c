import type { Knex } from 'knex';

/**
 * Rest breaks (issue 56, shared/src/restBreaks.ts): the attempt keeps where it stands with its
 * breaks. A break under way has `break_started_at` and `break_ends_at` (when its allowance runs
 * out); the deadline was moved by the allowance left when it started and comes back by what was
 * not taken when it ends. `break_used_ms` is the time paused in earlier breaks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.timestamp('break_requested_at', { useTz: true });
    t.timestamp('break_started_at', { useTz: true });
    t.timestamp('break_ends_at', { useTz: true });
    t.integer('break_used_ms').notNullable().defaultTo(0);
  });
  // The job that ends breaks past their allowance reads only the few attempts on a break.
  await knex.raw('create index attempts_break_ends_idx on attempts (break_ends_at) where break_started_at is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists attempts_break_ends_idx');
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('break_used_ms');
    t.dropColumn('break_ends_at');
    t.dropColumn('break_started_at');
    t.dropColumn('break_requested_at');
  });
}
