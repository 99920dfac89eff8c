import { expect, test } from '@playwright/test';
import { createExamAsTeacher, DEMO, signIn, TWO_QUICK_QUESTIONS } from './support';

/**
 * A revoked session ends live: signing out elsewhere closes the exam's socket at once,
 * and the student is told the session has ended instead of typing into a page that saves nothing.
 */
test('signing out in another tab ends the exam session at once, and says so', async ({ page, request }) => {
  const examId = await createExamAsTeacher(request, {
    title: `Revoked session ${Date.now()}`,
    subject: 'mathematics',
    description: 'Made by the browser test of revoked sessions.',
    duration: 30,
    instructions: 'Answer what you can.',
    settings: { proctoring: { enabled: false } },
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 24,
  });
  await signIn(page, DEMO.student);
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');

  // Another tab of the same browser signs out: same cookies, same session.
  const signedOutAt = Date.now();
  expect((await page.request.post('/api/auth/logout')).ok()).toBe(true);
  // The socket is closed by the server, its reconnect is refused as Unauthorized and the token
  // refresh fails: the app ends the session (its answers stay in the device's outbox).
  await expect(page.getByText('Session expired. Please login again.').first()).toBeVisible({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/login/);
  expect(Date.now() - signedOutAt).toBeLessThan(5_000);
});
