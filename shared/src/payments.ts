import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { SECTIONS } from './constants';
import { limitQueryField, pageQueryField } from './validation';

/**
 * Payments and the Payment Center. The old product collected card numbers
 * and faked the charge; here a card number never reaches our server: with Stripe the card goes
 * from the browser to Stripe, and in the sandbox only the brand and last four digits leave the
 * browser.
 */
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const PAYMENT_MSG = messages.payments;

/** Stripe's published test cards and what they do, in the sandbox as in Stripe's test mode. */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'fails for insufficient funds' },
] as const;

/** Amounts in the school's currency: at least 1, with at most two decimals. */
const amountSchema = z.coerce
  .number({ error: PAYMENT_MSG.amountMin })
  .refine((n) => Number.isFinite(n) && n >= 1, PAYMENT_MSG.amountMin)
  .refine((n) => n <= 100_000, PAYMENT_MSG.amountMax)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, PAYMENT_MSG.amountDecimals);

export const createPaymentSchema = z.object({
  amount: amountSchema,
  paymentMethod: z.literal('stripe').default('stripe'),
  type: z.literal('exam').default('exam'),
  description: z.string({ error: PAYMENT_MSG.descriptionRequired }).trim().min(1, PAYMENT_MSG.descriptionRequired).max(200),
  examId: z.uuid().optional(),
  /** Sandbox only: what the browser's card form lets leave it. */
  card: z
    .object({
      brand: z.enum(CARD_BRANDS),
      last4: z.string().regex(/^\d{4}$/, PAYMENT_MSG.cardRequired),
    })
    .optional(),
});
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;

const sandboxCardSchema = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string({ error: PAYMENT_MSG.cardRequired }).regex(/^\d{4}$/, PAYMENT_MSG.cardRequired),
});

/** The sandbox's card step for a pending payment: what the browser's card form lets leave it. */
export const confirmPaymentSchema = z.object({ card: sandboxCardSchema });
export type ConfirmPaymentInput = z.input<typeof confirmPaymentSchema>;

/**
 * What a pending payment still needs before any money moves: the card step. The sandbox's is our
 * own call (POST the card's brand and last four to `confirmPath`); Stripe's is Stripe.js confirming
 * the PaymentIntent with its client secret, after which Stripe's webhook settles the payment.
 */
export type PaymentNextAction =
  | { type: 'sandbox_card'; confirmPath: string }
  | { type: 'stripe_card'; clientSecret: string; publishableKey: string | null };

/** Paying an issued fee: the amount and description are the fee's; a sandbox card may come along. */
export const payFeeSchema = z.object({ card: sandboxCardSchema.optional() });
export type PayFeeInput = z.input<typeof payFeeSchema>;

export const paymentListQuerySchema = z.object({
  page: pageQueryField,
  limit: limitQueryField(10),
  status: z.enum(PAYMENT_STATUSES).optional(),
  /** Admins: payments of one user. */
  userId: z.uuid().optional(),
  /** Admins: payer's name or e-mail, or the reference. */
  search: z.string().trim().max(100).optional(),
});

export interface Payment {
  _id: string;
  reference: string;
  amount: number;
  currency: string;
  paymentMethod: 'stripe';
  type: 'exam';
  description: string;
  status: PaymentStatus;
  provider: PaymentProvider;
  card: { brand: CardBrand; last4: string } | null;
  failureReason: string | null;
  examId: string | null;
  /** The fee (one student's) this payment pays, if any. */
  feeId: string | null;
  payer?: { _id: string; name: string; email: string };
  createdAt: string;
  succeededAt: string | null;
  failedAt: string | null;
  refundedAt: string | null;
}

export interface PaymentConfig {
  provider: PaymentProvider;
  currency: string;
  /** Stripe only: the key the browser's Stripe.js uses. */
  publishableKey: string | null;
  /** The school lets payers pay an amount of their own choosing, not only the fees it issues. */
  allowFreeAmounts: boolean;
}

// ── Fees the school issues ──

export const FEE_STATUSES = ['due', 'paid'] as const;
export type FeeStatus = (typeof FEE_STATUSES)[number];
export const FEE_TARGET_KINDS = ['students', 'class', 'exam'] as const;
export type FeeTargetKind = (typeof FEE_TARGET_KINDS)[number];

const dueDateSchema = z
  .string({ error: PAYMENT_MSG.feeDueDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, PAYMENT_MSG.feeDueDateInvalid)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), PAYMENT_MSG.feeDueDateInvalid);

/**
 * Who a fee is for: chosen students, a class (a grade, optionally one section of it), or the
 * students an exam is meant for (its list, or its whole grade when it has none). The students are
 * fixed when the fee is issued: a student joining the class later owes nothing.
 */
export const feeTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('students'), studentIds: z.array(z.uuid()).min(1, PAYMENT_MSG.feeStudentsRequired).max(1000) }),
  z.object({
    kind: z.literal('class'),
    // The words a grade and a section are refused with everywhere else (one catalogue text each).
    grade: z.coerce.number({ error: messages.users.gradeInvalid }).int(messages.users.gradeInvalid).min(1, messages.users.gradeInvalid).max(12, messages.users.gradeInvalid),
    section: z.enum(SECTIONS, { error: messages.common.sectionInvalid }).optional(),
  }),
  z.object({ kind: z.literal('exam'), examId: z.uuid() }),
]);
export type FeeTarget = z.output<typeof feeTargetSchema>;

export const issueFeeSchema = z.object({
  title: z.string({ error: PAYMENT_MSG.feeTitleRequired }).trim().min(1, PAYMENT_MSG.feeTitleRequired).max(200),
  amount: amountSchema,
  dueDate: dueDateSchema,
  target: feeTargetSchema,
});
export type IssueFeeInput = z.input<typeof issueFeeSchema>;

export const feeListQuerySchema = z.object({
  page: pageQueryField,
  limit: limitQueryField(10),
  status: z.enum(FEE_STATUSES).optional(),
  /** One student's fees (admins any student; a parent one of their children). */
  studentId: z.uuid().optional(),
  /** One issued fee's students (admins). */
  feeId: z.uuid().optional(),
});

/** One student's share of an issued fee: what is due, and once paid, by whom and with which payment. */
export interface Fee {
  _id: string;
  feeId: string;
  title: string;
  amount: number;
  currency: string;
  /** YYYY-MM-DD, the school's calendar date. */
  dueDate: string;
  status: FeeStatus;
  student: { _id: string; name: string };
  paidAt: string | null;
  paidBy: { _id: string; name: string } | null;
  payment: { _id: string; reference: string } | null;
  target: { kind: FeeTargetKind; grade: number | null; section: string | null; examId: string | null; examTitle: string | null };
  createdAt: string;
}

/** The reference printed on receipts: short, unambiguous, derived from the payment's id. */
export function paymentReference(id: string): string {
  return `PAY-${id.replace(/-/g, '').slice(0, 10).toUpperCase()}`;
}

export function formatMoney(amount: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

// ── Card checks that run in the browser, before anything leaves it ──

export function cardDigits(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function luhnValid(input: string): boolean {
  const digits = cardDigits(input);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(input: string): CardBrand {
  const d = cardDigits(input);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^6(011|5)/.test(d)) return 'discover';
  return 'unknown';
}

/** MM/YY, this month or later. */
export function expiryProblem(input: string, now: Date = new Date()): string | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(input.trim());
  if (!m) return messages.card.expiryInvalid;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return messages.card.expiryInvalid;
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return messages.card.expired;
  return null;
}

export const CARD_MSG = messages.card;

/** GET /payments: a page of the payment history. */
export interface PaymentHistoryPage {
  payments: Payment[];
  total: number;
  currentPage: number;
  totalPages: number;
}

/** POST /payments and POST /payments/fees/{id}/pay. */
export interface CreatedPayment {
  payment: Payment;
  clientSecret: string | null;
  /** A pending payment's card step (null once it has ended). */
  nextAction: PaymentNextAction | null;
}

/** GET /payments/fees: a page of fees. */
export interface FeePage {
  fees: Fee[];
  total: number;
  currentPage: number;
  totalPages: number;
}
