import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CardBrand, CreatePaymentInput, IssueFeeInput } from '@exam/shared';
import { paymentKeys, paymentsApi, type FeeListParams, type PaymentListParams } from './api';

export function usePaymentConfig() {
  return useQuery({ queryKey: paymentKeys.config(), queryFn: paymentsApi.config, staleTime: Infinity });
}

export function usePaymentList(params: PaymentListParams) {
  return useQuery({ queryKey: paymentKeys.list(params), queryFn: () => paymentsApi.list(params), placeholderData: keepPreviousData, meta: { silent: true } });
}

export function usePayment(id: string | null) {
  return useQuery({ queryKey: paymentKeys.one(id ?? ''), queryFn: () => paymentsApi.get(id!), enabled: !!id, meta: { silent: true } });
}

/** Paying or refunding changes the history and any open receipt. */
function usePaymentMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: paymentKeys.all }) });
}

export function useCreatePayment() {
  return usePaymentMutation(({ input, key }: { input: CreatePaymentInput; key: string }) => paymentsApi.create(input, key));
}

export function useFees(params: FeeListParams) {
  return useQuery({ queryKey: paymentKeys.fees(params), queryFn: () => paymentsApi.fees(params), placeholderData: keepPreviousData, meta: { silent: true } });
}

export function useIssueFee() {
  return usePaymentMutation((input: IssueFeeInput) => paymentsApi.issueFee(input));
}

export function useConfirmPayment() {
  return usePaymentMutation(({ id, card }: { id: string; card: { brand: CardBrand; last4: string } }) => paymentsApi.confirm(id, card));
}

export function useRefundPayment() {
  return usePaymentMutation((id: string) => paymentsApi.refund(id));
}

/** A key for one form submission; random UUIDs need a secure context, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
