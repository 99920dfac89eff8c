import type { Knex } from 'knex';

/**
 * A notification keeps its words as catalogue keys and values, so each reader sees it in the
 * language they read in now, not the one of the day it was sent. `title` and `message` keep the
 * English text for notifications written before, and for anything that reads the table directly.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.jsonb('texts');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => t.dropColumn('texts'));
}
