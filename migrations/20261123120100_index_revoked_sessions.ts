import type { Knex } from 'knex';

/**
 * Each node asks twice a second which sessions ended in the last minute (realtime/sessionLiveness.ts).
 * Partial on revoked_at: live sessions are not in it, and the question reads a few index entries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS sessions_revoked_at_idx ON sessions (revoked_at) WHERE revoked_at IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS sessions_revoked_at_idx');
}
