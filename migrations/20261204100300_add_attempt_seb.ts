import type { Knex } from 'knex';

/**
 * Whether an attempt is sat in Safe Exam Browser (issue 54): set once a call of the attempt came
 * with the exam's SEB proof (docs/seb.md), and shown on the proctor board. An attempt never leaves
 * SEB for another browser in an exam that requires it, so the flag is never cleared.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.boolean('in_seb').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('in_seb');
  });
}
