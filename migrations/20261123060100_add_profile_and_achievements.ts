import type { Knex } from 'knex';

/** A profile's bio, and the achievements users earn (stored once, when earned). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.string('bio', 1000);
  });
  await knex.schema.createTable('achievements', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('key', 40).notNullable();
    t.timestamp('earned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // What earned it (an attempt, a subject), so the profile can say why.
    t.jsonb('detail').notNullable().defaultTo('{}');
    t.primary(['user_id', 'key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('achievements');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('bio');
  });
}
