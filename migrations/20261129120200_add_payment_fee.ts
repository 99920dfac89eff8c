import type { Knex } from 'knex';

/**
 * A payment may pay one student's fee. At most one payment per fee is open (waiting for its card
 * step) or succeeded, on every node: the database refuses a second, so a fee is never paid twice.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('payments', (t) => {
    t.uuid('fee_assignment_id').references('fee_assignments.id').onDelete('SET NULL');
  });
  await knex.raw("CREATE UNIQUE INDEX payments_one_open_per_fee_idx ON payments (fee_assignment_id) WHERE fee_assignment_id IS NOT NULL AND status IN ('pending','succeeded')");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS payments_one_open_per_fee_idx');
  await knex.schema.alterTable('payments', (t) => t.dropColumn('fee_assignment_id'));
}
