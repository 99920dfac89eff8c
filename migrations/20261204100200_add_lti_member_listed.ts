import type { Knex } from 'knex';

/**
 * Whether the tool put a course member on the exam's students (issue 54): the roster (or a launch)
 * lists a Learner the exam did not list yet, and takes them off again when they leave the course.
 * A student a teacher listed by hand before stays listed whatever the roster says, so the tool
 * remembers which of the two it was (exam_eligible_students has no record of who added a row).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lti_link_members', (t) => {
    t.boolean('listed').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('lti_link_members', (t) => {
    t.dropColumn('listed');
  });
}
