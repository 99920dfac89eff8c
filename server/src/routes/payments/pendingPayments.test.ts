import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { outbox, startTestServer, type TestServer } from '../../test/harness';

/**
 * A payment sent without card details (the product's original client never sends one) waits,
 * pending and charged nothing, for its card step; the sandbox's step is our confirm call.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: 'student' | 'parent' | 'admin' = 'parent') {
  const user = await buildUser(server.deps, { role });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

const original = { amount: 18.5, paymentMethod: 'stripe', type: 'exam', description: 'Mock exam fee' };
const receipts = async (token: string) => (await api('GET', '/notifications?type=payment', undefined, { token })).body.data.notifications as { title: string }[];
const receiptMails = (email: string) => outbox(server.dataDir, email).filter((m) => m.subject.includes('Payment received'));

describe('paying without a card in the request', () => {
  it('creates a pending payment with its card step, charges nothing and sends no receipt', async () => {
    const { user, token } = await signedIn();
    const res = await api('POST', '/payments', original, { token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: PAYMENT_MSG.pendingCreated });
    const { payment, nextAction } = res.body.data;
    expect(payment).toMatchObject({ status: 'pending', amount: 18.5, provider: 'sandbox', card: null, succeededAt: null });
    expect(nextAction).toEqual({ type: 'sandbox_card', confirmPath: `/api/payments/${payment._id}/confirm` });
    // The payer's own view of it says the same, for a later visit to the Payment Center.
    const one = await api('GET', `/payments/${payment._id}`, undefined, { token });
    expect(one.body.data).toMatchObject({ payment: { status: 'pending' }, nextAction });
    await server.deps.mailer.idle();
    expect(await receipts(token)).toEqual([]);
    expect(receiptMails(user.email)).toEqual([]);
  });

  it('succeeds with the sandbox test card and sends the receipt once, even when confirmed twice', async () => {
    const { user, token } = await signedIn();
    const { payment } = (await api('POST', '/payments', original, { token, headers: { 'idempotency-key': 'pending-1' } })).body.data;
    const card = { card: { brand: 'visa', last4: '4242' } };
    const [a, b] = await Promise.all([api('POST', `/payments/${payment._id}/confirm`, card, { token }), api('POST', `/payments/${payment._id}/confirm`, card, { token })]);
    for (const r of [a, b]) {
      expect(r.status).toBe(200);
      expect(r.body.data.payment).toMatchObject({ _id: payment._id, status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
    }
    const third = await api('POST', `/payments/${payment._id}/confirm`, card, { token });
    expect(third.body.data.payment.succeededAt).toBe(a.body.data.payment.succeededAt);
    // A retried creation (same key) returns the succeeded payment; nothing new is charged.
    const retried = await api('POST', '/payments', original, { token, headers: { 'idempotency-key': 'pending-1' } });
    expect(retried.body.data).toMatchObject({ payment: { _id: payment._id, status: 'succeeded' }, nextAction: null });
    expect((await api('GET', '/payments', undefined, { token })).body.data.payments).toHaveLength(1);
    await server.deps.mailer.idle();
    expect((await receipts(token)).map((n) => n.title)).toEqual(['Payment received']);
    expect(receiptMails(user.email)).toHaveLength(1);
  });

  it('ends declined with the decline card and cannot be confirmed afterwards', async () => {
    const { token } = await signedIn();
    const { payment } = (await api('POST', '/payments', original, { token })).body.data;
    const declined = await api('POST', `/payments/${payment._id}/confirm`, { card: { brand: 'visa', last4: '0002' } }, { token });
    expect(declined.status).toBe(402);
    expect(declined.body.data.payment).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    const later = await api('POST', `/payments/${payment._id}/confirm`, { card: { brand: 'visa', last4: '4242' } }, { token });
    expect(later.status).toBe(409);
    expect(later.body.message).toBe(PAYMENT_MSG.notPending);
    expect(await receipts(token)).toEqual([]);
  });

  it('lets only the payer take the card step, and asks for a card', async () => {
    const payer = await signedIn();
    const other = await signedIn('student');
    const admin = await signedIn('admin');
    const { payment } = (await api('POST', '/payments', original, { token: payer.token })).body.data;
    for (const token of [other.token, admin.token]) {
      expect((await api('POST', `/payments/${payment._id}/confirm`, { card: { brand: 'visa', last4: '4242' } }, { token })).status).toBe(404);
    }
    const noCard = await api('POST', `/payments/${payment._id}/confirm`, {}, { token: payer.token });
    expect(noCard.status).toBe(400);
    // An admin reading the payment sees it, without a card step that is not theirs to take.
    expect((await api('GET', `/payments/${payment._id}`, undefined, { token: admin.token })).body.data).toMatchObject({ payment: { status: 'pending' }, nextAction: null });
    expect((await api('GET', `/payments/${payment._id}`, undefined, { token: payer.token })).body.data.payment.status).toBe('pending');
  });
});
