import type { Knex } from 'knex';

/**
 * The one small picture kept when a check on the device raises a flag (issue 58). The bytes live in
 * the file store under `file_key`; this row says whose it is, who may open it and when it goes.
 * `expires_at` is fixed at upload from the school's retention, so the deleting job reads one index.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('proctoring_evidence', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Not a cascade: a row that outlives its attempt (a deleted account) still names its file, so
    // the retention job deletes that file too instead of leaving it in the store for good.
    t.uuid('attempt_id').references('attempts.id').onDelete('SET NULL');
    // Copied from the attempt so the access rule and the exam's list need no join.
    t.uuid('exam_id').notNullable();
    t.uuid('student_id').notNullable();
    t.uuid('flag_id').notNullable();
    t.string('kind', 32).notNullable();
    t.string('source', 8).notNullable();
    t.string('file_key', 255).notNullable().unique();
    t.integer('size').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
  await knex.raw(`ALTER TABLE proctoring_evidence ADD CONSTRAINT proctoring_evidence_source_check CHECK (source in ('camera', 'screen'))`);
  await knex.raw('CREATE INDEX proctoring_evidence_expires_idx ON proctoring_evidence (expires_at)');
  await knex.raw('CREATE INDEX proctoring_evidence_attempt_idx ON proctoring_evidence (attempt_id, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('proctoring_evidence');
}
