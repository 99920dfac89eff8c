import type { Knex } from 'knex';

/**
 * Answers given some but not all of their points (an essay marked 3 of 5) count as partially
 * correct, not incorrect. Graded attempts are recounted from their answers so old results show
 * the same split as new ones.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('attempts', (t) => {
    t.integer('partial_count');
  });
  await knex.raw(`
    update attempts as a set partial_count = p.n, incorrect_count = greatest(0, coalesce(a.incorrect_count, 0) - p.n)
      from (
        select an.attempt_id, count(*)::int as n
          from answers an join questions q on q.id = an.question_id
         where an.marks is not null and an.marks > 0 and an.marks < q.points
         group by an.attempt_id
      ) as p
     where p.attempt_id = a.id and a.status <> 'in_progress'`);
  await knex.raw("update attempts set partial_count = 0 where partial_count is null and status <> 'in_progress'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('update attempts set incorrect_count = coalesce(incorrect_count, 0) + coalesce(partial_count, 0) where partial_count is not null');
  await knex.schema.alterTable('attempts', (t) => t.dropColumn('partial_count'));
}
