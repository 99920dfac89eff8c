import type { Knex } from 'knex';

/** The school's settings: one row, written by admins, read (through a short cache) by every node. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('platform_settings', (t) => {
    t.smallint('id').primary().defaultTo(1);
    t.jsonb('settings').notNullable();
    t.uuid('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE platform_settings ADD CONSTRAINT platform_settings_single_row CHECK (id = 1)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('platform_settings');
}
