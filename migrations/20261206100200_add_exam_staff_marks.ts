import type { Knex } from 'knex';

/**
 * Teachers who mark an exam beside its owner (issue 55): a department marks a class together,
 * each by question. A member of the exam's staff may now proctor, review, mark, or any of them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exam_staff', (t) => {
    t.boolean('marks').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exam_staff', (t) => {
    t.dropColumn('marks');
  });
}
