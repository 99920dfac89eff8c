import { paymentReference, type CardBrand, type Payment, type PaymentProvider, type PaymentStatus } from '@exam/shared';

export interface PaymentRow {
  id: string;
  user_id: string | null;
  exam_id: string | null;
  amount_cents: number;
  currency: string;
  description: string;
  type: 'exam';
  payment_method: 'stripe';
  provider: PaymentProvider;
  provider_ref: string | null;
  status: PaymentStatus;
  failure_reason: string | null;
  card_brand: CardBrand | null;
  card_last4: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  fee_assignment_id?: string | null;
  created_at: Date;
  succeeded_at: Date | null;
  failed_at: Date | null;
  refunded_at: Date | null;
  /** Joined for admins' lists. */
  payer_first_name?: string | null;
  payer_last_name?: string | null;
  payer_email?: string | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** What a payer (or an admin) sees of a payment: never the provider's secrets or our idempotency key. */
export function presentPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    reference: paymentReference(row.id),
    amount: row.amount_cents / 100,
    currency: row.currency,
    paymentMethod: row.payment_method,
    type: row.type,
    description: row.description,
    status: row.status,
    provider: row.provider,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    failureReason: row.failure_reason,
    examId: row.exam_id,
    feeId: row.fee_assignment_id ?? null,
    ...(row.payer_email !== undefined
      ? {
          payer: row.user_id && row.payer_email
            ? { _id: row.user_id, name: `${row.payer_first_name ?? ''} ${row.payer_last_name ?? ''}`.trim(), email: row.payer_email }
            : undefined,
        }
      : {}),
    createdAt: new Date(row.created_at).toISOString(),
    succeededAt: iso(row.succeeded_at),
    failedAt: iso(row.failed_at),
    refundedAt: iso(row.refunded_at),
  };
}
