import type { CardBrand, CreatedPayment, CreatePaymentInput, FeePage, FeeStatus, IssueFeeInput, Payment, PaymentConfig, PaymentHistoryPage, PaymentNextAction, PaymentStatus } from '@exam/shared';
import { http } from '../../api/http';
import { toQueryString } from '../../api/queryString';

export interface PaymentListParams {
  page: number;
  limit: number;
  status?: PaymentStatus;
  search?: string;
}

export interface FeeListParams {
  page: number;
  limit: number;
  status?: FeeStatus;
}

export const paymentKeys = {
  all: ['payments'] as const,
  config: () => ['payments', 'config'] as const,
  list: (p: PaymentListParams) => ['payments', 'list', p] as const,
  one: (id: string) => ['payments', 'one', id] as const,
  fees: (p: FeeListParams) => ['payments', 'fees', p] as const,
};

export const paymentsApi = {
  config: () => http.get<PaymentConfig>('/payments/config').then((r) => r.data),
  list: (p: PaymentListParams) => http.get<PaymentHistoryPage>(`/payments${toQueryString({ ...p, search: p.search || undefined })}`).then((r) => r.data),
  get: (id: string) => http.get<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}`).then((r) => r.data.payment),
  /** A payment with, for its payer while it is pending, its card step. */
  withNextAction: (id: string) => http.get<{ payment: Payment; nextAction: PaymentNextAction | null }>(`/payments/${encodeURIComponent(id)}`).then((r) => r.data),
  /** The sandbox's card step: only the card's brand and last four digits leave the browser. */
  confirm: (id: string, card: { brand: CardBrand; last4: string }) =>
    http.post<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}/confirm`, { card }).then((r) => r.data.payment),
  fees: (p: FeeListParams) => http.get<FeePage>(`/payments/fees${toQueryString(p)}`).then((r) => r.data),
  issueFee: (input: IssueFeeInput) => http.post<{ feeId: string; assigned: number }>('/payments/fees', input).then((r) => r.data),
  /** Starts (or resumes) paying a fee: a pending payment with its card step. */
  payFee: (id: string, idempotencyKey: string) =>
    http.post<CreatedPayment>(`/payments/fees/${encodeURIComponent(id)}/pay`, {}, { headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => r.data),
  /** One Idempotency-Key per form submission: a retry of it can never charge twice. */
  create: (input: CreatePaymentInput, idempotencyKey: string) =>
    http.post<CreatedPayment>('/payments', input, { headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => ({ ...r.data, message: r.message })),
  refund: (id: string) => http.post<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}/refund`).then((r) => r.data.payment),
};
