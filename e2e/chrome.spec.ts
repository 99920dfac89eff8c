import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, signIn, TWO_QUICK_QUESTIONS, uniqueEmail } from './support';

/**
 * Issue 18's page chrome in a real browser: breadcrumbs that name things and lead somewhere, one
 * page width, toasts that leave the header usable, a favicon, the teacher's preview, and links a
 * role cannot use kept out of sight.
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

/** A teacher of its own with one published exam, so lists and counts are this test's alone. */
async function teacherWithExam(request: APIRequestContext, title: string): Promise<{ teacher: { email: string; password: string }; examId: string }> {
  const teacher = { email: uniqueEmail('chrome-teacher'), password: 'chrome-teacher-1' };
  const created = await request.post('/api/users', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { firstName: 'Cara', lastName: 'Chrome', email: teacher.email, password: teacher.password, role: 'teacher', subject: 'mathematics' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const examId = await createExamAsTeacher(
    request,
    { title, subject: 'mathematics', description: 'Made by the browser test of the page chrome.', duration: 30, questions: TWO_QUICK_QUESTIONS, openForHours: 2 },
    teacher,
  );
  return { teacher, examId };
}

const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/** The trail's words, in order, and that none of them is the exam's id. */
async function expectTrail(page: Page, words: string[], examId: string): Promise<void> {
  await expect(crumbs(page).locator('a, p')).toHaveText(words);
  expect(await crumbs(page).innerText()).not.toContain(examId);
}

test('breadcrumbs name the exam and every crumb opens a working page', async ({ page, request }) => {
  const title = `Crumbs ${Date.now()}`;
  const { teacher, examId } = await teacherWithExam(request, title);
  await page.setViewportSize(DESKTOP);
  await signIn(page, teacher.email, teacher.password);

  await page.goto(`/exam/${examId}/questions`);
  await expectTrail(page, ['Home', 'Exams', title, 'Questions'], examId);
  await expect(page).toHaveTitle(/^Questions · /);

  // The exam's name leads to its details page, which names it too.
  await crumbs(page).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/exams/${examId}$`));
  await expectTrail(page, ['Home', 'Exams', title], examId);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);

  // The results page, reached from the exam card's Results link.
  await page.goto(`/exam/results/${examId}`);
  await expectTrail(page, ['Home', 'Exams', title, 'Results'], examId);
  await crumbs(page).getByRole('link', { name: 'Exams' }).click();
  await expect(page).toHaveURL(/\/exams$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
});

test('the teacher previews an exam as a student sees it, and no attempt is recorded', async ({ page, request }) => {
  const title = `Preview ${Date.now()}`;
  const { teacher, examId } = await teacherWithExam(request, title);
  await page.setViewportSize(DESKTOP);
  await signIn(page, teacher.email, teacher.password);

  // From the exam card.
  await page.goto(`/exams?search=${encodeURIComponent(title)}`);
  const card = page.getByRole('article', { name: title });
  await card.getByRole('link', { name: 'Preview' }).click();
  await expect(page).toHaveURL(new RegExp(`/exam/${examId}/preview$`));
  await expect(page.getByText('Preview — no answers are recorded')).toBeVisible();
  await expectTrail(page, ['Home', 'Exams', title, 'Preview'], examId);
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await page.getByRole('radio', { name: '2' }).check();
  await expect(page.getByTestId('palette-1')).toHaveAttribute('data-status', 'answered');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'True' }).check();
  await expect(page.getByRole('button', { name: 'Submit Exam' })).toHaveCount(0);

  // From the questions page, which shows its owner the options and the key.
  await page.goto(`/exam/${examId}/questions`);
  await expect(page.getByRole('article', { name: 'Question 1' }).getByRole('list', { name: 'Options' })).toContainText('(correct answer)');
  await page.getByRole('link', { name: 'Preview as Student' }).click();
  await expect(page.getByText('Preview — no answers are recorded')).toBeVisible();

  const exam = await request.get(`/api/exams/${examId}`, { headers: bearer(await apiToken(request, teacher.email, teacher.password)) });
  expect((await exam.json()).data.exam.hasAttempts).toBe(false);
  const stats = await request.get(`/api/submissions?examId=${examId}`, { headers: bearer(await apiToken(request, teacher.email, teacher.password)) });
  expect(stats.ok(), await stats.text()).toBe(true);
  expect((await stats.json()).data.total).toBe(0);
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px every signed-in page has the one width, and a toast leaves the header's buttons free`, async ({ page, request }) => {
    test.setTimeout(150_000);
    const { teacher, examId } = await teacherWithExam(request, `Width ${Date.now()}`);
    await page.setViewportSize(viewport);
    await signIn(page, teacher.email, teacher.password);

    // Each page fills the shell's one container: its root box starts and ends where the breadcrumb
    // does (a page with a width of its own would be narrower and centred), in a container of one size.
    let width: number | undefined;
    for (const path of ['/dashboard', '/exams', '/create-exam', '/settings', '/notifications', '/students', `/exam/${examId}/questions`, `/exam/${examId}/preview`, `/admin/exams/${examId}`]) {
      await page.goto(path);
      await expect(page.locator('main h1').first(), path).toBeVisible();
      const pageRoot = page.locator('[data-testid="page-container"] > nav[aria-label="Breadcrumb"] + *');
      const [p, c, box] = await Promise.all([pageRoot.boundingBox(), crumbs(page).boundingBox(), page.getByTestId('page-container').boundingBox()]);
      expect(Math.abs(p!.x - c!.x), `${path}: the page starts where the breadcrumb does`).toBeLessThanOrEqual(1);
      expect(Math.abs(p!.width - c!.width), `${path}: the page is as wide as the breadcrumb`).toBeLessThanOrEqual(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} fits`).toBeLessThanOrEqual(0);
      if (path === '/students') {
        // A wide table may use more room, never less.
        expect(box!.width, path).toBeGreaterThanOrEqual(width!);
        continue;
      }
      width ??= box!.width;
      expect(box!.width, `${path}: the one page width`).toBe(width);
    }

    // A toast (the contact form's) opens below the header: no header control is covered.
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Cara Chrome');
    await page.getByLabel('Email').fill(teacher.email);
    await page.getByLabel('Subject').fill('Toast placement');
    // The form's field: the FAQ beside it asks 'Who reads my message?'.
    await page.getByRole('textbox', { name: 'Message' }).fill('Checking where the toast appears on the page.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Message sent successfully!' });
    await expect(toast).toBeVisible();
    const t = (await toast.boundingBox())!;
    const controls = page.locator('header').locator('a:visible, button:visible');
    expect(await controls.count()).toBeGreaterThan(1);
    for (const control of await controls.all()) {
      const b = (await control.boundingBox())!;
      const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
      expect(overlaps, `toast covers ${await control.getAttribute('aria-label') ?? await control.innerText()}`).toBe(false);
    }
    // And the header's buttons take clicks while the toast is up.
    const before = await page.locator('html').getAttribute('data-theme');
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click({ trial: false });
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', before!);
    await expect(toast).toBeVisible();
  });
}

test('the app has a favicon that its pages link and the server answers', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(href).toBe('/favicon.svg');
  const icon = await request.get(href!);
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toContain('image/svg+xml');
  expect(await icon.text()).toContain('<svg');
});

test('a role is not shown links it may not open', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, DEMO.student);
  const footer = page.getByRole('navigation', { name: 'Footer navigation' });
  await expect(footer.getByRole('link', { name: 'Exam List' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Create Exam' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await signIn(page, DEMO.admin);
  for (const path of ['/dashboard', '/admin/dashboard']) {
    await page.goto(path);
    await expect(page.getByTestId('quick-actions').first()).toBeVisible();
    await expect(page.locator('a[href="/schedule"]'), path).toHaveCount(0);
    await expect(page.locator('footer').getByRole('link', { name: 'Exam List' })).toHaveCount(0);
  }
});
