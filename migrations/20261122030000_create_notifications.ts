import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('type', 16).notNullable();
    t.string('title', 200).notNullable();
    t.text('message').notNullable();
    t.string('action_url', 500);
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE notifications ADD CONSTRAINT notifications_type_check
    CHECK (type IN ('exam','result','reminder','system','payment','message','achievement','warning','info'))`);
  await knex.raw('CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC)');
  await knex.raw('CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL');

  // Presence and the start-of-exam reminder, for the proctor board and notifications.
  await knex.schema.alterTable('attempts', (t) => {
    t.timestamp('last_seen_at', { useTz: true });
  });
  await knex.schema.alterTable('exams', (t) => {
    t.timestamp('reminder_sent_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('exams', (t) => t.dropColumn('reminder_sent_at'));
  await knex.schema.alterTable('attempts', (t) => t.dropColumn('last_seen_at'));
  await knex.schema.dropTableIfExists('notifications');
}
