import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('answers', (t) => {
    t.decimal('marks', 8, 2);
    t.boolean('is_correct');
    t.text('feedback');
    t.uuid('graded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('graded_at', { useTz: true });
  });
  await knex.raw('ALTER TABLE answers ADD CONSTRAINT answers_marks_check CHECK (marks IS NULL OR marks >= 0)');

  await knex.schema.alterTable('attempts', (t) => {
    t.decimal('score', 9, 2);
    t.integer('max_score');
    t.integer('percentage');
    t.boolean('passed');
    t.integer('correct_count');
    t.integer('incorrect_count');
    t.integer('skipped_count');
    t.integer('pending_count');
    t.timestamp('graded_at', { useTz: true });
  });
  await knex.raw(`ALTER TABLE attempts
    ADD CONSTRAINT attempts_percentage_check CHECK (percentage IS NULL OR percentage BETWEEN 0 AND 100),
    ADD CONSTRAINT attempts_graded_check CHECK ((status = 'graded') = (graded_at IS NOT NULL))`);
  await knex.raw("CREATE INDEX attempts_exam_results_idx ON attempts (exam_id, percentage DESC) WHERE status <> 'in_progress'");

  await knex.schema.alterTable('exams', (t) => {
    t.timestamp('results_released_at', { useTz: true });
  });

  // Every mark a teacher gives or changes: who, when, before and after.
  await knex.schema.createTable('grade_history', (t) => {
    t.bigIncrements('id');
    t.uuid('attempt_id').notNullable().references('attempts.id').onDelete('CASCADE');
    t.uuid('question_id').notNullable().references('questions.id').onDelete('CASCADE');
    t.uuid('graded_by').references('users.id').onDelete('SET NULL');
    t.decimal('before_marks', 8, 2);
    t.decimal('after_marks', 8, 2).notNullable();
    t.text('before_feedback');
    t.text('after_feedback');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX grade_history_attempt_idx ON grade_history (attempt_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('grade_history');
  await knex.schema.alterTable('exams', (t) => t.dropColumn('results_released_at'));
  await knex.raw('ALTER TABLE attempts DROP CONSTRAINT IF EXISTS attempts_graded_check, DROP CONSTRAINT IF EXISTS attempts_percentage_check');
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumns('score', 'max_score', 'percentage', 'passed', 'correct_count', 'incorrect_count', 'skipped_count', 'pending_count', 'graded_at');
  });
  await knex.schema.alterTable('answers', (t) => t.dropColumns('marks', 'is_correct', 'feedback', 'graded_by', 'graded_at'));
}
