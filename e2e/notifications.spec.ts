import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createExamAsTeacher, DEMO, signIn, sitExamViaApi } from './support';

/**
 * Live notifications in a real browser: the demo parent, linked to the demo student,
 * has the notifications page open when the student's auto-graded exam is submitted (through the
 * API); the result notification appears and the header's unread count goes up without a reload,
 * and clicking it marks it read and follows its link.
 */

/** A published, auto-graded exam of one question for the demo student, open from a minute ago. */
const createExam = (request: APIRequestContext, title: string) =>
  createExamAsTeacher(request, {
    title,
    subject: 'mathematics',
    description: 'Made by the browser test of notifications.',
    duration: 20,
    questions: [{ text: 'What is $6 \\times 7$?', type: 'multiple-choice', subject: 'mathematics', options: ['42', '36'], correctAnswer: '42', points: 1 }],
    openForHours: 3,
  });

/** The demo student answers '42' and submits through the API; returns the submission id. */
const submitAsStudent = (request: APIRequestContext, examId: string) => sitExamViaApi(request, examId, () => '42');

/** The header's count, 0 when it shows none. */
async function headerCount(page: Page): Promise<number> {
  const badge = page.getByRole('navigation', { name: 'Main navigation' }).getByTestId('unread-count');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.textContent());
}

test('a parent sees their child’s result notification arrive live, and clicking it marks it read', async ({ page, request }) => {
  const title = `Notified quiz ${Date.now()}`;
  const examId = await createExam(request, title);
  await signIn(page, DEMO.parent);
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  // Whatever the run left before (exam announcements to the family): the count goes up from there.
  await page.waitForLoadState('networkidle');
  const before = await headerCount(page);

  const submissionId = await submitAsStudent(request, examId);

  const item = page.getByTestId('notification-item').filter({ hasText: "Sam's result is available" }).filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText('Just now');
  await expect.poll(() => headerCount(page)).toBe(before + 1);
  await expect(page.getByRole('link', { name: new RegExp(`^Notifications\\s*${before + 1}\\s*unread$`) })).toBeVisible();

  await item.getByRole('button', { name: /Unread: .*result is available/ }).click();
  await expect(page).toHaveURL(new RegExp(`/exam-result/${submissionId}$`));
  await expect.poll(() => headerCount(page)).toBe(before);

  await page.goto('/notifications');
  await expect(page.getByTestId('notification-item').filter({ hasText: title })).toHaveAttribute('data-read', 'true');
});

test('the dashboard widget lists unread notifications with a link to all of them', async ({ page }) => {
  await signIn(page, DEMO.student);
  const widget = page.getByTestId('notifications-widget');
  await expect(widget).toBeVisible();
  await expect(widget.getByRole('link', { name: 'View all notifications' })).toHaveAttribute('href', '/notifications');
});
