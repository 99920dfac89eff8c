import type { Knex } from 'knex';

/**
 * An attempt a teacher's "release the marked results only" left out (issue 55): it still waited
 * for marks then, so the release does not cover it, even once it is marked, until the teacher
 * releases again (policies/results.ts). Without the mark, a marked-only release would let each
 * waiting essay out the moment a teacher saved its marks, which is what "release all" means.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.boolean('release_held').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('release_held');
  });
}
