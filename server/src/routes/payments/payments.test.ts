import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { PAYMENT_MSG } from '@exam/shared';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { outbox, startTestServer, type TestServer } from '../../test/harness';
import { nextEvent, openSocket } from '../../test/sockets';

let server: TestServer;
const sockets: Socket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.stop();
});

const api = (...args: Parameters<TestServer['api']>) => server.api(...args);

async function signedIn(role: 'student' | 'teacher' | 'parent' | 'admin' = 'parent') {
  const user = await buildUser(server.deps, { role });
  const token = (await api('POST', '/auth/login', { email: user.email, password: TEST_PASSWORD })).body.data.accessToken as string;
  return { user, token };
}

const visa = { brand: 'visa', last4: '4242' } as const;
const pay = (token: string, body: unknown, key?: string) => api('POST', '/payments', body, { token, headers: key ? { 'idempotency-key': key } : {} });

describe('payments in the sandbox', () => {
  it('answers the sandbox configuration with the school currency', async () => {
    const { token } = await signedIn();
    const res = await api('GET', '/payments/config', undefined, { token });
    expect(res.body.data).toEqual({ provider: 'sandbox', currency: 'USD', publishableKey: null, allowFreeAmounts: true });
  });

  it('refuses bad amounts and a missing description with clear texts', async () => {
    const { token } = await signedIn();
    for (const [body, msg] of [
      [{ amount: 0.5, description: 'Fee', card: visa }, PAYMENT_MSG.amountMin],
      [{ amount: 10.001, description: 'Fee', card: visa }, PAYMENT_MSG.amountDecimals],
      [{ amount: 'ten', description: 'Fee', card: visa }, PAYMENT_MSG.amountMin],
      [{ amount: 10, description: '  ', card: visa }, PAYMENT_MSG.descriptionRequired],
      [{ amount: 10, description: 'Fee', card: { brand: 'visa', last4: '42' } }, PAYMENT_MSG.cardRequired],
      [{ amount: 10, description: 'Fee', paymentMethod: 'cash', card: visa }, undefined],
    ] as const) {
      const res = await pay(token, body);
      expect(res.status).toBe(400);
      if (msg) expect(res.body.errors.map((e: { msg: string }) => e.msg)).toContain(msg);
    }
    expect((await api('GET', '/payments', undefined, { token })).body.data.payments).toEqual([]);
  });

  it('charges the success card, answers the documented text, sends a live receipt and an e-mail', async () => {
    const { user, token } = await signedIn();
    const socket = await openSocket(server.url, token);
    sockets.push(socket);
    const live = nextEvent<{ type: string; title: string; message: string; actionUrl: string }>(socket, 'notification');
    const res = await pay(token, { amount: 25.5, paymentMethod: 'stripe', type: 'exam', description: 'Term exam fee', card: visa });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(PAYMENT_MSG.success);
    const payment = res.body.data.payment;
    expect(payment).toMatchObject({ amount: 25.5, currency: 'USD', status: 'succeeded', description: 'Term exam fee', card: visa, provider: 'sandbox' });
    expect(payment.reference).toMatch(/^PAY-[0-9A-F]{10}$/);
    expect(payment.succeededAt).toBeTruthy();
    const n = await live;
    expect(n).toMatchObject({ type: 'payment', title: 'Payment received', actionUrl: `/payment?receipt=${payment._id}` });
    expect(n.message).toContain('$25.50');
    await server.deps.mailer.idle();
    const mail = outbox(server.dataDir, user.email).at(-1)!;
    expect(mail.subject).toContain('$25.50');
    for (const part of ['$25.50', 'Term exam fee', payment.reference, 'Sandbox payment']) expect(mail.text).toContain(part);
  });

  it('ends a declined card failed with the documented failure text and the reason, and sends no receipt', async () => {
    const { user, token } = await signedIn();
    const declined = await pay(token, { amount: 10, description: 'Fee', card: { brand: 'visa', last4: '0002' } });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ success: false, message: PAYMENT_MSG.failed });
    expect(declined.body.data.payment).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
    expect(declined.body.data.payment.failedAt).toBeTruthy();
    const funds = await pay(token, { amount: 10, description: 'Fee', card: { brand: 'visa', last4: '9995' } });
    expect(funds.body.data.payment.failureReason).toBe('Your card has insufficient funds.');
    await server.deps.mailer.idle();
    expect(outbox(server.dataDir, user.email).filter((m) => m.subject.includes('Payment received'))).toEqual([]);
  });

  it('makes one payment for one Idempotency-Key, even when the same request arrives twice at once', async () => {
    const { token } = await signedIn();
    const body = { amount: 40, description: 'Mock exam', card: visa };
    const [a, b] = await Promise.all([pay(token, body, 'form-123'), pay(token, body, 'form-123')]);
    expect(a.body.data.payment._id).toBe(b.body.data.payment._id);
    const again = await pay(token, body, 'form-123');
    expect(again.body.data.payment._id).toBe(a.body.data.payment._id);
    const list = await api('GET', '/payments', undefined, { token });
    expect(list.body.data.payments).toHaveLength(1);
    // The same key for a different payment is a client bug: refused, nothing charged.
    const other = await pay(token, { ...body, amount: 41 }, 'form-123');
    expect(other.status).toBe(409);
    expect(other.body.message).toBe(PAYMENT_MSG.idempotencyMismatch);
    expect((await api('GET', '/payments', undefined, { token })).body.data.payments).toHaveLength(1);
  });

  it('shows each payer only their own payments, and admins everyone’s with filters', async () => {
    const alice = await signedIn('parent');
    const bob = await signedIn('student');
    const admin = await signedIn('admin');
    const mine = (await pay(alice.token, { amount: 12, description: 'Alice fee', card: visa })).body.data.payment;
    await pay(bob.token, { amount: 13, description: 'Bob fee', card: { brand: 'visa', last4: '0002' } });
    const bobs = await api('GET', `/payments?userId=${alice.user.id}`, undefined, { token: bob.token });
    expect(bobs.body.data.payments.map((p: { description: string }) => p.description)).toEqual(['Bob fee']);
    expect((await api('GET', `/payments/${mine._id}`, undefined, { token: bob.token })).status).toBe(404);
    expect((await api('GET', `/payments/${mine._id}`, undefined, { token: alice.token })).body.data.payment._id).toBe(mine._id);
    const byPayer = await api('GET', `/payments?userId=${alice.user.id}`, undefined, { token: admin.token });
    expect(byPayer.body.data.payments).toHaveLength(1);
    expect(byPayer.body.data.payments[0].payer).toMatchObject({ _id: alice.user.id, email: alice.user.email });
    const failed = await api('GET', `/payments?status=failed&search=${encodeURIComponent(bob.user.email)}`, undefined, { token: admin.token });
    expect(failed.body.data.payments.map((p: { description: string }) => p.description)).toEqual(['Bob fee']);
    const byRef = await api('GET', `/payments?search=${mine.reference}`, undefined, { token: admin.token });
    expect(byRef.body.data.payments.map((p: { _id: string }) => p._id)).toEqual([mine._id]);
  });

  it('lets an admin refund a succeeded payment once, and tells the payer', async () => {
    const payer = await signedIn('parent');
    const admin = await signedIn('admin');
    const payment = (await pay(payer.token, { amount: 30, description: 'Refundable', card: visa })).body.data.payment;
    expect((await api('POST', `/payments/${payment._id}/refund`, undefined, { token: payer.token })).status).toBe(403);
    const refunded = await api('POST', `/payments/${payment._id}/refund`, undefined, { token: admin.token });
    expect(refunded.body.data.payment).toMatchObject({ status: 'refunded' });
    expect(refunded.body.data.payment.refundedAt).toBeTruthy();
    expect((await api('POST', `/payments/${payment._id}/refund`, undefined, { token: admin.token })).status).toBe(409);
    const notes = await api('GET', '/notifications', undefined, { token: payer.token });
    expect(notes.body.data.notifications.map((n: { title: string }) => n.title)).toEqual(['Payment refunded', 'Payment received']);
  });

  it('has no webhook in the sandbox', async () => {
    const res = await api('POST', '/payments/webhook', { type: 'payment_intent.succeeded' });
    expect(res.status).toBe(404);
  });
});
