import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { apiToken, bearer, DEMO, signIn, TWO_QUICK_QUESTIONS } from './support';

/**
 * Issue 54's Safe Exam Browser exam in a real Chromium. A plain browser is refused with the
 * message and the exam's file; the same exam in a browser that does what SEB does (the
 * X-SafeExamBrowser-ConfigKeyHash header on every request to our host, computed per URL, and
 * SEB's JavaScript API in each page for the socket) is sat and submitted, and the proctor board
 * shows the attempt "In Safe Exam Browser".
 */

const PASSWORD = 'password123';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A grade-9 student of its own: the other journeys' grade-10 halls stay as they expect. */
async function createStudent(request: APIRequestContext, tag: string) {
  const email = `seb-${tag}-${Math.floor(Math.random() * 1e6)}@school.test`;
  const res = await request.post('/api/users', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { firstName: 'Sebastian', lastName: `Lockdown${tag}`, email, password: PASSWORD, role: 'student', grade: 9, section: 'A' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()).data.user as { _id?: string; id?: string };
  return { id: (user._id ?? user.id)!, email, name: `Sebastian Lockdown${tag}` };
}

/**
 * What SEB running a file with this Config Key does in a browser: its header on each request to
 * our host (hashed with that request's URL), and its JavaScript API in each page, computed for
 * the URL the page was loaded from (SEB for Windows; `updateKeys` answers at once).
 */
async function actLikeSeb(context: BrowserContext, origin: string, configKey: string, pagePaths: string[]): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (!url.startsWith(`${origin}/`)) return route.continue();
    await route.continue({ headers: { ...route.request().headers(), 'x-safeexambrowser-configkeyhash': sha256(url.split('#')[0]! + configKey) } });
  });
  const apiValues = Object.fromEntries(pagePaths.map((p) => [`${origin}${p}`, sha256(`${origin}${p}${configKey}`)]));
  await context.addInitScript((values: Record<string, string>) => {
    const configKey = values[location.href.split('#')[0]!];
    if (configKey) Object.assign(window, { SafeExamBrowser: { version: 'SEB_Test', security: { configKey, updateKeys: (done: () => void) => done() } } });
  }, apiValues);
}

test('an SEB exam refuses a plain browser with its message and file; in SEB it is sat, submitted and shown as SEB on the proctor board', async ({ browser, request, baseURL }) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const tag = `${Date.now()}`.slice(-6);
  const student = await createStudent(request, tag);

  // The demo teacher's proctored exam for this student, requiring Safe Exam Browser.
  const now = Date.now();
  const created = await request.post('/api/exams', {
    headers: bearer(await apiToken(request, DEMO.teacher)),
    data: {
      title: `Lockdown quiz ${tag}`,
      subject: 'mathematics',
      description: 'Made by the browser test of Safe Exam Browser exams.',
      duration: 20,
      grade: 9,
      passingMarks: 60,
      questions: TWO_QUICK_QUESTIONS,
      eligibleStudents: [student.id],
      settings: { requireSeb: true, proctoring: { enabled: true } },
      schedule: { startDate: new Date(now - 60_000).toISOString(), endDate: new Date(now + 3600_000).toISOString(), timezone: 'UTC' },
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const examId = (await created.json()).data.exam._id as string;
  const configPath = `/api/seb/exams/${examId}/config.seb`;

  // The teacher finds the file on the exam's page: its Config Key, the link, and the download.
  const teacher = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await signIn(teacher, DEMO.teacher);
  await teacher.goto(`/admin/exams/${examId}`);
  const card = teacher.getByTestId('seb-card');
  await expect(card).toContainText('Students must sit this exam in Safe Exam Browser.');
  await expect(card.getByRole('textbox', { name: 'Link that opens the exam in Safe Exam Browser' })).toHaveValue(`seb://${new URL(origin).host}${configPath}`);
  const configKey = await card.getByRole('textbox', { name: 'Config Key' }).inputValue();
  expect(configKey).toMatch(/^[0-9a-f]{64}$/);
  const [download] = await Promise.all([teacher.waitForEvent('download'), card.getByRole('button', { name: 'Download .seb file' }).click()]);
  expect(download.suggestedFilename()).toBe(`Lockdown-quiz-${tag}.seb`);
  const file = readFileSync((await download.path())!, 'utf8');
  expect(file).toContain(`<string>${origin}/exam/${examId}</string>`);
  // SEB fetches the same file without a session.
  const fetched = await request.get(configPath);
  expect(fetched.status()).toBe(200);
  expect(await fetched.text()).toBe(file);

  // A plain Chromium: the message, the way to SEB, and no Start.
  const plain = await (await browser.newContext()).newPage();
  await signIn(plain, student.email, PASSWORD);
  await plain.goto(`/exam/${examId}`);
  await expect(plain.getByTestId('seb-required')).toContainText('This exam requires Safe Exam Browser');
  await expect(plain.getByRole('link', { name: 'Open in Safe Exam Browser' })).toHaveAttribute('href', `seb://${new URL(origin).host}${configPath}`);
  await expect(plain.getByRole('link', { name: 'Download the .seb file' })).toHaveAttribute('href', `${origin}${configPath}`);
  await expect(plain.getByRole('button', { name: /Start Exam/ })).toHaveCount(0);
  await plain.context().close();

  // The same student in "SEB": every request carries the header, every page the JavaScript API.
  const sebContext = await browser.newContext();
  await actLikeSeb(sebContext, origin, configKey, ['/login', '/dashboard', `/exam/${examId}`]);
  const seb = await sebContext.newPage();
  await signIn(seb, student.email, PASSWORD);
  await seb.goto(`/exam/${examId}`);
  await expect(seb.getByRole('heading', { name: `Lockdown quiz ${tag}` })).toBeVisible();
  // SEB keeps the student in the exam: no fullscreen asked for, no tab-switch rule.
  await expect(seb.getByTestId('proctoring-notice')).not.toContainText('submits your exam automatically');
  await seb.getByRole('button', { name: 'Start Exam' }).click();
  await expect(seb.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  expect(await seb.evaluate(() => document.fullscreenElement)).toBeNull();
  // Saved over the socket, whose handshake carried the JavaScript API's values.
  await seb.getByRole('radio', { name: '2', exact: true }).check();
  await expect(seb.getByTestId('save-status')).toHaveText('All answers saved');

  // The proctor board says where the attempt is sat.
  await teacher.goto(`/exam/${examId}/proctor`);
  const row = teacher.getByTestId('proctor-row').filter({ hasText: student.name });
  await expect(row.getByTestId('row-status')).toHaveText('In progress · online');
  await expect(row.getByTestId('seb-badge')).toHaveText('In Safe Exam Browser');

  await seb.getByRole('button', { name: 'Next' }).click();
  await seb.getByRole('radio', { name: 'True', exact: true }).check();
  await expect(seb.getByTestId('save-status')).toHaveText('All answers saved');
  await seb.getByRole('button', { name: 'Submit Exam' }).click();
  await seb.getByRole('dialog', { name: 'Submit your exam?' }).getByRole('button', { name: 'Yes, submit my exam' }).click();
  await expect(seb.getByTestId('submitted-title')).toBeVisible();
  await expect(seb.getByRole('link', { name: 'Leave Safe Exam Browser' })).toHaveAttribute('href', '/seb/quit');
  await expect(row.getByTestId('row-status')).toContainText('Submitted');
  await expect(row.getByTestId('seb-badge')).toBeVisible();
});
