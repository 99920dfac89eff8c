import type { Knex } from 'knex';

/**
 * The integrity review (issue 53): each attempt's derived integrity state and the outcome of a
 * confirmed one, every reviewer's decision on a flag and on an outcome (kept as history, never
 * updated), every acknowledged save (for the timeline), and the teachers who share an exam's hall.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.string('integrity_state', 16).notNullable().defaultTo('clear');
    t.string('integrity_outcome', 8);
  });
  await knex.raw(`ALTER TABLE attempts ADD CONSTRAINT attempts_integrity_state_check CHECK (integrity_state in ('clear', 'needs_review', 'confirmed'))`);
  await knex.raw(`ALTER TABLE attempts ADD CONSTRAINT attempts_integrity_outcome_check CHECK (integrity_outcome IS NULL OR integrity_outcome in ('keep', 'zero', 'withhold'))`);
  // Attempts flagged before the review existed have flags nobody decided on.
  await knex.raw(`UPDATE attempts a SET integrity_state = 'needs_review' WHERE EXISTS (SELECT 1 FROM attempt_events e WHERE e.attempt_id = a.id AND e.type = 'violation')`);
  await knex.raw(`CREATE INDEX attempts_exam_integrity_idx ON attempts (exam_id, integrity_state)`);

  await knex.schema.createTable('flag_decisions', (t) => {
    t.bigIncrements('id');
    t.uuid('attempt_id').notNullable().references('attempts.id').onDelete('CASCADE');
    t.bigInteger('event_id').notNullable().references('attempt_events.id').onDelete('CASCADE');
    t.string('decision', 8).notNullable();
    t.string('note', 1000);
    t.uuid('reviewer_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE flag_decisions ADD CONSTRAINT flag_decisions_decision_check CHECK (decision in ('confirm', 'dismiss'))`);
  // The latest decision on a flag, read from the index alone (the review queue asks it for every flag of an exam).
  await knex.raw('CREATE INDEX flag_decisions_attempt_idx ON flag_decisions (attempt_id, event_id, id) INCLUDE (decision)');
  // An attempt's flags without its other events: the queue counts them for every attempt of an exam.
  await knex.raw(`CREATE INDEX attempt_events_violation_idx ON attempt_events (attempt_id, id) WHERE type = 'violation'`);

  await knex.schema.createTable('integrity_outcomes', (t) => {
    t.bigIncrements('id');
    t.uuid('attempt_id').notNullable().references('attempts.id').onDelete('CASCADE');
    t.string('outcome', 8).notNullable();
    t.string('note', 1000);
    t.uuid('decided_by').references('users.id').onDelete('SET NULL');
    // On a 'zero' that replaced a standing result: the totals it replaced, for the record (leaving
    // the zero writes them again from the marked answers, which a teacher may have marked meanwhile).
    t.jsonb('previous');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE integrity_outcomes ADD CONSTRAINT integrity_outcomes_outcome_check CHECK (outcome in ('keep', 'zero', 'withhold'))`);
  await knex.raw('CREATE INDEX integrity_outcomes_attempt_idx ON integrity_outcomes (attempt_id, id)');

  // Every acknowledged save, appended by the save batch itself (answers keeps only the latest).
  await knex.schema.createTable('answer_saves', (t) => {
    t.bigIncrements('id');
    t.uuid('attempt_id').notNullable().references('attempts.id').onDelete('CASCADE');
    t.uuid('question_id').notNullable();
    t.integer('seq').notNullable();
    t.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX answer_saves_attempt_idx ON answer_saves (attempt_id, id)');

  await knex.schema.createTable('exam_staff', (t) => {
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.boolean('proctors').notNullable().defaultTo(true);
    t.boolean('reviews').notNullable().defaultTo(true);
    // Their part of the hall: sections and/or students; both empty means the whole hall.
    t.specificType('sections', 'text[]').notNullable().defaultTo('{}');
    t.specificType('student_ids', 'uuid[]').notNullable().defaultTo('{}');
    t.uuid('added_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['exam_id', 'user_id']);
  });
  await knex.raw('CREATE INDEX exam_staff_user_idx ON exam_staff (user_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('exam_staff');
  await knex.schema.dropTableIfExists('answer_saves');
  await knex.schema.dropTableIfExists('integrity_outcomes');
  await knex.schema.dropTableIfExists('flag_decisions');
  await knex.raw('DROP INDEX IF EXISTS attempt_events_violation_idx');
  await knex.raw('DROP INDEX IF EXISTS attempts_exam_integrity_idx');
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('integrity_outcome');
    t.dropColumn('integrity_state');
  });
}
