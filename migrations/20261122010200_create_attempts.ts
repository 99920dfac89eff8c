import type { Knex } from 'knex';

/** A student's attempt at an exam (the API's Submission). Time is owned by the server. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('attempts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('RESTRICT');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.smallint('attempt_number').notNullable();
    t.string('status', 16).notNullable().defaultTo('in_progress');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('deadline_at', { useTz: true }).notNullable();
    t.timestamp('submitted_at', { useTz: true });
    t.string('submit_reason', 16);
    // Question ids, and per question the option order, drawn for this attempt.
    t.jsonb('question_order').notNullable().defaultTo('[]');
    t.jsonb('option_order').notNullable().defaultTo('{}');
    t.integer('tab_switches').notNullable().defaultTo(0);
    t.integer('fullscreen_exits').notNullable().defaultTo(0);
    t.integer('warnings').notNullable().defaultTo(0);
    t.integer('extra_minutes').notNullable().defaultTo(0);
    // What the client reported; recorded, never trusted.
    t.integer('client_time_spent');
    t.jsonb('client_security_flags');
    t.timestamps(true, true);
    t.unique(['exam_id', 'student_id', 'attempt_number']);
  });
  await knex.raw(`ALTER TABLE attempts
    ADD CONSTRAINT attempts_status_check CHECK (status IN ('in_progress','submitted','graded')),
    ADD CONSTRAINT attempts_reason_check CHECK (submit_reason IS NULL OR submit_reason IN ('student','time-expired','violations','proctor')),
    ADD CONSTRAINT attempts_number_check CHECK (attempt_number BETWEEN 1 AND 10),
    ADD CONSTRAINT attempts_submitted_check CHECK ((status = 'in_progress') = (submitted_at IS NULL)),
    ADD CONSTRAINT attempts_extra_check CHECK (extra_minutes >= 0)`);
  // One attempt in progress per student and exam.
  await knex.raw("CREATE UNIQUE INDEX attempts_one_in_progress ON attempts (exam_id, student_id) WHERE status = 'in_progress'");
  // The deadline sweeper's scan.
  await knex.raw("CREATE INDEX attempts_deadline_idx ON attempts (deadline_at) WHERE status = 'in_progress'");
  await knex.raw('CREATE INDEX attempts_student_idx ON attempts (student_id, exam_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('attempts');
}
