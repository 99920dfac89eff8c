import type { Knex } from 'knex';

/**
 * A parent link becomes a request the student answers: only an 'accepted' row gives the parent
 * any access. Rows that existed before (the demo parent's child) were made by trusted code and
 * are kept as accepted; from now on a row without a status is a 'pending' request, so code that
 * forgets the status grants nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('parent_children', (t) => {
    // The student accepts or declines a request by this id (the pair stays the primary key).
    t.uuid('id').notNullable().defaultTo(knex.raw('gen_random_uuid()')).unique();
    t.string('status', 16).notNullable().defaultTo('accepted');
    t.timestamp('responded_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw("UPDATE parent_children SET responded_at = created_at WHERE status = 'accepted'");
  await knex.raw("ALTER TABLE parent_children ALTER COLUMN status SET DEFAULT 'pending'");
  await knex.raw(`ALTER TABLE parent_children
    ADD CONSTRAINT parent_children_status_check CHECK (status IN ('pending','accepted','declined'))`);
  // Access checks and notifications ask "which accepted parents has this child?" and the reverse.
  await knex.raw("CREATE INDEX parent_children_accepted_child_idx ON parent_children (child_id) WHERE status = 'accepted'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS parent_children_accepted_child_idx');
  // Requests never answered must not turn into links when the status column goes away.
  await knex('parent_children').whereNot({ status: 'accepted' }).delete();
  await knex.raw('ALTER TABLE parent_children DROP CONSTRAINT IF EXISTS parent_children_status_check');
  await knex.schema.alterTable('parent_children', (t) => {
    t.dropColumn('updated_at');
    t.dropColumn('responded_at');
    t.dropColumn('status');
    t.dropColumn('id');
  });
}
