import type { Knex } from 'knex';

const SUBJECTS = "'mathematics','science','english','history','geography','computer-science','physics','chemistry','biology'";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('questions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('text').notNullable();
    t.string('type', 20).notNullable();
    t.string('subject', 32).notNullable();
    t.string('topic', 100).notNullable().defaultTo('');
    t.string('difficulty', 8).notNullable().defaultTo('medium');
    t.integer('points').notNullable().defaultTo(1);
    // [{ text, isCorrect }] for choice types; [] otherwise.
    t.jsonb('options').notNullable().defaultTo('[]');
    t.text('correct_answer').notNullable().defaultTo('');
    // Fill-blank: every accepted answer.
    t.jsonb('accepted_answers').notNullable().defaultTo('[]');
    t.text('sample_answer').notNullable().defaultTo('');
    t.text('explanation').notNullable().defaultTo('');
    t.string('image', 2000).notNullable().defaultTo('');
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE questions
    ADD CONSTRAINT questions_type_check CHECK (type IN ('multiple-choice','true-false','essay','fill-blank')),
    ADD CONSTRAINT questions_difficulty_check CHECK (difficulty IN ('easy','medium','hard')),
    ADD CONSTRAINT questions_subject_check CHECK (subject IN (${SUBJECTS})),
    ADD CONSTRAINT questions_points_check CHECK (points > 0),
    ADD CONSTRAINT questions_text_check CHECK (length(trim(text)) >= 10),
    ADD CONSTRAINT questions_options_check CHECK (jsonb_typeof(options) = 'array'
      AND (type NOT IN ('multiple-choice','true-false') OR jsonb_array_length(options) >= 2)),
    ADD CONSTRAINT questions_answer_check CHECK (type = 'essay' OR length(correct_answer) > 0)`);
  await knex.raw('CREATE INDEX questions_owner_idx ON questions (owner_id, created_at DESC)');
  await knex.raw('CREATE INDEX questions_filter_idx ON questions (subject, type, difficulty)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('questions');
}
