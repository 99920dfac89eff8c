import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Stripe mode against a local stand-in for Stripe's API (the SDK takes another host and port),
 * with webhooks signed by the SDK's own test helper, as Stripe would sign them.
 */
const WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';

interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey?: string;
}

function standIn() {
  const calls: StripeCall[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, Record<string, unknown>>();
  let refundFails = false;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const key = req.headers['idempotency-key'] as string | undefined;
      calls.push({ method: req.method!, path: req.url!, form, idempotencyKey: key });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        if (key && byKey.has(key)) return send(200, byKey.get(key));
        const id = `pi_${intents.size + 1}abc`;
        const pi = { id, object: 'payment_intent', amount: Number(form.get('amount')), currency: form.get('currency'), status: 'requires_payment_method', client_secret: `${id}_secret_xyz`, metadata: { paymentId: form.get('metadata[paymentId]') } };
        intents.set(id, pi);
        if (key) byKey.set(key, pi);
        return send(200, pi);
      }
      const get = /^\/v1\/payment_intents\/(\w+)/.exec(req.url ?? '');
      if (req.method === 'GET' && get && intents.has(get[1]!)) return send(200, intents.get(get[1]!));
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        if (refundFails) return send(402, { error: { type: 'invalid_request_error', message: 'Charge already refunded' } });
        return send(200, { id: 're_1', object: 'refund', status: 'succeeded', payment_intent: form.get('payment_intent') });
      }
      send(404, { error: { type: 'invalid_request_error', message: `No such route ${req.method} ${req.url}` } });
    });
  });
  return {
    calls,
    server,
    failRefunds: () => (refundFails = true),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
  };
}

const stripe = standIn();
let server: TestServer;
beforeAll(async () => {
  const apiUrl = await stripe.listen();
  server = await startTestServer({
    env: { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_456', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: apiUrl, CURRENCY: 'eur' },
  });
});
afterAll(async () => {
  await server?.stop();
  stripe.server.close();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: 'parent' | 'admin' = 'parent') {
  const user = await buildUser(server.deps, { role });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

function signed(event: unknown, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

const postWebhook = (w: { payload: string; header: string }) => api('POST', '/payments/webhook', undefined, { rawBody: w.payload, headers: { 'stripe-signature': w.header } });
const intentEvent = (type: string, pi: Record<string, unknown>) => ({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { object: 'payment_intent', ...pi } } });

async function startPayment(token: string, amount = 20) {
  const res = await api('POST', '/payments', { amount, description: 'Exam fee', paymentMethod: 'stripe', type: 'exam' }, { token, headers: { 'idempotency-key': `k-${Math.random()}` } });
  expect(res.status).toBe(201);
  return res.body.data as { payment: { _id: string; status: string }; clientSecret: string };
}

describe('payments through Stripe', () => {
  it('tells the browser to use Stripe with the publishable key, never the secret', async () => {
    const { token } = await signedIn();
    const res = await api('GET', '/payments/config', undefined, { token });
    expect(res.body.data).toEqual({ provider: 'stripe', currency: 'EUR', publishableKey: 'pk_test_456', allowFreeAmounts: true });
    expect(JSON.stringify(res.body)).not.toContain('sk_test');
  });

  it('creates a PaymentIntent in cents, keyed on our payment, and leaves the payment pending for the browser to confirm', async () => {
    const { token } = await signedIn();
    const { payment, clientSecret } = await startPayment(token, 12.34);
    expect(payment.status).toBe('pending');
    expect(clientSecret).toMatch(/^pi_\w+_secret_xyz$/);
    const call = stripe.calls.filter((c) => c.path === '/v1/payment_intents').at(-1)!;
    expect(call.form.get('amount')).toBe('1234');
    expect(call.form.get('currency')).toBe('eur');
    expect(call.form.get('metadata[paymentId]')).toBe(payment._id);
    expect(call.idempotencyKey).toBe(`payment-${payment._id}`);
  });

  it('answers a payment sent without card details (as the original client sends it) with a PaymentIntent to confirm, charging nothing', async () => {
    const { token } = await signedIn();
    const before = stripe.calls.length;
    const res = await api('POST', '/payments', { amount: 15, paymentMethod: 'stripe', type: 'exam', description: 'Exam fee, no card' }, { token });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const { payment, nextAction } = res.body.data;
    expect(payment.status).toBe('pending');
    expect(nextAction).toEqual({ type: 'stripe_card', clientSecret: expect.stringMatching(/^pi_\w+_secret_xyz$/), publishableKey: 'pk_test_456' });
    // One call to Stripe: the intent. No charge, no confirmation from our side.
    expect(stripe.calls.slice(before).map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/payment_intents']);
    // The Payment Center reopens the card step later from the payment itself.
    const again = await api('GET', `/payments/${payment._id}`, undefined, { token });
    expect(again.body.data.nextAction).toEqual(nextAction);
    // Stripe.js confirms a Stripe payment, not our sandbox call.
    const confirm = await api('POST', `/payments/${payment._id}/confirm`, { card: { brand: 'visa', last4: '4242' } }, { token });
    expect(confirm.status).toBe(409);
    await server.deps.mailer.idle();
    expect((await api('GET', '/notifications?type=payment', undefined, { token })).body.data.notifications).toEqual([]);
  });

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { token } = await signedIn();
    const { payment, clientSecret } = await startPayment(token);
    const piId = clientSecret.split('_secret_')[0]!;
    const forged = signed(intentEvent('payment_intent.succeeded', { id: piId }), 'whsec_not_the_real_one');
    const res = await postWebhook(forged);
    expect(res.status).toBe(400);
    const unsigned = await api('POST', '/payments/webhook', undefined, { rawBody: forged.payload });
    expect(unsigned.status).toBe(400);
    expect((await api('GET', `/payments/${payment._id}`, undefined, { token })).body.data.payment.status).toBe('pending');
  });

  it('marks a payment succeeded only on the signed webhook, once, with one receipt', async () => {
    const { token } = await signedIn();
    const { payment, clientSecret } = await startPayment(token);
    const piId = clientSecret.split('_secret_')[0]!;
    const event = signed(intentEvent('payment_intent.succeeded', { id: piId, payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242' } } }));
    const first = await postWebhook(event);
    expect(first.body).toEqual({ received: true });
    expect((await postWebhook(event)).status).toBe(200);
    const after = (await api('GET', `/payments/${payment._id}`, undefined, { token })).body.data.payment;
    expect(after).toMatchObject({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
    const notes = (await api('GET', '/notifications?type=payment', undefined, { token })).body.data.notifications;
    expect(notes).toHaveLength(1);
    expect(notes[0].message).toContain('€20.00');
  });

  it('marks a declined payment failed with Stripe’s reason', async () => {
    const { token } = await signedIn();
    const { payment, clientSecret } = await startPayment(token);
    const piId = clientSecret.split('_secret_')[0]!;
    await postWebhook(signed(intentEvent('payment_intent.payment_failed', { id: piId, last_payment_error: { message: 'Your card was declined.' } })));
    const after = (await api('GET', `/payments/${payment._id}`, undefined, { token })).body.data.payment;
    expect(after).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
  });

  it('refunds through Stripe, and reports a refusal without changing the payment', async () => {
    const payer = await signedIn();
    const admin = await signedIn('admin');
    const { payment, clientSecret } = await startPayment(payer.token);
    const piId = clientSecret.split('_secret_')[0]!;
    await postWebhook(signed(intentEvent('payment_intent.succeeded', { id: piId })));
    const refunded = await api('POST', `/payments/${payment._id}/refund`, undefined, { token: admin.token });
    expect(refunded.body.data.payment.status).toBe('refunded');
    const call = stripe.calls.filter((c) => c.path === '/v1/refunds').at(-1)!;
    expect(call.form.get('payment_intent')).toBe(piId);

    const second = await startPayment(payer.token);
    await postWebhook(signed(intentEvent('payment_intent.succeeded', { id: second.clientSecret.split('_secret_')[0] })));
    stripe.failRefunds();
    const refused = await api('POST', `/payments/${second.payment._id}/refund`, undefined, { token: admin.token });
    expect(refused.status).toBe(502);
    expect((await api('GET', `/payments/${second.payment._id}`, undefined, { token: payer.token })).body.data.payment.status).toBe('succeeded');
  });
});
