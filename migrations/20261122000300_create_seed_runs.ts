import type { Knex } from 'knex';

/** Records which seeds have run, so `npm start` seeds demo data exactly once. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('seed_runs', (t) => {
    t.string('name', 64).primary();
    t.timestamp('ran_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('seed_runs');
}
