import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, signIn, sitExamViaApi, TWO_QUICK_QUESTIONS } from './support';

/**
 * Your account in a real browser: the avatar reaches the header, the theme and date
 * settings change what every page shows, the exam settings change the exam screen, and a parent's
 * e-mail switches decide whether a child's result is e-mailed. Settings are put back after each
 * test, since the demo accounts are shared with the other journeys.
 */

const OUTBOX = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 3100}/mail`);

function mailsTo(to: string): { to: string; subject: string; link?: string }[] {
  if (!existsSync(OUTBOX)) return [];
  return readdirSync(OUTBOX)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(OUTBOX, f), 'utf8')) as { to: string; subject: string; link?: string })
    .filter((m) => m.to === to);
}

async function resetSettings(request: APIRequestContext, email: string) {
  const res = await request.post('/api/users/settings/reset', { headers: bearer(await apiToken(request, email)) });
  expect(res.ok()).toBe(true);
}

const quickExam = (request: APIRequestContext, title: string) =>
  createExamAsTeacher(request, {
    title,
    subject: 'mathematics',
    description: 'Made by the browser test of account settings.',
    duration: 30,
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 24,
  });

test.afterEach(async ({ request }) => {
  await resetSettings(request, DEMO.student);
  await resetSettings(request, DEMO.parent);
});

test('a student uploads an avatar and sees it in the header; the teacher’s proctor board and students list and the parent’s child card show it', async ({ page, browser, request }, testInfo) => {
  const file = testInfo.outputPath('me.png');
  await sharp({ create: { width: 320, height: 320, channels: 3, background: '#e8590c' } }).png().toFile(file);
  await signIn(page, DEMO.student);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change photo' }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  const headerImg = page.getByTestId('header-avatar').locator('img');
  await expect(headerImg).toHaveAttribute('src', /^\/uploads\/avatars\/[0-9a-f]{32}\.webp$/);
  // The image really loads (served from the uploads path, allowed by the page's CSP).
  await expect.poll(() => headerImg.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  const avatarUrl = await headerImg.getAttribute('src');

  // The teacher's board lists every student the exam is meant for, with their avatar.
  const examId = await quickExam(request, 'Avatar Board Exam');
  const teacher = await browser.newContext();
  const board = await teacher.newPage();
  await signIn(board, DEMO.teacher);
  await board.goto(`/exam/${examId}/proctor`);
  await expect(board.getByTestId('proctor-avatar').locator(`img[src="${avatarUrl}"]`)).toBeVisible();
  // The teacher's students list shows it too, and, by default, not the student's e-mail address.
  await board.goto('/students');
  await board.getByLabel('Search by name or email').fill('Sam Student');
  const card = board.getByRole('listitem').filter({ hasText: 'Sam Student' });
  await expect(card.getByTestId('person-avatar').locator(`img[src="${avatarUrl}"]`)).toBeVisible();
  await expect(card).not.toContainText(DEMO.student);
  await teacher.close();

  // The parent sees their child's new picture on the child card.
  const family = await browser.newContext();
  const parent = await family.newPage();
  await signIn(parent, DEMO.parent);
  await parent.goto('/parent/children');
  const child = parent.getByTestId('child-card').filter({ hasText: 'Sam Student' });
  await expect(child.getByTestId('person-avatar').locator(`img[src="${avatarUrl}"]`)).toBeVisible();
  await expect.poll(() => child.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  await family.close();
});

test('dark theme, 24-hour clock and DD/MM/YYYY apply at once and show on the schedule', async ({ page, request }) => {
  await quickExam(request, 'Formats Check Exam');
  await signIn(page, DEMO.student);
  await page.goto('/settings');
  await page.getByRole('combobox', { name: 'Theme' }).click();
  await page.getByRole('option', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('combobox', { name: 'Time format' }).click();
  await page.getByRole('option', { name: /24-hour/ }).click();
  await page.getByRole('combobox', { name: 'Date format' }).click();
  await page.getByRole('option', { name: 'DD/MM/YYYY' }).click();

  await page.goto('/schedule?tab=active');
  const item = page.locator('section').filter({ hasText: 'Formats Check Exam' });
  const now = new Date();
  const dd = String(now.getUTCDate()).padStart(2, '0');
  const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
  await expect(page.getByRole('heading', { name: new RegExp(`${dd}/${mm}/${now.getUTCFullYear()}`) }).first()).toBeVisible();
  await expect(item.getByText(/\b\d{2}:\d{2} – /).first()).toBeVisible();
  await expect(item.getByText(/\b(AM|PM)\b/)).toHaveCount(0);
  // The theme is a setting: a fresh page (another device) comes back dark.
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('with confirmBeforeSubmit off, Submit Exam submits without the dialog; auto-save shows as always on and the shortcuts work', async ({ page, request }) => {
  const examId = await quickExam(request, 'No Confirm Exam');
  await signIn(page, DEMO.student);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Exam Settings' }).click();
  await expect(page.getByRole('switch', { name: /Auto-save answers/ })).toBeDisabled();
  await page.getByRole('switch', { name: /Confirm before submit/ }).click();
  await expect(page.getByRole('switch', { name: /Confirm before submit/ })).not.toBeChecked();
  await expect
    .poll(async () => (await (await request.get('/api/users/settings', { headers: bearer(await apiToken(request, DEMO.student)) })).json()).data.settings.exam.confirmBeforeSubmit)
    .toBe(false);

  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  // Auto-save is no choice in the exam: shown as always on. The shortcuts are listed and work.
  await expect(page.getByTestId('autosave-note')).toHaveText('Auto-save on');
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByText('Mark or unmark for review')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('n');
  await expect(page.getByText('Zero is an even number, true or false?')).toBeVisible();
  await page.keyboard.press('p');
  await expect(page.getByText('Zero is an even number, true or false?')).toHaveCount(0);
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await page.getByRole('button', { name: 'Submit Exam' }).click();
  await expect(page.getByRole('dialog', { name: 'Submit your exam?' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/exam-result\//);
});

test('a parent with result e-mails off gets none; turned on, the next result is e-mailed with its link', async ({ page, request }) => {
  await signIn(page, DEMO.parent);
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('switch', { name: /Result notifications/ }).click();
  await expect(page.getByRole('switch', { name: /Result notifications/ })).not.toBeChecked();
  const parentToken = await apiToken(request, DEMO.parent);
  await expect
    .poll(async () => (await (await request.get('/api/users/settings', { headers: bearer(parentToken) })).json()).data.settings.notifications.resultNotifications)
    .toBe(false);

  const before = mailsTo(DEMO.parent).length;
  const studentBefore = mailsTo(DEMO.student).length;
  await sitExamViaApi(request, await quickExam(request, 'Mail Off Exam'), (q) => (q.type === 'true-false' ? 'True' : '2'));
  // The student's own result mail goes out in the same delivery: once it is there, the parent's would be too.
  await expect.poll(() => mailsTo(DEMO.student).length).toBeGreaterThan(studentBefore);
  expect(mailsTo(DEMO.parent)).toHaveLength(before);

  await page.getByRole('switch', { name: /Result notifications/ }).click();
  await expect(page.getByRole('switch', { name: /Result notifications/ })).toBeChecked();
  await expect
    .poll(async () => (await (await request.get('/api/users/settings', { headers: bearer(parentToken) })).json()).data.settings.notifications.resultNotifications)
    .toBe(true);
  const submissionId = await sitExamViaApi(request, await quickExam(request, 'Mail On Exam'), (q) => (q.type === 'true-false' ? 'True' : '2'));
  await expect.poll(() => mailsTo(DEMO.parent).length).toBe(before + 1);
  const mail = mailsTo(DEMO.parent).at(-1)!;
  expect(mail.link).toContain(`/exam-result/${submissionId}`);
  await page.goto(new URL(mail.link!).pathname);
  await expect(page.getByText('Mail On Exam').first()).toBeVisible();
});
