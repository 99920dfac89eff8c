import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // One row per (attempt, question): the latest answer and the seq that wrote it.
  await knex.schema.createTable('answers', (t) => {
    t.uuid('attempt_id').notNullable().references('attempts.id').onDelete('CASCADE');
    t.uuid('question_id').notNullable().references('questions.id').onDelete('RESTRICT');
    t.text('answer');
    t.integer('seq').notNullable();
    t.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['attempt_id', 'question_id']);
  });
  await knex.raw('ALTER TABLE answers ADD CONSTRAINT answers_seq_check CHECK (seq >= 1)');

  // Violations, proctor actions and lifecycle events: appended, never updated.
  await knex.schema.createTable('attempt_events', (t) => {
    t.bigIncrements('id');
    t.uuid('attempt_id').notNullable().references('attempts.id').onDelete('CASCADE');
    t.string('type', 32).notNullable();
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.jsonb('detail').notNullable().defaultTo('{}');
    // The client's own time for the event, when it sent one (recorded, not trusted).
    t.timestamp('client_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX attempt_events_attempt_idx ON attempt_events (attempt_id, id)');
  await knex.raw(`CREATE FUNCTION attempt_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'attempt_events is append-only'; END $$`);
  await knex.raw(`CREATE TRIGGER attempt_events_no_update BEFORE UPDATE ON attempt_events
    FOR EACH ROW EXECUTE FUNCTION attempt_events_append_only()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS attempt_events');
  await knex.raw('DROP FUNCTION IF EXISTS attempt_events_append_only()');
  await knex.schema.dropTableIfExists('answers');
}
