import Stripe from 'stripe';
import type { CardBrand } from '@exam/shared';
import { CARD_BRANDS, PAYMENT_MSG } from '@exam/shared';
import type { ChargeRequest, ChargeResult, PaymentGateway, ProviderEvent } from './provider';
import { WebhookSignatureError } from './provider';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  /** Another API host (a local stand-in in tests); Stripe's own when unset. */
  apiUrl?: string;
}

/**
 * Stripe PaymentIntents. The card goes from the browser to Stripe (Stripe.js elements); this side
 * only creates the intent and learns its outcome from a signed webhook, which is the only thing
 * that marks a payment succeeded or failed.
 */
export function createStripeGateway(s: StripeSettings): PaymentGateway {
  const api = s.apiUrl ? new URL(s.apiUrl) : undefined;
  const stripe = new Stripe(s.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return {
    name: 'stripe',
    publishableKey: s.publishableKey,
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: req.amountCents,
          currency: req.currency.toLowerCase(),
          description: req.description,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { paymentId: req.paymentId },
        },
        // Our payment id is the key: a retry of this call never creates a second intent.
        { idempotencyKey: `payment-${req.paymentId}` },
      );
      if (!intent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { status: 'pending', providerRef: intent.id, clientSecret: intent.client_secret };
    },
    async clientSecret(providerRef: string) {
      const intent = await stripe.paymentIntents.retrieve(providerRef);
      return intent.client_secret;
    },
    async cancel(providerRef: string) {
      await stripe.paymentIntents.cancel(providerRef);
    },
    async refund(paymentId: string, providerRef: string) {
      await stripe.refunds.create({ payment_intent: providerRef }, { idempotencyKey: `refund-${paymentId}` });
    },
    parseWebhook(rawBody: string, signature: string | undefined): ProviderEvent {
      if (!s.webhookSecret || !signature) throw new WebhookSignatureError(PAYMENT_MSG.webhookSignatureMissing);
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, s.webhookSecret);
      } catch {
        throw new WebhookSignatureError(PAYMENT_MSG.webhookSignatureInvalid);
      }
      switch (event.type) {
        case 'payment_intent.succeeded': {
          const pi = event.data.object;
          const card = cardOf(pi);
          return { kind: 'succeeded', providerRef: pi.id, ...(card ? { card } : {}) };
        }
        case 'payment_intent.payment_failed': {
          const pi = event.data.object;
          return { kind: 'failed', providerRef: pi.id, failureReason: pi.last_payment_error?.message ?? 'The payment failed.' };
        }
        case 'charge.refunded': {
          const charge = event.data.object;
          const ref = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
          return ref ? { kind: 'refunded', providerRef: ref } : { kind: 'ignored' };
        }
        default:
          return { kind: 'ignored' };
      }
    },
  };
}

/** The card's brand and last four, when the event carries an expanded payment method. */
function cardOf(pi: Stripe.PaymentIntent): { brand: CardBrand; last4: string } | undefined {
  const pm = pi.payment_method;
  if (!pm || typeof pm === 'string' || !pm.card) return undefined;
  const brand = (CARD_BRANDS as readonly string[]).includes(pm.card.brand) ? (pm.card.brand as CardBrand) : 'unknown';
  return { brand, last4: pm.card.last4 };
}
