import type { Knex } from 'knex';

/**
 * The admin's user search and the students list match names and e-mails by prefix, case
 * insensitively. text_pattern_ops lets `lower(x) LIKE 'term%'` use a btree whatever the database
 * collation; pg_trgm would allow infix matches but is not available in the embedded PGlite, and
 * one migration set serves both. The default list order (newest first) gets its own index.
 */
const INDEXES: [string, string][] = [
  ['users_first_name_prefix_idx', '(lower(first_name) text_pattern_ops)'],
  ['users_last_name_prefix_idx', '(lower(last_name) text_pattern_ops)'],
  ['users_full_name_prefix_idx', "(lower(first_name || ' ' || last_name) text_pattern_ops)"],
  ['users_email_prefix_idx', '(lower(email) text_pattern_ops)'],
  ['users_created_at_idx', '(created_at DESC, id)'],
  ['users_role_created_at_idx', '(role, created_at DESC, id)'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, columns] of INDEXES) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON users ${columns}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of INDEXES) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
