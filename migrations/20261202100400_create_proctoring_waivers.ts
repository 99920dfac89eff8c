import type { Knex } from 'knex';

/**
 * Accommodations: a check a teacher or admin waived for one student in one exam (no camera, no
 * voice check, a screen reader in use). One row per check, so granting twice changes nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('proctoring_waivers', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('check', 24).notNullable();
    t.string('reason', 200);
    t.uuid('granted_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['exam_id', 'student_id', 'check']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('proctoring_waivers');
}
