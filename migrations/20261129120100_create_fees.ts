import type { Knex } from 'knex';

/**
 * Fees the school issues: `fees` is what an admin asked for (title, amount in cents, currency, due
 * date, and who it was for), `fee_assignments` is each student's share of it, due until a payment
 * for it succeeds. The students are fixed when the fee is issued.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('fees', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('title', 200).notNullable();
    t.integer('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.date('due_date').notNullable();
    t.string('target_kind', 16).notNullable();
    t.smallint('target_grade');
    t.string('target_section', 1);
    t.uuid('target_exam_id').references('exams.id').onDelete('SET NULL');
    t.uuid('created_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE fees
    ADD CONSTRAINT fees_amount_check CHECK (amount_cents BETWEEN 100 AND 10000000),
    ADD CONSTRAINT fees_title_check CHECK (length(btrim(title)) > 0),
    ADD CONSTRAINT fees_target_kind_check CHECK (target_kind IN ('students','class','exam')),
    ADD CONSTRAINT fees_target_grade_check CHECK (target_grade IS NULL OR target_grade BETWEEN 1 AND 12),
    ADD CONSTRAINT fees_target_section_check CHECK (target_section IS NULL OR target_section IN ('A','B','C','D')),
    ADD CONSTRAINT fees_class_has_grade CHECK (target_kind <> 'class' OR target_grade IS NOT NULL)`);
  await knex.raw('CREATE INDEX fees_created_idx ON fees (created_at DESC)');

  await knex.schema.createTable('fee_assignments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('fee_id').notNullable().references('fees.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('status', 8).notNullable().defaultTo('due');
    t.timestamp('paid_at', { useTz: true });
    // The payment that paid it and who paid (the student or a parent); payments outlive accounts.
    t.uuid('payment_id').references('payments.id').onDelete('SET NULL');
    t.uuid('paid_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['fee_id', 'student_id']);
  });
  await knex.raw(`ALTER TABLE fee_assignments
    ADD CONSTRAINT fee_assignments_status_check CHECK (status IN ('due','paid')),
    ADD CONSTRAINT fee_assignments_paid_at_check CHECK ((status = 'paid') = (paid_at IS NOT NULL))`);
  await knex.raw('CREATE INDEX fee_assignments_student_idx ON fee_assignments (student_id, status)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('fee_assignments');
  await knex.schema.dropTableIfExists('fees');
}
