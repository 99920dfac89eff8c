import type { Knex } from 'knex';

/**
 * LTI 1.3 with LTI Advantage (issue 54): the platforms (LMSs) an admin registered, our own signing
 * keys, the one-use state of each OIDC login and the nonces already seen, the link between an LMS
 * identity and our account, each resource link (an LMS activity) and the exam it opens, who is in
 * its course, the one-use ticket that turns a launch into a session, and the grade posts waiting
 * for or sent to the LMS.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lti_platforms', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.string('name', 200).notNullable();
    t.string('issuer', 500).notNullable();
    t.string('client_id', 500).notNullable();
    // The deployments of the tool this platform may launch from (strings, as the platform names them).
    t.jsonb('deployment_ids').notNullable().defaultTo('[]');
    t.string('auth_login_url', 1000).notNullable();
    t.string('auth_token_url', 1000).notNullable();
    // Some platforms (Moodle) want another audience than the token URL in the client assertion.
    t.string('auth_token_audience', 1000);
    t.string('keyset_url', 1000).notNullable();
    // 'manual' or 'dynamic' (LTI Dynamic Registration).
    t.string('registered_by', 16).notNullable().defaultTo('manual');
    t.boolean('active').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // Canvas Cloud uses one issuer for every school: a platform is its issuer and client id together.
  await knex.raw('CREATE UNIQUE INDEX lti_platforms_issuer_client_idx ON lti_platforms (issuer, client_id)');

  await knex.schema.createTable('lti_keys', (t) => {
    t.string('kid', 64).primary();
    t.jsonb('public_jwk').notNullable();
    t.jsonb('private_jwk').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // A rotated-out key is still published (platforms cache keysets) until it is removed.
    t.timestamp('retired_at', { useTz: true });
  });

  await knex.schema.createTable('lti_login_states', (t) => {
    // Hash of the state value sent to the platform (the browser holds the value in a cookie too).
    t.string('state_hash', 64).primary();
    t.string('nonce', 128).notNullable();
    t.uuid('platform_id').notNullable().references('lti_platforms.id').onDelete('CASCADE');
    // What the login asked, kept to restart it in a new window when the frame blocks cookies.
    t.jsonb('login_params').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });

  await knex.schema.createTable('lti_nonces', (t) => {
    t.uuid('platform_id').notNullable().references('lti_platforms.id').onDelete('CASCADE');
    t.string('nonce', 255).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['platform_id', 'nonce']);
  });

  await knex.schema.createTable('lti_users', (t) => {
    t.uuid('platform_id').notNullable().references('lti_platforms.id').onDelete('CASCADE');
    // The LMS's `sub` for the person: stable and opaque.
    t.string('sub', 255).notNullable();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_launch_at', { useTz: true });
    t.primary(['platform_id', 'sub']);
  });
  await knex.raw('CREATE INDEX lti_users_user_idx ON lti_users (user_id)');

  await knex.schema.createTable('lti_links', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('platform_id').notNullable().references('lti_platforms.id').onDelete('CASCADE');
    t.string('deployment_id', 255).notNullable();
    t.string('resource_link_id', 255).notNullable();
    t.string('context_id', 255);
    t.string('context_title', 500);
    t.uuid('exam_id').notNullable().references('exams.id').onDelete('CASCADE');
    // Assignment and Grade Services: the line item of this link, or where to create one.
    t.string('lineitem_url', 1000);
    t.string('lineitems_url', 1000);
    t.jsonb('ags_scopes').notNullable().defaultTo('[]');
    // Names and Role Provisioning: the course's membership URL.
    t.string('memberships_url', 1000);
    t.timestamp('roster_synced_at', { useTz: true });
    t.string('roster_error', 1000);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE UNIQUE INDEX lti_links_resource_idx ON lti_links (platform_id, deployment_id, resource_link_id)');
  await knex.raw('CREATE INDEX lti_links_exam_idx ON lti_links (exam_id)');

  // Who is in each link's course (from its roster and from launches): whose scores go back through it.
  await knex.schema.createTable('lti_link_members', (t) => {
    t.uuid('link_id').notNullable().references('lti_links.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.string('sub', 255).notNullable();
    // 'Learner' or 'Instructor' (the LTI role that matters here); 'Inactive' once gone from the roster.
    t.string('role', 16).notNullable();
    t.string('status', 12).notNullable().defaultTo('Active');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['link_id', 'user_id']);
  });

  await knex.schema.createTable('lti_launch_tickets', (t) => {
    t.string('token_hash', 64).primary();
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // What the browser opens once signed in: an exam, or the deep-linking picker.
    t.jsonb('target').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
  });

  await knex.schema.createTable('lti_grade_posts', (t) => {
    t.bigIncrements('id');
    t.uuid('link_id').notNullable().references('lti_links.id').onDelete('CASCADE');
    t.uuid('attempt_id').notNullable().references('attempts.id').onDelete('CASCADE');
    // The LMS's user id (`sub`) the score is for.
    t.string('lti_user_id', 255).notNullable();
    // The score as last computed; a newer one replaces it while it waits.
    t.jsonb('payload').notNullable();
    t.string('status', 12).notNullable().defaultTo('pending');
    t.integer('tries').notNullable().defaultTo(0);
    t.string('last_error', 1000);
    t.timestamp('next_try_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('sent_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE lti_grade_posts ADD CONSTRAINT lti_grade_posts_status_check CHECK (status in ('pending', 'sent', 'failed'))`);
  await knex.raw('CREATE UNIQUE INDEX lti_grade_posts_attempt_idx ON lti_grade_posts (link_id, attempt_id)');
  await knex.raw(`CREATE INDEX lti_grade_posts_due_idx ON lti_grade_posts (next_try_at) WHERE status <> 'sent'`);
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['lti_grade_posts', 'lti_launch_tickets', 'lti_link_members', 'lti_links', 'lti_users', 'lti_nonces', 'lti_login_states', 'lti_keys', 'lti_platforms']) {
    await knex.schema.dropTableIfExists(table);
  }
}
