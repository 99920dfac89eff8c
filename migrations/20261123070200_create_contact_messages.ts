import type { Knex } from 'knex';

/** Messages sent through the public contact form, kept for the admins to read and answer. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('subject', 200).notNullable();
    t.text('message').notNullable();
    t.string('ip', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE contact_messages
    ADD CONSTRAINT contact_messages_message_check CHECK (length(message) BETWEEN 1 AND 5000)`);
  await knex.raw('CREATE INDEX contact_messages_created_idx ON contact_messages (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('contact_messages');
}
