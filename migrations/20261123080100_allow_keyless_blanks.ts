import type { Knex } from 'knex';

/**
 * A fill-blank question may be created without a key (`correctAnswer: null` in the
 * creation payload): its answers are then marked by the teacher, like an essay's.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE questions
    DROP CONSTRAINT questions_answer_check,
    ADD CONSTRAINT questions_answer_check CHECK (type IN ('essay','fill-blank') OR length(correct_answer) > 0)`);
}

export async function down(knex: Knex): Promise<void> {
  // Keyless blanks cannot stay under the old rule: they become essays, which are marked the same way.
  await knex.raw(`UPDATE questions SET type = 'essay' WHERE type = 'fill-blank' AND length(correct_answer) = 0`);
  await knex.raw(`ALTER TABLE questions
    DROP CONSTRAINT questions_answer_check,
    ADD CONSTRAINT questions_answer_check CHECK (type = 'essay' OR length(correct_answer) > 0)`);
}
