import type { CardBrand, PaymentProvider } from '@exam/shared';

export interface ChargeRequest {
  paymentId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Sandbox: what the browser let leave it. Stripe never sends card data through us. */
  card?: { brand: CardBrand; last4: string };
}

export type ChargeResult =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'failed'; providerRef: string; failureReason: string }
  /** The browser finishes the payment with the provider; a webhook says how it ended. */
  | { status: 'pending'; providerRef: string; clientSecret: string };

/** What the provider told us happened to a payment, verified as coming from it. */
export type ProviderEvent =
  | { kind: 'succeeded'; providerRef: string; card?: { brand: CardBrand; last4: string } }
  | { kind: 'failed'; providerRef: string; failureReason: string }
  | { kind: 'refunded'; providerRef: string }
  | { kind: 'ignored' };

export class WebhookSignatureError extends Error {}

/** One interface for every way money can move; chosen by configuration. */
export interface PaymentGateway {
  readonly name: PaymentProvider;
  readonly publishableKey: string | null;
  /** Must be safe to call twice for one payment id: the provider deduplicates on it. */
  charge(req: ChargeRequest): Promise<ChargeResult>;
  /** A pending payment's client secret again (a retried request with the same Idempotency-Key). */
  clientSecret(providerRef: string): Promise<string | null>;
  refund(paymentId: string, providerRef: string): Promise<void>;
  /** Throws WebhookSignatureError when the payload was not signed by the provider. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
}
