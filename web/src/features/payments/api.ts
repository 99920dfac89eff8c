import type { CreatePaymentInput, Payment, PaymentConfig, PaymentStatus } from '@exam/shared';
import { http } from '../../api/http';
import { toQueryString } from '../exams/api';

export interface PaymentPage {
  payments: Payment[];
  total: number;
  currentPage: number;
  totalPages: number;
}

export interface PaymentListParams {
  page: number;
  limit: number;
  status?: PaymentStatus;
  search?: string;
}

export interface CreatedPayment {
  payment: Payment;
  clientSecret: string | null;
}

export const paymentKeys = {
  all: ['payments'] as const,
  config: () => ['payments', 'config'] as const,
  list: (p: PaymentListParams) => ['payments', 'list', p] as const,
  one: (id: string) => ['payments', 'one', id] as const,
};

export const paymentsApi = {
  config: () => http.get<PaymentConfig>('/payments/config').then((r) => r.data),
  list: (p: PaymentListParams) => http.get<PaymentPage>(`/payments${toQueryString({ ...p, search: p.search || undefined })}`).then((r) => r.data),
  get: (id: string) => http.get<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}`).then((r) => r.data.payment),
  /** One Idempotency-Key per form submission: a retry of it can never charge twice. */
  create: (input: CreatePaymentInput, idempotencyKey: string) =>
    http.post<CreatedPayment>('/payments', input, { headers: { 'Idempotency-Key': idempotencyKey } }).then((r) => ({ ...r.data, message: r.message })),
  refund: (id: string) => http.post<{ payment: Payment }>(`/payments/${encodeURIComponent(id)}/refund`).then((r) => r.data.payment),
};
