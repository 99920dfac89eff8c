import type { Knex } from 'knex';

/**
 * The dashboards' queries, each answered from an index: a teacher's pending grading (submitted
 * attempts waiting for essay marks, oldest first), the admin trends by day (sign-ups and
 * submissions over the last 30 days), and the running exams' "sitting now" counts. Sign-ups by
 * day use users_created_at_idx, which 20261123040200_index_user_search already creates.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX attempts_pending_grading_idx ON attempts (exam_id, submitted_at) WHERE status = 'submitted'");
  await knex.raw('CREATE INDEX attempts_submitted_at_idx ON attempts (submitted_at) WHERE submitted_at IS NOT NULL');
  await knex.raw("CREATE INDEX attempts_in_progress_exam_idx ON attempts (exam_id) WHERE status = 'in_progress'");
  await knex.raw('CREATE INDEX exams_created_at_idx ON exams (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS exams_created_at_idx');
  await knex.raw('DROP INDEX IF EXISTS attempts_in_progress_exam_idx');
  await knex.raw('DROP INDEX IF EXISTS attempts_submitted_at_idx');
  await knex.raw('DROP INDEX IF EXISTS attempts_pending_grading_idx');
}
