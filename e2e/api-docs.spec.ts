import { expect, test } from '@playwright/test';

/** The API reference opens in Chromium and lists every call of the generated document. */
test('/api/docs lists every call of the API', async ({ page, request }) => {
  const doc = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const calls = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/api/docs');
  await expect(page.locator('.opblock')).toHaveCount(calls);
  await expect(page.locator('.opblock-summary-path', { hasText: '/payments/{id}/refund' })).toBeVisible();
  expect(errors).toEqual([]);
});
