import type { Knex } from 'knex';

/**
 * Violations other than tab switches and fullscreen exits (copy, paste, right-click, blocked keys),
 * counted on the attempt as the other two are. The violation's own statement keeps it, so the
 * proctor board hears a violation's whole change in its event and reads no row for it; before,
 * each violation cost the board a read of the student's row, counted from the event log.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.integer('other_violations').notNullable().defaultTo(0);
  });
  await knex.raw(`
    update attempts as a set other_violations = e.n
      from (select attempt_id, count(*)::int as n from attempt_events
             where type = 'violation' and detail->>'violation' not in ('tab-switch', 'fullscreen-exit')
             group by attempt_id) e
     where a.id = e.attempt_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.dropColumn('other_violations');
  });
}
