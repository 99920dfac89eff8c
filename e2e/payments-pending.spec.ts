import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, bearer, DEMO, signIn } from './support';

/**
 * A payment made the way the product's original client makes it (no card details in the request)
 * waits, pending and charged nothing; the parent completes it in our Payment Center with the
 * sandbox's test card and gets one receipt, however often the card step is repeated.
 */

const OUTBOX = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/mail`);
const receiptMails = (to: string, reference: string) =>
  existsSync(OUTBOX)
    ? readdirSync(OUTBOX)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(OUTBOX, f), 'utf8')) as { to: string; subject: string; text: string })
        .filter((m) => m.to === to && m.text.includes(reference) && m.subject.includes('Payment received'))
    : [];

test('a parent pays through the API without card details, sees it pending, completes it with the sandbox card and gets one receipt', async ({ page, request }) => {
  const token = await apiToken(request, DEMO.parent);
  const description = `Mock exam fee ${Date.now()}`;
  const created = await request.post('/api/payments', { headers: bearer(token), data: { amount: 19.99, paymentMethod: 'stripe', type: 'exam', description } });
  expect(created.status()).toBe(201);
  const { payment, nextAction } = (await created.json()).data;
  expect(payment.status).toBe('pending');
  expect(nextAction).toEqual({ type: 'sandbox_card', confirmPath: `/api/payments/${payment._id}/confirm` });

  const receiptsOf = async () => {
    const res = await request.get('/api/notifications?type=payment&limit=50', { headers: bearer(token) });
    return ((await res.json()).data.notifications as { actionUrl: string }[]).filter((n) => n.actionUrl === `/payment?receipt=${payment._id}`);
  };
  expect(await receiptsOf()).toEqual([]);

  await signIn(page, DEMO.parent);
  await page.goto('/payment');
  const row = page.getByTestId('payment-row').filter({ hasText: description });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('$19.99');

  await row.getByRole('button', { name: `Complete payment ${payment.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete payment' });
  await expect(dialog).toContainText(description);
  await expect(dialog).toContainText('Sandbox: no money moves');
  await dialog.getByLabel('Cardholder name').fill('Pat Parent');
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: 'Pay $19.99' }).click();

  await expect(page.getByText('Payment processed successfully!')).toBeVisible();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText(payment.reference);
  await expect(receipt).toContainText('Succeeded');
  await expect(receipt).toContainText('visa ending 4242');
  await page.getByRole('button', { name: 'Close receipt' }).click();
  await expect(row).toContainText('Succeeded');
  await expect(row.getByRole('button', { name: /Complete payment/ })).toHaveCount(0);

  // The card step again (a retry, a second tab): the same succeeded payment, nothing charged or sent again.
  const again = await request.post(`/api/payments/${payment._id}/confirm`, { headers: bearer(token), data: { card: { brand: 'visa', last4: '4242' } } });
  expect(again.status()).toBe(200);
  expect((await again.json()).data.payment).toMatchObject({ status: 'succeeded', succeededAt: expect.any(String) });

  await expect.poll(async () => (await receiptsOf()).length, { message: 'one receipt notification' }).toBe(1);
  await expect.poll(() => receiptMails(DEMO.parent, payment.reference).length, { message: 'one receipt e-mail' }).toBe(1);
  // Still one once the mail queue has had every chance to send a second.
  await page.goto('/notifications');
  await expect(page.getByText('Payment received').first()).toBeVisible();
  expect(await receiptsOf()).toHaveLength(1);
  expect(receiptMails(DEMO.parent, payment.reference)).toHaveLength(1);
});
