import type { Knex } from 'knex';

/**
 * Accommodations (issue 56): the student's own, applied to every exam, and an exam's own for a
 * student, which replaces theirs in that exam. The attempt keeps the multiplier its deadline was
 * made with, so the board and the timeline say why this student's clock runs longer.
 */
const columns = (knex: Knex, t: Knex.CreateTableBuilder) => {
  t.decimal('time_multiplier', 4, 2).notNullable().defaultTo(1);
  t.integer('rest_break_minutes').notNullable().defaultTo(0);
  t.boolean('breaks_automatic').notNullable().defaultTo(false);
  t.jsonb('waived_checks').notNullable().defaultTo(knex.raw("'[]'::jsonb"));
  t.boolean('reduced_distraction').notNullable().defaultTo(false);
  t.boolean('larger_text').notNullable().defaultTo(false);
  t.text('note').notNullable().defaultTo('');
  // Kept when the staff member's account goes.
  t.uuid('updated_by').references('users.id').onDelete('SET NULL');
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('student_accommodations', (t) => {
    t.uuid('student_id').primary().references('users.id').onDelete('CASCADE');
    columns(knex, t);
  });
  await knex.schema.createTable('exam_accommodations', (t) => {
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    columns(knex, t);
    t.primary(['exam_id', 'student_id']);
  });
  await knex.schema.alterTable('attempts', (t) => {
    t.decimal('time_multiplier', 4, 2).notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('time_multiplier');
  });
  await knex.schema.dropTableIfExists('exam_accommodations');
  await knex.schema.dropTableIfExists('student_accommodations');
}
