import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { EXAM_MSG, formatDateTime, formatMoney, PAYMENT_MSG, zoneLabel, type CardBrand, type createPaymentSchema, type PaymentNextAction } from '@exam/shared';
import type { Deps } from '../../deps';
import { AppError, Errors } from '../../errors';
import { presentPayment, type PaymentRow } from '../../presenters/payment';
import { translate } from '../../i18n/translator';
import { escapeHtml } from '../mail';
import { notify } from '../notifications';
import { getSettings } from '../settings';
import type { ChargeResult, PaymentGateway, ProviderEvent } from './provider';

type CreatePayment = z.output<typeof createPaymentSchema>;

export interface CreatedPayment {
  row: PaymentRow;
  /** Stripe: the secret Stripe.js confirms the card payment with. */
  clientSecret: string | null;
  /** A pending payment's card step; null once the payment has ended. */
  nextAction: PaymentNextAction | null;
}

/** What a pending payment still needs: the sandbox's confirm call, or Stripe.js with the client secret. */
export function nextActionFor(gateway: PaymentGateway, row: PaymentRow, clientSecret: string | null): PaymentNextAction | null {
  if (row.status !== 'pending') return null;
  if (row.provider === 'sandbox') return { type: 'sandbox_card', confirmPath: `/api/payments/${row.id}/confirm` };
  return clientSecret ? { type: 'stripe_card', clientSecret, publishableKey: gateway.publishableKey } : null;
}

/** A retried request must be the same request: the key names one payment, not any payment. */
function requestHash(input: CreatePayment, feeAssignmentId: string | null): string {
  const parts: unknown[] = [Math.round(input.amount * 100), input.description, input.examId ?? null, input.card?.last4 ?? null];
  if (feeAssignmentId) parts.push(feeAssignmentId);
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** A fee payment left pending this long (a payer who opened the card step and went away) no longer holds the fee. */
export const ABANDONED_PAYMENT_MINUTES = 30;

/**
 * Ends another payer's pending payment of a fee when it was abandoned, so the fee can be paid:
 * cancelled at the provider first (a Stripe intent that can no longer be cancelled has been or is
 * being charged, and keeps the fee), then marked failed only if it is still pending. True when the
 * fee is free again.
 */
async function releaseAbandoned(deps: Deps, gateway: PaymentGateway, open: PaymentRow): Promise<boolean> {
  if (open.status !== 'pending' || Date.now() - new Date(open.created_at).getTime() < ABANDONED_PAYMENT_MINUTES * 60_000) return false;
  if (open.provider !== gateway.name) return false;
  try {
    if (open.provider_ref) await gateway.cancel(open.provider_ref);
  } catch (err) {
    deps.log.warn({ err, paymentId: open.id }, 'abandoned fee payment could not be cancelled at the provider');
    return false;
  }
  const ended = await deps.db('payments')
    .where({ id: open.id, status: 'pending' })
    .update({ status: 'failed', failure_reason: ABANDONED_REASON, failed_at: deps.db.fn.now(), updated_at: deps.db.fn.now() });
  return ended === 1;
}

const ABANDONED_REASON = 'Left unfinished; another payer paid the fee.';

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/**
 * Creates a payment and asks the provider to charge it. With an Idempotency-Key, a second request
 * (a retry, a double click, another node) gets the first payment back instead of a second charge:
 * the unique index on (payer, key) decides, so it holds across nodes.
 */
export async function createPayment(
  deps: Deps,
  gateway: PaymentGateway,
  payerId: string,
  input: CreatePayment,
  idempotencyKey?: string,
  opts: { feeAssignmentId?: string; currency?: string } = {},
): Promise<CreatedPayment> {
  const feeAssignmentId = opts.feeAssignmentId ?? null;
  const hash = requestHash(input, feeAssignmentId);
  if (input.examId) {
    const exam = (await deps.db('exams').where({ id: input.examId }).first('id')) as { id: string } | undefined;
    if (!exam) throw Errors.badRequest(EXAM_MSG.examNotFound, 'examId');
  }
  /** The payment an earlier request made (same key, or this payer's open payment of the fee), with its card step. */
  const resume = async (existing: PaymentRow): Promise<CreatedPayment> => {
    const clientSecret = existing.status === 'pending' && existing.provider_ref ? await gateway.clientSecret(existing.provider_ref).catch(() => null) : null;
    return { row: existing, clientSecret, nextAction: nextActionFor(gateway, existing, clientSecret) };
  };
  const byKey = async () => {
    if (!idempotencyKey) return undefined;
    const existing = (await deps.db('payments').where({ user_id: payerId, idempotency_key: idempotencyKey }).first()) as PaymentRow | undefined;
    if (existing && existing.request_hash !== hash) throw Errors.conflict(PAYMENT_MSG.idempotencyMismatch);
    return existing;
  };
  if (feeAssignmentId) {
    const again = await byKey();
    if (again) return resume(again);
    // One open or succeeded payment per fee (the database's unique index holds it across nodes):
    // the payer's own open one is resumed rather than a second started beside it.
    const open = (await deps.db('payments').where({ fee_assignment_id: feeAssignmentId }).whereIn('status', ['pending', 'succeeded']).first()) as PaymentRow | undefined;
    if (open?.status === 'succeeded') throw Errors.conflict(PAYMENT_MSG.feeAlreadyPaid);
    if (open && open.user_id === payerId && open.provider === gateway.name) return resume(open);
    if (open && !(await releaseAbandoned(deps, gateway, open))) throw Errors.conflict(PAYMENT_MSG.feeInProgress);
  }
  let inserted: { rows: PaymentRow[] };
  try {
    inserted = (await deps.db.raw(
      `INSERT INTO payments (user_id, exam_id, amount_cents, currency, description, type, payment_method, provider, status, card_brand, card_last4, idempotency_key, request_hash, fee_assignment_id)
       VALUES (?, ?, ?, ?, ?, 'exam', 'stripe', ?, 'pending', ?, ?, ?, ?, ?)
       ON CONFLICT (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING *`,
      [
        payerId,
        input.examId ?? null,
        Math.round(input.amount * 100),
        opts.currency ?? deps.config.payments.currency,
        input.description,
        gateway.name,
        input.card?.brand ?? null,
        input.card?.last4 ?? null,
        idempotencyKey ?? null,
        hash,
        feeAssignmentId,
      ],
    )) as { rows: PaymentRow[] };
  } catch (err) {
    // Another request for the same fee won the race: the same request (its key) gets its payment.
    if (!feeAssignmentId || !isUniqueViolation(err)) throw err;
    const again = await byKey();
    if (again) return resume(again);
    throw Errors.conflict(PAYMENT_MSG.feeInProgress);
  }
  const fresh = inserted.rows[0];
  if (!fresh) return resume((await byKey())!);

  let result: ChargeResult;
  try {
    result = await gateway.charge({
      paymentId: fresh.id,
      amountCents: fresh.amount_cents,
      currency: fresh.currency,
      description: fresh.description,
      card: input.card ? { brand: input.card.brand as CardBrand, last4: input.card.last4 } : undefined,
    });
  } catch (err) {
    deps.log.error({ err, paymentId: fresh.id }, 'payment provider call failed');
    const [failed] = (await deps.db('payments')
      .where({ id: fresh.id, status: 'pending' })
      .update({ status: 'failed', failure_reason: 'The payment provider could not be reached.', failed_at: deps.db.fn.now(), updated_at: deps.db.fn.now() })
      .returning('*')) as PaymentRow[];
    return { row: failed ?? fresh, clientSecret: null, nextAction: null };
  }

  if (result.status === 'pending') {
    const [row] = (await deps.db('payments').where({ id: fresh.id }).update({ provider_ref: result.providerRef, updated_at: deps.db.fn.now() }).returning('*')) as PaymentRow[];
    return { row: row!, clientSecret: result.clientSecret, nextAction: nextActionFor(gateway, row!, result.clientSecret) };
  }
  await deps.db('payments').where({ id: fresh.id }).update({ provider_ref: result.providerRef });
  const row =
    result.status === 'succeeded'
      ? await settle(deps, fresh.id, { kind: 'succeeded' })
      : await settle(deps, fresh.id, { kind: 'failed', failureReason: result.failureReason });
  return { row: row ?? fresh, clientSecret: null, nextAction: null };
}

/**
 * The sandbox's card step for a pending payment (one made without a card). Only its payer may take
 * it. Confirming a payment that already succeeded charges nothing and tells nobody again: the
 * state moves once (settle), so a double click or a retry returns the same succeeded payment.
 */
export async function confirmPayment(
  deps: Deps,
  gateway: PaymentGateway,
  payerId: string,
  paymentId: string,
  card: { brand: CardBrand; last4: string },
): Promise<PaymentRow> {
  const row = (await deps.db('payments').where({ id: paymentId }).first()) as PaymentRow | undefined;
  if (!row || row.user_id !== payerId) throw Errors.notFound(PAYMENT_MSG.notFound);
  if (row.provider !== 'sandbox' || !gateway.confirmCard) throw Errors.conflict(PAYMENT_MSG.confirmWithStripe);
  if (row.status === 'succeeded') return row;
  if (row.status !== 'pending') throw Errors.conflict(PAYMENT_MSG.notPending);
  const outcome = gateway.confirmCard(card);
  const settled =
    outcome.status === 'succeeded'
      ? await settle(deps, row.id, { kind: 'succeeded', card })
      : await settle(deps, row.id, { kind: 'failed', failureReason: outcome.failureReason, card });
  return settled ?? row;
}

type Outcome =
  | { kind: 'succeeded'; card?: { brand: CardBrand; last4: string } }
  | { kind: 'failed'; failureReason: string; card?: { brand: CardBrand; last4: string } }
  | { kind: 'refunded' };

/**
 * Moves a payment to its next state, once: pending → succeeded | failed, succeeded → refunded.
 * A repeated webhook finds the state already moved and changes nothing (and tells nobody twice).
 */
async function settle(deps: Deps, paymentId: string, outcome: Outcome): Promise<PaymentRow | undefined> {
  const now = deps.db.fn.now();
  const card = outcome.kind !== 'refunded' && outcome.card ? { card_brand: outcome.card.brand, card_last4: outcome.card.last4 } : {};
  // The payment and the fee it pays move together, or neither does.
  const updated = await deps.db.transaction(async (trx) => {
    const q = trx('payments').where({ id: paymentId });
    let rows: PaymentRow[];
    if (outcome.kind === 'succeeded') {
      rows = (await q.andWhere({ status: 'pending' }).update({ status: 'succeeded', succeeded_at: now, updated_at: now, ...card }).returning('*')) as PaymentRow[];
    } else if (outcome.kind === 'failed') {
      rows = (await q.andWhere({ status: 'pending' }).update({ status: 'failed', failure_reason: outcome.failureReason.slice(0, 255), failed_at: now, updated_at: now, ...card }).returning('*')) as PaymentRow[];
    } else {
      rows = (await q.andWhere({ status: 'succeeded' }).update({ status: 'refunded', refunded_at: now, updated_at: now }).returning('*')) as PaymentRow[];
    }
    const moved = rows[0];
    if (moved?.fee_assignment_id && moved.status === 'succeeded') await markFeePaid(trx, moved);
    // A refunded fee is owed again.
    if (moved?.fee_assignment_id && moved.status === 'refunded') await markFeeDue(trx, moved);
    return rows;
  });
  const row = updated[0];
  if (!row) return (await deps.db('payments').where({ id: paymentId }).first()) as PaymentRow | undefined;
  if (row.status === 'succeeded') await tellPayer(deps, row, 'receipt');
  if (row.status === 'refunded') await tellPayer(deps, row, 'refund');
  return row;
}

/** A fee is paid once: by the first payment of it that succeeds (the unique index allows no other). */
async function markFeePaid(trx: Knex.Transaction, payment: PaymentRow): Promise<void> {
  await trx('fee_assignments')
    .where({ id: payment.fee_assignment_id!, status: 'due' })
    .update({ status: 'paid', paid_at: payment.succeeded_at ?? trx.fn.now(), payment_id: payment.id, paid_by: payment.user_id, updated_at: trx.fn.now() });
}

async function markFeeDue(trx: Knex.Transaction, payment: PaymentRow): Promise<void> {
  await trx('fee_assignments')
    .where({ id: payment.fee_assignment_id!, status: 'paid', payment_id: payment.id })
    .update({ status: 'due', paid_at: null, payment_id: null, paid_by: null, updated_at: trx.fn.now() });
}

/** The provider's signed word on a payment (Stripe's webhook). */
export async function applyProviderEvent(deps: Deps, gateway: PaymentGateway, event: ProviderEvent): Promise<void> {
  if (event.kind === 'ignored') return;
  const row = (await deps.db('payments').where({ provider: gateway.name, provider_ref: event.providerRef }).first('id')) as { id: string } | undefined;
  if (!row) {
    deps.log.warn({ providerRef: event.providerRef }, 'webhook for an unknown payment');
    return;
  }
  await settle(deps, row.id, event);
}

/** Admins refund a succeeded payment through its provider; the payer is told. */
export async function refundPayment(deps: Deps, gateway: PaymentGateway, paymentId: string): Promise<PaymentRow> {
  const row = (await deps.db('payments').where({ id: paymentId }).first()) as PaymentRow | undefined;
  if (!row) throw Errors.notFound(PAYMENT_MSG.notFound);
  if (row.status !== 'succeeded' || !row.provider_ref) throw Errors.conflict(PAYMENT_MSG.notRefundable);
  if (row.provider !== gateway.name) throw Errors.conflict(`This payment was made with ${row.provider}, which is not configured now.`);
  try {
    await gateway.refund(row.id, row.provider_ref);
  } catch (err) {
    deps.log.error({ err, paymentId }, 'refund failed at the provider');
    throw new AppError(502, 'provider-error', PAYMENT_MSG.refundRefused);
  }
  return (await settle(deps, row.id, { kind: 'refunded' }))!;
}

/** A receipt or a refund note: live, and by e-mail with the amount, description, date and reference, in the payer's language. */
async function tellPayer(deps: Deps, row: PaymentRow, what: 'receipt' | 'refund'): Promise<void> {
  if (!row.user_id) return;
  const payer = (await deps.db('users').where({ id: row.user_id }).first('email', 'first_name')) as { email: string; first_name: string } | undefined;
  const p = presentPayment(row);
  const { preferences } = await getSettings(deps.db, row.user_id);
  const language = preferences.language;
  const amount = formatMoney(p.amount, p.currency, language);
  const when = new Date(what === 'receipt' ? p.succeededAt! : p.refundedAt!);
  const link = `${deps.config.publicUrl}/payment?receipt=${row.id}`;
  const kind = what === 'receipt' ? 'paymentReceived' : 'paymentRefunded';
  // The amount is written in the reader's language when the notification is read.
  const values = { amount: { money: p.amount, currency: p.currency }, description: p.description, reference: p.reference };
  await notify(deps, [row.user_id], {
    type: 'payment',
    title: { key: `${kind}.title` },
    message: { key: `${kind}.message`, values },
    actionUrl: `/payment?receipt=${row.id}`,
    metadata: { paymentId: row.id, amount: p.amount, currency: p.currency, reference: p.reference, status: p.status },
  });
  if (!payer) return;
  const t = (key: string, v?: Record<string, unknown>) => translate(language, key, v);
  const title = t(`notices:${kind}.title`);
  const message = t(`notices:${kind}.message`, { ...values, amount });
  // The date as the payer reads dates: their zone, date and time formats.
  const lines: [string, string][] = [
    [t('emails:payment.amount'), amount],
    [t('emails:payment.description'), p.description],
    [t('emails:payment.date'), `${formatDateTime(when, preferences)} ${zoneLabel(when, preferences)}`],
    [t('emails:payment.reference'), p.reference],
    ...(p.card ? ([[t('emails:payment.card'), t('emails:payment.cardEnding', { brand: p.card.brand, last4: p.card.last4 })]] as [string, string][]) : []),
    ...(p.provider === 'sandbox' ? ([[t('emails:payment.note'), t('emails:payment.sandbox')]] as [string, string][]) : []),
  ];
  const greeting = t('emails:greeting', { name: payer.first_name });
  const view = t('emails:payment.view');
  const text = `${greeting}\n\n${message}\n\n${lines.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${view}: ${link}\n`;
  const html = `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(message)}</p><table>${lines
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table><p><a href="${escapeHtml(link)}">${escapeHtml(view)}</a></p>`;
  deps.mailer.sendInBackground({ to: payer.email, subject: t('emails:payment.subject', { title, amount, reference: p.reference }), text, html, link });
}
