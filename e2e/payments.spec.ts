import { expect, test, type Page, type Request } from '@playwright/test';
import { DEMO, signIn } from './support';

/**
 * The Payment Center in the sandbox: the demo parent pays with Stripe's success test
 * card and sees the receipt and the live notification; the decline card shows the failure; and
 * no request the browser sends ever carries the full card number.
 */

async function fillPayment(page: Page, card: string, description: string) {
  await page.getByLabel('Amount').fill('25.50');
  await page.getByLabel('Description').fill(description);
  await page.getByLabel('Cardholder name').fill('Pat Parent');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

test('a parent pays with the sandbox success card, sees the receipt and the notification; the decline card fails; no card number leaves the browser', async ({ page }) => {
  const sent: Request[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) sent.push(r);
  });
  await signIn(page, DEMO.parent);
  await page.goto('/payment');
  await expect(page.getByRole('heading', { name: 'Payment Center' })).toBeVisible();
  await expect(page.getByText('Sandbox: no money moves')).toBeVisible();

  const description = `Term fee ${Date.now()}`;
  await fillPayment(page, '4242 4242 4242 4242', description);
  await expect(page.getByText('Payment processed successfully!')).toBeVisible();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText('$25.50');
  await expect(receipt).toContainText(description);
  await expect(receipt).toContainText('Succeeded');
  await expect(receipt).toContainText('visa ending 4242');
  await page.getByRole('button', { name: 'Close receipt' }).click();
  await expect(page.getByTestId('payment-row').filter({ hasText: description })).toContainText('Succeeded');
  // The receipt arrived as a live notification too: the header's unread count shows it.
  await page.goto('/notifications');
  await expect(page.getByText('Payment received').first()).toBeVisible();

  await page.goto('/payment');
  await fillPayment(page, '4000 0000 0000 0002', `Declined ${description}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Payment failed. Please try again.' })).toContainText('Your card was declined.');
  await expect(page.getByTestId('payment-row').filter({ hasText: `Declined ${description}` })).toContainText('Failed');

  const posts = sent.filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/payments');
  expect(posts).toHaveLength(2);
  for (const r of sent) {
    const body = r.postData() ?? '';
    const everything = `${r.url()} ${body}`;
    for (const number of ['4242424242424242', '4242 4242 4242 4242', '4000000000000002', '4000 0000 0000 0002']) expect(everything).not.toContain(number);
    expect(everything).not.toContain('12/34');
  }
  for (const r of posts) {
    expect(r.headers()['idempotency-key']).toBeTruthy();
    expect(Object.keys(JSON.parse(r.postData()!).card)).toEqual(['brand', 'last4']);
  }
});
