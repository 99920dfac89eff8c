import type { Knex } from 'knex';

/**
 * An exam an admin deleted after students had attempted it: hidden from every list, its attempts
 * and results kept (deleting it would take the students' results with it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exams', (t) => {
    t.timestamp('archived_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exams', (t) => t.dropColumn('archived_at'));
}
