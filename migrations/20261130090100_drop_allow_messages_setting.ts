import type { Knex } from 'knex';

/**
 * The privacy switch "Allow messages" is gone: the product has no messages between users for it to
 * govern (a proctor's message during an exam always reaches the student; the contact form writes to
 * the school). Stored choices of it are dropped so no row keeps a setting nothing reads.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`UPDATE user_settings SET settings = settings #- '{privacy,allowMessages}' WHERE settings->'privacy'->'allowMessages' IS NOT NULL`);
}

/** Back to the old shape: the switch at its old default (on) where privacy choices are stored; the choices made are not recoverable. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `UPDATE user_settings SET settings = jsonb_set(settings, '{privacy,allowMessages}', 'true'::jsonb) WHERE jsonb_typeof(settings->'privacy') = 'object' AND settings->'privacy'->'allowMessages' IS NULL`,
  );
}
