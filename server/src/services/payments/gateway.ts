import type { PaymentSettings } from '../../config';
import type { PaymentGateway } from './provider';
import { createSandboxGateway } from './sandboxGateway';
import { createStripeGateway } from './stripeGateway';

/** Stripe when its keys are configured; the clearly labelled sandbox otherwise. */
export function createPaymentGateway(settings: PaymentSettings): PaymentGateway {
  let gateway = made.get(settings);
  if (!gateway) made.set(settings, (gateway = settings.stripe ? createStripeGateway(settings.stripe) : createSandboxGateway()));
  return gateway;
}

/** One gateway per configuration, shared by the payment routes and the webhook. */
const made = new WeakMap<PaymentSettings, PaymentGateway>();
