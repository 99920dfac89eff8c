import type { Knex } from 'knex';

/**
 * One-time links for LTI Dynamic Registration (issue 54): an admin makes one, pastes it into the
 * LMS, and the LMS opens it once to register the tool. Only the token's hash is kept; the link
 * names the platform it registered, for the admin page's history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lti_registration_links', (t) => {
    t.string('token_hash', 64).primary();
    // Kept when the admin's account goes: the platform it registered stays.
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    // Set while a registration is under way and once it succeeded; cleared again when it failed.
    t.timestamp('used_at', { useTz: true });
    t.uuid('platform_id').references('lti_platforms.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('lti_registration_links');
}
