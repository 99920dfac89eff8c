import type { Knex } from 'knex';

/**
 * Deleting a person keeps the exam records that point at them (attempts, exams, grading history)
 * and erases the person: `deleted_at` marks an account whose personal data has been wiped.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('deleted_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('deleted_at'));
}
