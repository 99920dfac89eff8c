import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, mailedLink, sitExamViaApi, uniqueEmail } from './support';

/**
 * Parent linking in a real browser: a parent registers and asks to link a
 * child; nothing is visible until the child accepts from the notification's link; then the
 * teacher releases a result and the parent's dashboard shows it live, without a reload.
 */

const PASSWORD = DEMO.password;

/** A verified grade-10 student (the grade the teacher's exams are for), made through the API. */
async function registerStudent(request: APIRequestContext, email: string) {
  const res = await request.post('/api/auth/register', {
    data: { firstName: 'Nia', lastName: 'Okafor', email, password: PASSWORD, confirmPassword: PASSWORD, role: 'student', grade: 10, section: 'A' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await verifyFromMail(request, email);
}

/** Follows the mailed verification link's token through the API (the verify page has its own journey). */
async function verifyFromMail(request: APIRequestContext, email: string) {
  const token = new URL(await mailedLink(email)).searchParams.get('token');
  expect((await request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
}

test('a parent requests a link, the child accepts it, and a released result reaches the parent dashboard live', async ({ page, browser, request }) => {
  const parentEmail = uniqueEmail('e2e-parent');
  const childEmail = uniqueEmail('e2e-child');
  await registerStudent(request, childEmail);

  // The parent registers through the form, verifies from the mailed link and signs in.
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Ngozi');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Email').fill(parentEmail);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByLabel('Role').selectOption('parent');
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });
  await verifyFromMail(request, parentEmail);
  await page.getByLabel('Email').fill(parentEmail);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The header's Children link leads to the parent dashboard; the request is made from the children list.
  await page.getByRole('navigation', { name: 'Role navigation' }).getByRole('link', { name: 'Children' }).click();
  await expect(page).toHaveURL(/\/parent\/dashboard$/);
  await expect(page.getByText('No children linked yet')).toBeVisible();
  await page.goto('/parent/children');
  await page.getByRole('button', { name: 'Add Child' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Child' });
  await dialog.getByRole('button', { name: 'Add Child' }).click();
  await expect(dialog.getByTestId('add-child-error')).toHaveText('Please fill in all fields');
  await dialog.getByLabel("Child's email").fill(childEmail);
  await dialog.getByRole('combobox', { name: 'Relationship' }).click();
  await page.getByRole('option', { name: 'Mother' }).click();
  await dialog.getByRole('button', { name: 'Add Child' }).click();
  await expect(page.getByText('Child added successfully!')).toBeVisible();
  await expect(page.getByTestId('child-card').filter({ hasText: 'Nia Okafor' })).toContainText('Awaiting confirmation');

  // The child follows the notification's link and accepts.
  const childContext = await browser.newContext();
  const child = await childContext.newPage();
  await child.goto('/login');
  await child.getByLabel('Email').fill(childEmail);
  await child.getByLabel('Password').fill(PASSWORD);
  await child.getByRole('button', { name: 'Sign In' }).click();
  await expect(child).toHaveURL(/\/dashboard$/);
  await child.goto('/notifications');
  await child.getByTestId('notification-item').filter({ hasText: 'A parent wants to follow your results' }).getByRole('button', { name: /Unread/ }).click();
  await expect(child).toHaveURL(/\/parent-requests$/);
  await child.getByRole('button', { name: 'Accept Ngozi Okafor' }).click();
  await expect(child.getByText('No requests waiting for your answer.')).toBeVisible();
  await childContext.close();

  // The parent's dashboard: the child is linked, nothing taken yet.
  await page.goto('/parent/dashboard');
  await expect(page.getByTestId('child-card').filter({ hasText: 'Nia Okafor' })).toContainText('Linked');
  await expect(page.getByText('No recent activity yet.')).toBeVisible();

  // The child sits an exam whose results wait for the teacher; releasing them reaches the open dashboard.
  const title = `Linked family quiz ${Date.now()}`;
  const examId = await createExamAsTeacher(request, {
    title,
    subject: 'mathematics',
    description: 'Made by the parent browser test.',
    duration: 20,
    settings: { showResultsImmediately: false },
    questions: [
      { text: 'What is 6 x 7?', type: 'multiple-choice', subject: 'mathematics', options: ['42', '36'], correctAnswer: '42', points: 1 },
      { text: 'What is 9 - 4?', type: 'multiple-choice', subject: 'mathematics', options: ['5', '6'], correctAnswer: '5', points: 1 },
    ],
    openForHours: 3,
  });
  await sitExamViaApi(request, examId, () => '42', childEmail);
  const released = await request.put(`/api/exams/${examId}/release-results`, { headers: bearer(await apiToken(request, DEMO.teacher)) });
  expect(released.ok(), await released.text()).toBe(true);

  const activity = page.getByTestId('recent-activities').getByRole('row').filter({ hasText: title });
  await expect(activity).toContainText('50% (C)');
  await expect(activity).toContainText('Nia Okafor');
  await expect(page.getByTestId('stat-total-exams')).toHaveText('1');

  // The child's progress opens from the dashboard with its chart.
  await page.getByRole('link', { name: 'View Progress' }).click();
  await expect(page).toHaveURL(/\/parent\/child\/[0-9a-f-]+\/progress$/);
  await expect(page.getByTestId('progress-chart')).toBeVisible();
});
