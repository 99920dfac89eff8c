import { randomUUID } from 'node:crypto';
import { PAYMENT_MSG } from '@exam/shared';
import type { ChargeRequest, ChargeResult, PaymentGateway } from './provider';
import { WebhookSignatureError } from './provider';

/**
 * The default provider: the same flow and states as Stripe's test mode, with Stripe's published
 * test cards, and no money moving. The browser sends only the brand and the last four digits, so
 * the outcome is decided by them as Stripe decides it by the whole test number.
 */
export const SANDBOX_OUTCOMES: Record<string, string> = {
  '0002': 'Your card was declined.',
  '9995': 'Your card has insufficient funds.',
};

function testCardOutcome(last4: string): { status: 'succeeded' } | { status: 'failed'; failureReason: string } {
  const declined = SANDBOX_OUTCOMES[last4];
  return declined ? { status: 'failed', failureReason: declined } : { status: 'succeeded' };
}

export function createSandboxGateway(): PaymentGateway {
  return {
    name: 'sandbox',
    publishableKey: null,
    async charge(req: ChargeRequest): Promise<ChargeResult> {
      const providerRef = `sbx_${randomUUID().replace(/-/g, '')}`;
      // Without a card (the product's original client never sends one) the payment waits for its
      // card step, as a Stripe PaymentIntent does: nothing is charged until a card is confirmed.
      if (!req.card) return { status: 'pending', providerRef, clientSecret: null };
      const outcome = testCardOutcome(req.card.last4);
      return outcome.status === 'failed' ? { ...outcome, providerRef } : { status: 'succeeded', providerRef };
    },
    confirmCard: (card) => testCardOutcome(card.last4),
    async clientSecret() {
      return null;
    },
    async refund() {},
    // A sandbox payment is charged only by our own confirm call, which takes pending payments alone.
    async cancel() {},
    parseWebhook() {
      throw new WebhookSignatureError(PAYMENT_MSG.sandboxNoWebhooks);
    },
  };
}
