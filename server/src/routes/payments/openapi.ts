import { createPaymentSchema, PAYMENT_MSG } from '@exam/shared';

const NEXT_ACTION =
  '`nextAction` is the card step of a pending payment (null once it has ended): `{ type: "sandbox_card", confirmPath }` (POST `{ card: { brand, last4 } }` there) or `{ type: "stripe_card", clientSecret, publishableKey }` (Stripe.js confirms; the webhook settles). Nothing is charged, and no receipt sent, until the card step succeeds.';
import type { RouteDocs } from '../../openapi/types';

export const paymentDocs: RouteDocs = {
  'GET /payments/config': {
    summary: 'Which provider takes payments (sandbox or Stripe), the currency, Stripe’s publishable key, and whether the school takes amounts of the payer’s choosing',
    data: '`{ provider, currency, publishableKey, allowFreeAmounts }` (`allowFreeAmounts` is the admin setting `payments.allowFreeAmounts` of the platform settings)',
  },
  'GET /payments': { summary: 'Payment history: the caller’s own; admins everyone’s, with filters', data: '`{ payments, total, currentPage, totalPages }`' },
  'POST /payments': {
    summary: 'Pay an amount of the payer’s choosing (when the school allows it)',
    description:
      'Send an `Idempotency-Key` header: a retry with the same key returns the first payment instead of charging again. `card` is optional. Without it (as the original client sends it: amount, paymentMethod, type, description) the payment is created `pending` and the answer says what comes next. ' +
      NEXT_ACTION +
      ' Sandbox with `card: { brand, last4 }` (never the number): charged at once with the test card. Refused with 403 when the school takes payment only for the fees it issues (platform setting `payments.allowFreeAmounts`).',
    body: createPaymentSchema,
    status: 201,
    data: '`{ payment, clientSecret, nextAction }`: `payment.status` is `pending` (card step to come), or `succeeded`',
    errors: { 402: PAYMENT_MSG.failed, 403: PAYMENT_MSG.freeAmountsOff, 409: PAYMENT_MSG.idempotencyMismatch },
  },
  'POST /payments/:id/confirm': {
    summary: 'Sandbox: the card step of a pending payment, with a test card (the payer’s own payment)',
    description:
      'Body `{ card: { brand, last4 } }`: 4242 succeeds, 0002 is declined, 9995 fails for insufficient funds. The receipt is sent once, when the payment succeeds; confirming a payment that already succeeded returns it unchanged, charging nothing and sending nothing. With Stripe, Stripe.js confirms instead (409).',
    data: '`{ payment }`',
    errors: { 402: PAYMENT_MSG.failed, 404: PAYMENT_MSG.notFound, 409: PAYMENT_MSG.notPending },
  },
  'GET /payments/:id': {
    summary: 'One payment (a receipt); for its payer, a pending payment’s card step',
    description: NEXT_ACTION,
    data: '`{ payment, nextAction }`',
    errors: { 404: PAYMENT_MSG.notFound },
  },
  'GET /payments/fees': {
    summary: 'Fees: what is due and what was paid. Admins see every student’s; a student their own; a parent their accepted children’s',
    description: 'Due fees first (soonest due date first), then paid ones. A fee paid by a parent shows as paid to the student too, with `paidBy`.',
    data: '`{ fees: [{ _id, feeId, title, amount, currency, dueDate, status: "due" | "paid", student, paidAt, paidBy, payment, target, createdAt }], total, currentPage, totalPages }`',
  },
  'POST /payments/fees': {
    summary: 'Issue a fee (admins): to chosen students, to a class (a grade, optionally one section), or to an exam’s students',
    description:
      '`target` is `{ kind: "students", studentIds }`, `{ kind: "class", grade, section? }` or `{ kind: "exam", examId }` (the exam’s eligible list, or every student of its grade when it has none). Each active student it names owes the fee, in the school’s currency, from now on.',
    status: 201,
    data: '`{ feeId, assigned }`: the fee and how many students owe it',
    errors: { 400: PAYMENT_MSG.feeNoStudents },
  },
  'GET /payments/fees/:id': { summary: 'One student’s fee, to those who may see it', data: '`{ fee }`', errors: { 404: PAYMENT_MSG.feeNotFound } },
  'POST /payments/fees/:id/pay': {
    summary: 'Pay a fee (the student, or a parent with an accepted link): a payment of its amount, in its currency',
    description:
      'Send an `Idempotency-Key`. The answer is the payment, as for POST /payments. ' +
      NEXT_ACTION +
      ' The fee is marked paid when the payment succeeds, once. The payer’s own pending payment of the fee is returned rather than a second one.',
    status: 201,
    data: '`{ payment, clientSecret, nextAction }`',
    errors: { 402: PAYMENT_MSG.failed, 404: PAYMENT_MSG.feeNotFound, 409: PAYMENT_MSG.feeAlreadyPaid },
  },
  'POST /payments/:id/refund': { summary: 'Refund a succeeded payment through its provider; the payer is told', data: '`{ payment }`', errors: { 409: PAYMENT_MSG.notRefundable } },
  'POST /payments/webhook': {
    summary: 'Stripe’s webhook (signed): the only thing that settles a Stripe payment',
    description: 'Events: payment_intent.succeeded, payment_intent.payment_failed, charge.refunded. 404 when the sandbox is in use.',
    errors: { 400: 'Invalid webhook signature.' },
  },
};
