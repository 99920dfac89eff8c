import type { Knex } from 'knex';

/**
 * A student's acceptance of what an exam's proctoring checks and keeps (issue 58). The summary they
 * read is stored as it was, and its hash names the version: a teacher who changes the checks asks
 * every student again.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('proctoring_consents', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('profile_hash', 64).notNullable();
    t.jsonb('summary').notNullable();
    t.timestamp('accepted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['exam_id', 'student_id', 'profile_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('proctoring_consents');
}
