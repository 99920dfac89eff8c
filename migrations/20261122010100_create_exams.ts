import type { Knex } from 'knex';

const SUBJECTS = "'mathematics','science','english','history','geography','computer-science','physics','chemistry','biology'";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('exams', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.string('title', 200).notNullable();
    t.string('subject', 32).notNullable();
    t.text('description').notNullable();
    t.smallint('grade').notNullable();
    t.integer('duration_minutes').notNullable().defaultTo(60);
    // A percentage of the exam's total marks (0–100) a student needs to pass.
    t.integer('passing_marks').notNullable().defaultTo(60);
    t.string('exam_type', 16).notNullable().defaultTo('practice');
    t.string('difficulty', 8).notNullable().defaultTo('medium');
    t.text('instructions').notNullable().defaultTo('');
    t.timestamp('start_at', { useTz: true }).notNullable();
    t.timestamp('end_at', { useTz: true }).notNullable();
    t.string('timezone', 64).notNullable().defaultTo('UTC');
    // randomize*, allowReview, show*, allowMultipleAttempts, maxAttempts, proctoring {...}
    t.jsonb('settings').notNullable();
    t.boolean('is_published').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('published_at', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE exams
    ADD CONSTRAINT exams_schedule_check CHECK (end_at > start_at),
    ADD CONSTRAINT exams_duration_check CHECK (duration_minutes >= 1),
    ADD CONSTRAINT exams_passing_check CHECK (passing_marks BETWEEN 0 AND 100),
    ADD CONSTRAINT exams_grade_check CHECK (grade BETWEEN 1 AND 12),
    ADD CONSTRAINT exams_type_check CHECK (exam_type IN ('practice','assessment','final','quiz')),
    ADD CONSTRAINT exams_difficulty_check CHECK (difficulty IN ('easy','medium','hard')),
    ADD CONSTRAINT exams_subject_check CHECK (subject IN (${SUBJECTS})),
    ADD CONSTRAINT exams_title_check CHECK (length(trim(title)) >= 3),
    ADD CONSTRAINT exams_max_attempts_check CHECK (jsonb_typeof(settings->'maxAttempts') = 'number'
      AND (settings->>'maxAttempts')::int BETWEEN 1 AND 10)`);
  await knex.raw('CREATE INDEX exams_owner_idx ON exams (owner_id, start_at DESC)');
  await knex.raw('CREATE INDEX exams_catalogue_idx ON exams (is_published, grade, start_at DESC)');

  // The ordered link between an exam and its questions.
  await knex.schema.createTable('exam_questions', (t) => {
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.uuid('question_id').notNullable().references('questions.id').onDelete('RESTRICT');
    t.integer('position').notNullable();
    t.primary(['exam_id', 'question_id']);
  });
  await knex.raw('CREATE INDEX exam_questions_question_idx ON exam_questions (question_id)');
  await knex.raw('CREATE INDEX exam_questions_order_idx ON exam_questions (exam_id, position)');

  // No rows means "every student of the exam's grade".
  await knex.schema.createTable('exam_eligible_students', (t) => {
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.primary(['exam_id', 'student_id']);
  });
  await knex.raw('CREATE INDEX exam_eligible_student_idx ON exam_eligible_students (student_id)');

  await knex.schema.createTable('exam_tags', (t) => {
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.string('tag', 40).notNullable();
    t.primary(['exam_id', 'tag']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('exam_tags');
  await knex.schema.dropTableIfExists('exam_eligible_students');
  await knex.schema.dropTableIfExists('exam_questions');
  await knex.schema.dropTableIfExists('exams');
}
