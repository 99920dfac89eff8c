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
  /**
   * Nothing charged yet: the card step comes next. Stripe: the browser confirms the PaymentIntent
   * with the client secret and a webhook says how it ended. Sandbox (no card in the request): our
   * own confirm call with the test card.
   */
  | { status: 'pending'; providerRef: string; clientSecret: string | null };

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
  /**
   * Sandbox only: the card step of a pending payment, decided by the test card as Stripe's test
   * mode decides it. Stripe has none here: Stripe.js confirms in the browser.
   */
  confirmCard?(card: { brand: CardBrand; last4: string }): { status: 'succeeded' } | { status: 'failed'; failureReason: string };
  /** A pending payment's client secret again (a retried request with the same Idempotency-Key). */
  clientSecret(providerRef: string): Promise<string | null>;
  refund(paymentId: string, providerRef: string): Promise<void>;
  /**
   * Ends a pending payment at the provider so it can never be charged later. Throws when the
   * provider will not (Stripe: the intent already succeeded or is processing).
   */
  cancel(providerRef: string): Promise<void>;
  /** Throws WebhookSignatureError when the payload was not signed by the provider. */
  parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent;
}
