import type { Knex } from 'knex';

/**
 * The admin dashboard counts the school's users by role leaving deleted people out: partial on
 * deleted_at, that count is answered from the index alone, as it was before deleted rows were left out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS users_live_role_idx ON users (role) WHERE deleted_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS users_live_role_idx');
}
