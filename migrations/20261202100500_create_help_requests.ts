import type { Knex } from 'knex';

/** A student who cannot pass a required check asks the proctor for help; open until a proctor resolves it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('help_requests', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    t.uuid('student_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('check', 24).notNullable();
    t.string('note', 300);
    t.string('status', 10).notNullable().defaultTo('open');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.uuid('resolved_by').references('users.id').onDelete('SET NULL');
    t.timestamp('resolved_at', { useTz: true });
  });
  await knex.raw(`ALTER TABLE help_requests ADD CONSTRAINT help_requests_status_check CHECK (status in ('open', 'resolved'))`);
  await knex.raw('CREATE INDEX help_requests_exam_status_idx ON help_requests (exam_id, status)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('help_requests');
}
