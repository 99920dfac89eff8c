import { expect, test } from '@playwright/test';

/**
 * The API reference opens in Chromium and lists every call of the generated document. Past some
 * size Swagger UI renders only the operations near the viewport, so the test scrolls through the
 * page and counts each call once as it appears.
 */
test('/api/docs lists every call of the API', async ({ page, request }) => {
  const doc = (await (await request.get('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  const calls = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto('/api/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  const listed = new Set<string>();
  await expect
    .poll(
      async () => {
        const shown = await page
          .locator('.opblock')
          .evaluateAll((blocks) => blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent} ${b.querySelector('.opblock-summary-path')?.textContent}`));
        for (const call of shown) listed.add(call);
        await page.mouse.wheel(0, 600);
        return listed.size;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(calls);
  expect(listed).toContain('POST /payments/{id}/refund');
  expect(errors).toEqual([]);
});
