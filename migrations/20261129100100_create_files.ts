import type { Knex } from 'knex';

/**
 * Uploaded files (avatars, and next question images and evidence pictures) in the database every
 * node shares, instead of the disk of the node that took the upload. The default store when no
 * S3-compatible bucket is configured.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('files', (t) => {
    t.string('key', 255).primary();
    t.string('content_type', 100).notNullable();
    t.binary('bytes').notNullable();
    t.integer('size').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE files ADD CONSTRAINT files_size_check CHECK (size = octet_length(bytes))');
  // Pictures arrive compressed (WebP, JPEG, PNG): PostgreSQL's own compression of them would be
  // CPU spent for nothing, so they are stored out of line as they are.
  await knex.raw('ALTER TABLE files ALTER COLUMN bytes SET STORAGE EXTERNAL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('files');
}
