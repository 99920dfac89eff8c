import type { Knex } from 'knex';

/**
 * Why a student's last socket of an open attempt went (issue 53): the connection was lost, the
 * server restarted, the session was signed out, or the app left the exam page. Kept with
 * offline_since and logged with the gap on the student's return.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.string('offline_cause', 24);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('offline_cause');
  });
}
