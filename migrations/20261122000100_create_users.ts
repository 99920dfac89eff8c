import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('email', 254).notNullable();
    t.string('password_hash', 255).notNullable();
    t.string('first_name', 100).notNullable();
    t.string('last_name', 100).notNullable();
    t.string('role', 16).notNullable();
    t.string('phone', 40);
    t.date('date_of_birth');
    t.string('address', 500);
    t.string('avatar', 500);
    t.string('student_id', 40).unique();
    t.smallint('grade');
    t.string('section', 1);
    t.string('subject', 100);
    t.string('qualification', 200);
    t.boolean('is_verified').notNullable().defaultTo(false);
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamp('last_login', { useTz: true });
    t.timestamp('password_changed_at', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.raw(`ALTER TABLE users
    ADD CONSTRAINT users_role_check CHECK (role IN ('admin','teacher','student','parent')),
    ADD CONSTRAINT users_grade_check CHECK (grade IS NULL OR grade BETWEEN 1 AND 12),
    ADD CONSTRAINT users_section_check CHECK (section IS NULL OR section IN ('A','B','C','D')),
    ADD CONSTRAINT users_email_check CHECK (email = lower(email) AND position('@' in email) > 1),
    ADD CONSTRAINT users_names_check CHECK (length(trim(first_name)) > 0 AND length(trim(last_name)) > 0)`);
  // Case-insensitive uniqueness, whatever a caller forgot to lowercase.
  await knex.raw('CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))');
  await knex.raw('CREATE INDEX users_role_idx ON users (role)');

  await knex.schema.createTable('parent_children', (t) => {
    t.uuid('parent_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('child_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('relationship', 16).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['parent_id', 'child_id']);
  });
  await knex.raw(`ALTER TABLE parent_children
    ADD CONSTRAINT parent_children_relationship_check CHECK (relationship IN ('father','mother','guardian','parent','other')),
    ADD CONSTRAINT parent_children_not_self CHECK (parent_id <> child_id)`);
  await knex.raw('CREATE INDEX parent_children_child_idx ON parent_children (child_id)');

  await knex.schema.createTable('user_settings', (t) => {
    t.uuid('user_id').primary().references('users.id').onDelete('CASCADE');
    t.jsonb('settings').notNullable().defaultTo('{}');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('user_settings');
  await knex.schema.dropTableIfExists('parent_children');
  await knex.schema.dropTableIfExists('users');
}
