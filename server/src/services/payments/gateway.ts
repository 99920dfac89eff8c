import type { PaymentSettings } from '../../config';
import type { PaymentGateway } from './provider';
import { createSandboxGateway } from './sandboxGateway';
import { createStripeGateway } from './stripeGateway';

/** Stripe when its keys are configured; the clearly labelled sandbox otherwise. */
export function createPaymentGateway(settings: PaymentSettings): PaymentGateway {
  return settings.stripe ? createStripeGateway(settings.stripe) : createSandboxGateway();
}
