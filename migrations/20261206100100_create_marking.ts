import type { Knex } from 'knex';

/**
 * Marking a whole class (issue 55): rubrics on questions and in each teacher's library, the
 * levels an answer was marked with, a version per answer so two teachers marking at once never
 * overwrite each other, and each teacher's comment bank.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('questions', (t) => {
    // A copy, not a reference: editing a library rubric never changes what a marked question meant.
    t.jsonb('rubric');
  });
  await knex.schema.alterTable('answers', (t) => {
    // { rubric, chosen }: the rubric as it stood when the answer was marked, and the level per criterion.
    t.jsonb('rubric_assessment');
    // Raised by every teacher's save of this answer's marks; a save naming an older one is refused.
    t.integer('mark_version').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('rubrics', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('title', 200).notNullable();
    t.jsonb('rubric').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_id', 'title']);
  });
  await knex.schema.createTable('marking_comments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('owner_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('text').notNullable();
    t.integer('use_count').notNullable().defaultTo(0);
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['owner_id', 'use_count']);
  });
  // Each text once per teacher; by its hash, as a 2000-character text can outgrow an index entry.
  await knex.raw('CREATE UNIQUE INDEX marking_comments_owner_text_unique ON marking_comments (owner_id, md5(text))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('marking_comments');
  await knex.schema.dropTableIfExists('rubrics');
  await knex.schema.alterTable('answers', (t) => {
    t.dropColumn('rubric_assessment');
    t.dropColumn('mark_version');
  });
  await knex.schema.alterTable('questions', (t) => {
    t.dropColumn('rubric');
  });
}
