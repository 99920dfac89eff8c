import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations, injectAxe } from './axe';
import { apiToken, bearer, createExamAsTeacher, DEMO, signIn, sitExamViaApi, uniqueEmail } from './support';

/**
 * Issue 13 in a real browser: every link a signed-in user is offered (header, role navigation,
 * footer, dashboard quick actions) opens a working page without console errors or serious
 * accessibility violations, and the teacher's dashboard follows a submission live.
 */

// axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

type Role = 'admin' | 'teacher' | 'student' | 'parent';

/** Every in-app link inside the header, the role navigation, the footer and the quick actions. */
async function offeredLinks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scopes = ['header', 'nav', 'footer', '#quick-actions'];
    const hrefs = new Set<string>();
    for (const scope of scopes) {
      for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>(`${scope} a[href]`))) {
        const url = new URL(a.href);
        if (url.origin === location.origin) hrefs.add(url.pathname);
      }
    }
    return [...hrefs];
  });
}

/** The checks every visited page must pass; `path` names it in failures. */
async function expectHealthyPage(page: Page, path: string, errors: string[]): Promise<void> {
  // Every page (error pages included) has a heading in main once it has rendered.
  await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Page Not Found' }), `${path} exists`).toHaveCount(0);
  await expect(page.getByText('Something went wrong.'), `${path} renders`).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Access Denied' }), `${path} is allowed`).toHaveCount(0);
  expect(await page.title(), `${path} has a title`).toMatch(/ · ExamPortal$/);
  await expectNoSeriousViolations(page, path);
  expect(errors, `${path} console`).toEqual([]);
}

for (const role of ['admin', 'teacher', 'student', 'parent'] as Role[]) {
  test(`${role}: every offered link opens a working, accessible page`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    // Loaded before the app's own scripts on every page, so no extra round trip per page.
    await injectAxe(page);
    await signIn(page, DEMO[role]);
    // A crawl from where sign-in lands: each distinct path once, and whatever a visited page
    // offers (the role dashboards add their quick actions) joins the queue.
    const own = { admin: '/admin/dashboard', teacher: '/teacher/dashboard', student: '/student/dashboard', parent: '/parent/dashboard' }[role];
    const queue = ['/dashboard', own];
    for (let i = 0; i < queue.length; i++) {
      const href = queue[i]!;
      errors.length = 0;
      // Sign-in has just opened the first one.
      if (i > 0) await page.goto(href);
      await expectHealthyPage(page, href, errors);
      // The role dashboards show their figures before their quick actions are read.
      if (href === own && role !== 'parent') await expect(page.getByTestId('dashboard-stats')).toBeVisible();
      for (const link of await offeredLinks(page)) {
        const path = link.split('#')[0]!;
        if (path !== '/login' && !queue.includes(path)) queue.push(path);
      }
    }
    expect(queue.length).toBeGreaterThan(8);
  });
}

test('public pages work at 390 px wide, and Help finds nothing for nonsense', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/', '/about', '/contact', '/help', '/privacy', '/terms', '/cookies', '/demo']) {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} fits 390 px`).toBeLessThanOrEqual(0);
  }
  await page.goto('/help');
  await page.getByLabel('Search the FAQ').fill('zebra');
  await expect(page.getByText('No results found for "zebra"')).toBeVisible();
  await page.getByLabel('Search the FAQ').fill('browsers');
  await expect(page.getByRole('button', { name: 'Which browsers are supported?' })).toBeVisible();

  // The hero's Watch Demo: a tour of real screenshots, and one-click sign-in as a demo role.
  await page.goto('/');
  await page.getByRole('link', { name: 'Watch Demo' }).click();
  await expect(page.getByRole('img', { name: 'Screenshot: teachers screen' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as Student' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('role-badge')).toHaveText('Student');
});

test('a contact message reaches the admin dashboard', async ({ page, browser }) => {
  const subject = `Question ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Visiting Parent');
  await page.getByLabel('Email').fill('visitor@example.org');
  await page.getByLabel('Subject').fill(subject);
  // The form's field: the FAQ beside it asks 'Who reads my message?'.
  await page.getByRole('textbox', { name: 'Message' }).fill('When does the spring term start?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent successfully! We will get back to you soon.')).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin/analytics');
  await expect(admin.getByTestId('contact-messages')).toContainText(subject);
  await expect(admin.getByTestId('health-status')).toHaveText('healthy');
});

test('the teacher’s pending grading count changes live when a student submits an essay', async ({ page, request }) => {
  const title = `Live Dashboard ${Date.now()}`;
  // A teacher of its own: the demo teacher's dashboard lists only five exams, and other journeys add theirs.
  const teacher = { email: uniqueEmail('live-teacher'), password: 'grading-live-1' };
  const created = await request.post('/api/users', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { firstName: 'Lina', lastName: 'Live', email: teacher.email, password: teacher.password, role: 'teacher', subject: 'science' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const examId = await createExamAsTeacher(request, {
    title,
    subject: 'science',
    description: 'Made by the browser test of the live dashboard.',
    duration: 30,
    questions: [{ text: 'Explain in a sentence why ice floats on water.', type: 'essay', subject: 'science', points: 5, sampleAnswer: 'Ice is less dense.' }],
    openForHours: 2,
  }, teacher);
  await signIn(page, teacher.email, teacher.password);
  await page.goto('/teacher/dashboard');
  const pending = page.getByTestId('stat-pending-grading');
  await expect(pending).toHaveText(/^\d+$/);
  const before = Number(await pending.textContent());
  await expect(page.getByTestId(`sitting-${examId}`)).toHaveText('0 sitting now');

  await sitExamViaApi(request, examId, () => 'Ice is less dense than liquid water.');

  await expect(pending).toHaveText(String(before + 1));
  await expect(page.getByTestId('pending-grading')).toContainText(title);
  await page.getByTestId('pending-grading').getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(page).toHaveURL(/\/grade-submission\//);
});

test('an admin renames the school: the header and tab title follow at once', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/settings');
  const name = page.getByLabel('School name');
  await name.fill('Hillside Academy');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Platform settings saved')).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Hillside Academy');
  await expect(page).toHaveTitle('Admin Settings · Hillside Academy');
  await page.getByRole('button', { name: 'Send a test e-mail to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Test e-mail sent to admin@example.com' })).toBeVisible();
  await name.fill('ExamPortal');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByRole('banner')).toContainText('ExamPortal');
});
