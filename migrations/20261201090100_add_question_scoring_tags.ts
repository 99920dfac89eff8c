import type { Knex } from 'knex';

/**
 * The question types schools bring from Moodle and QTI (multiple response, short answer,
 * numerical, matching), whose keys give partial credit and live in `scoring`; the bank's tags
 * (an imported category becomes one); and questions a teacher shares with every teacher.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('questions', (t) => {
    // { numericAnswers, shortAnswers, caseSensitive, pairs, distractors }: see shared/src/questionKeys.ts.
    t.jsonb('scoring').notNullable().defaultTo('{}');
    t.jsonb('tags').notNullable().defaultTo('[]');
    t.boolean('shared').notNullable().defaultTo(false);
  });
  await knex.raw(`ALTER TABLE questions
    DROP CONSTRAINT questions_type_check,
    ADD CONSTRAINT questions_type_check CHECK (type IN ('multiple-choice','multiple-response','true-false','essay','fill-blank','short-answer','numerical','matching')),
    DROP CONSTRAINT questions_options_check,
    ADD CONSTRAINT questions_options_check CHECK (jsonb_typeof(options) = 'array'
      AND (type NOT IN ('multiple-choice','multiple-response','true-false') OR jsonb_array_length(options) >= 2)),
    ADD CONSTRAINT questions_tags_check CHECK (jsonb_typeof(tags) = 'array'),
    ADD CONSTRAINT questions_scoring_check CHECK (jsonb_typeof(scoring) = 'object')`);
  await knex.raw('CREATE INDEX questions_shared_idx ON questions (created_at DESC) WHERE shared');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS questions_shared_idx');
  await knex('questions').whereIn('type', ['multiple-response', 'short-answer', 'numerical', 'matching']).delete();
  await knex.raw(`ALTER TABLE questions
    DROP CONSTRAINT questions_tags_check,
    DROP CONSTRAINT questions_scoring_check,
    DROP CONSTRAINT questions_type_check,
    ADD CONSTRAINT questions_type_check CHECK (type IN ('multiple-choice','true-false','essay','fill-blank')),
    DROP CONSTRAINT questions_options_check,
    ADD CONSTRAINT questions_options_check CHECK (jsonb_typeof(options) = 'array'
      AND (type NOT IN ('multiple-choice','true-false') OR jsonb_array_length(options) >= 2))`);
  await knex.schema.alterTable('questions', (t) => t.dropColumns('scoring', 'tags', 'shared'));
}
