import { expect, test } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, signIn, TWO_QUICK_QUESTIONS, uniqueEmail } from './support';

/**
 * An admin deactivates a student in the middle of an exam: the student's session ends
 * at once, live, on the exam screen, and the account cannot sign in again.
 */
test('an admin deactivates a student mid-exam and the student’s session ends at once', async ({ page, request }) => {
  const admin = await apiToken(request, DEMO.admin);
  const email = uniqueEmail('deactivated');
  const password = 'sitting-an-exam-1';
  const created = await request.post('/api/users', {
    headers: bearer(admin),
    data: { firstName: 'Dana', lastName: 'Deactivated', email, password, role: 'student', grade: 10, section: 'A' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const studentId = (await created.json()).data.user._id as string;
  const examId = await createExamAsTeacher(request, {
    title: `Deactivated mid-exam ${Date.now()}`,
    subject: 'mathematics',
    description: 'Made by the browser test of deactivation during an exam.',
    duration: 30,
    instructions: 'Answer what you can.',
    settings: { proctoring: { enabled: false } },
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 24,
  });

  await signIn(page, email, password);
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');

  const deactivatedAt = Date.now();
  const res = await request.put(`/api/users/${studentId}/status`, { headers: bearer(admin), data: { isActive: false } });
  expect(res.ok(), await res.text()).toBe(true);
  // The server closes the exam's socket; its reconnect and the token refresh are refused.
  await expect(page).toHaveURL(/\/login/, { timeout: 5_000 });
  expect(Date.now() - deactivatedAt).toBeLessThan(5_000);

  // And the account cannot come back until an admin activates it again.
  const again = await request.post('/api/auth/login', { data: { email, password } });
  expect(again.status()).toBe(403);
});
