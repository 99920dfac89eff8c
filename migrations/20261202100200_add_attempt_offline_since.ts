import type { Knex } from 'knex';

/**
 * Since when a student's last socket of an open attempt has been gone: on their return the gap is
 * logged as a network event with its length (never a violation).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.timestamp('offline_since', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('offline_since');
  });
}
