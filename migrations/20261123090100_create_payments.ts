import type { Knex } from 'knex';

/**
 * Payments: amounts in cents (never floats), one row per attempt to pay, with the time of each
 * state change. A card number is never stored: only its brand and last four digits.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // Financial records outlive an account: the payer is kept as a reference, cleared on erasure.
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.uuid('exam_id').references('exams.id').onDelete('SET NULL');
    t.integer('amount_cents').notNullable();
    t.string('currency', 3).notNullable();
    t.string('description', 200).notNullable();
    t.string('type', 16).notNullable().defaultTo('exam');
    t.string('payment_method', 16).notNullable().defaultTo('stripe');
    t.string('provider', 16).notNullable();
    t.string('provider_ref', 255);
    t.string('status', 16).notNullable().defaultTo('pending');
    t.string('failure_reason', 255);
    t.string('card_brand', 16);
    t.string('card_last4', 4);
    t.string('idempotency_key', 255);
    t.string('request_hash', 64);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('succeeded_at', { useTz: true });
    t.timestamp('failed_at', { useTz: true });
    t.timestamp('refunded_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE payments
    ADD CONSTRAINT payments_amount_check CHECK (amount_cents >= 100),
    ADD CONSTRAINT payments_status_check CHECK (status IN ('pending','succeeded','failed','refunded')),
    ADD CONSTRAINT payments_provider_check CHECK (provider IN ('sandbox','stripe'))`);
  // One payment per (payer, Idempotency-Key), on every node: the database decides, not a cache.
  await knex.raw('CREATE UNIQUE INDEX payments_idempotency_idx ON payments (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL');
  await knex.raw('CREATE UNIQUE INDEX payments_provider_ref_idx ON payments (provider, provider_ref) WHERE provider_ref IS NOT NULL');
  await knex.raw('CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC)');
  await knex.raw('CREATE INDEX payments_created_idx ON payments (created_at DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('payments');
}
