import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // E-mail verification and password reset links: only a SHA-256 of the token is stored.
  await knex.schema.createTable('one_time_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('purpose', 16).notNullable();
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE one_time_tokens
    ADD CONSTRAINT one_time_tokens_purpose_check CHECK (purpose IN ('verify_email','reset_password')),
    ADD CONSTRAINT one_time_tokens_expiry_check CHECK (expires_at > created_at)`);
  await knex.raw('CREATE INDEX one_time_tokens_user_idx ON one_time_tokens (user_id, purpose)');

  // A session is one sign-in: the family of refresh tokens that rotate from it.
  await knex.schema.createTable('sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('user_agent', 300);
    t.string('ip', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true });
    t.string('revoked_reason', 32);
  });
  await knex.raw('CREATE INDEX sessions_user_idx ON sessions (user_id)');

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('session_id').notNullable().references('sessions.id').onDelete('CASCADE');
    t.string('token_hash', 64).notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('refresh_tokens');
  await knex.schema.dropTableIfExists('sessions');
  await knex.schema.dropTableIfExists('one_time_tokens');
}
