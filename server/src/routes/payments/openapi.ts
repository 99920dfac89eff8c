import { createPaymentSchema, PAYMENT_MSG } from '@exam/shared';
import type { RouteDocs } from '../../openapi/types';

export const paymentDocs: RouteDocs = {
  'GET /payments/config': { summary: 'Which provider takes payments (sandbox or Stripe), the currency, and Stripe’s publishable key', data: '`{ provider, currency, publishableKey }`' },
  'GET /payments': { summary: 'Payment history: the caller’s own; admins everyone’s, with filters', data: '`{ payments, total, currentPage, totalPages }`' },
  'POST /payments': {
    summary: 'Pay',
    description:
      'Send an `Idempotency-Key` header: a retry with the same key returns the first payment instead of charging again. Sandbox: send `card: { brand, last4 }` (never the number). Stripe: the answer carries `clientSecret` for Stripe.js; the webhook settles the payment.',
    body: createPaymentSchema,
    status: 201,
    data: '`{ payment, clientSecret }`',
    errors: { 402: PAYMENT_MSG.failed, 409: PAYMENT_MSG.idempotencyMismatch },
  },
  'GET /payments/:id': { summary: 'One payment (a receipt)', data: '`{ payment }`', errors: { 404: PAYMENT_MSG.notFound } },
  'POST /payments/:id/refund': { summary: 'Refund a succeeded payment through its provider; the payer is told', data: '`{ payment }`', errors: { 409: PAYMENT_MSG.notRefundable } },
  'POST /payments/webhook': {
    summary: 'Stripe’s webhook (signed): the only thing that settles a Stripe payment',
    description: 'Events: payment_intent.succeeded, payment_intent.payment_failed, charge.refunded. 404 when the sandbox is in use.',
    errors: { 400: 'Invalid webhook signature.' },
  },
};
