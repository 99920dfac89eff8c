import { expect, test, type APIRequestContext } from '@playwright/test';
import { platformUrls, startFakeLms, type FakeLms } from '../server/src/test/fakeLms';
import { addPlatformRoutes, deepLinkingClaims, resourceLinkClaims, type FakePlatform } from '../server/src/test/fakeLms/platform';
import { apiToken, bearer, DEMO, TWO_QUICK_QUESTIONS } from './support';

/**
 * The exam platform inside a school's LMS (docs/lti.md): a fake LMS on http://127.0.0.1 (another
 * site than the tool on http://localhost) shows the tool in an iframe of its course page. A
 * teacher adds an exam to the course by Deep Linking from inside the frame; a student launched
 * from the course signs in, answers and submits inside the frame. Cookies there are third-party:
 * the login's state cookie and the session's refresh cookie are SameSite=None, Secure and
 * Partitioned, and the API takes its token from the Authorization header, never from a cookie.
 */
const TOOL = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

let lms: FakeLms;
let platform: FakePlatform;
let examId: string;
const title = `Forces in the LMS ${Date.now()}`;

/** A published exam of the demo teacher for grade 11 (grade 10 is the other journeys'), with no proctoring. */
async function createExam(request: APIRequestContext): Promise<string> {
  const now = Date.now();
  const res = await request.post('/api/exams', {
    headers: bearer(await apiToken(request, DEMO.teacher)),
    data: {
      title,
      subject: 'physics',
      description: 'Made by the browser test of the LMS launch.',
      duration: 30,
      grade: 11,
      passingMarks: 50,
      questions: TWO_QUICK_QUESTIONS,
      settings: { proctoring: { enabled: false } },
      schedule: { startDate: new Date(now - 60_000).toISOString(), endDate: new Date(now + 3 * 3600_000).toISOString(), timezone: 'UTC' },
      isPublished: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.exam._id as string;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ playwright }) => {
  lms = await startFakeLms({ host: '127.0.0.1' });
  platform = addPlatformRoutes(lms, TOOL);
  const request = await playwright.request.newContext({ baseURL: TOOL });
  const registered = await request.post('/api/lti/platforms', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { name: 'Fake LMS', ...platformUrls(lms) },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  examId = await createExam(request);
  await request.dispose();
});

test.afterAll(async () => {
  await lms?.stop();
});

test('a teacher adds an exam to the course from inside the LMS’s frame, and the LMS receives it signed', async ({ page }) => {
  platform.prepare('add-activity', platform.signed(deepLinkingClaims(lms, platform, { sub: 'e2e-teacher', data: 'lms-state-1' })));
  await page.goto(`${lms.url}/course?hint=add-activity`);
  const frame = page.frameLocator('iframe[title="Exam"]');
  await expect(frame.getByRole('heading', { name: 'Add an exam to your course' })).toBeVisible();
  await expect(frame.getByText('Pick the exam this Fake LMS activity opens')).toBeVisible();

  // The launch made the teacher an account of their own; their exams are in the demo account.
  const link = frame.getByRole('form', { name: 'Your exams are in another account?' });
  await link.getByLabel('Email').fill(DEMO.teacher);
  await link.getByLabel('Password').fill(DEMO.password);
  await link.getByRole('button', { name: 'Use my exam platform account' }).click();
  await frame.getByRole('button', { name: `Add ${title} to the course` }).click();

  // The tool posts its answer back to the LMS, which shows it in the same frame.
  await expect(frame.locator('#added')).toHaveText(`Added to the course: ${title}`);
  const { payload, items } = platform.deepLinkReturns.at(-1)!;
  expect(payload['https://purl.imsglobal.org/spec/lti-dl/claim/data']).toBe('lms-state-1');
  expect(items).toEqual([expect.objectContaining({ type: 'ltiResourceLink', title, custom: { exam_id: examId }, url: `${TOOL}/api/lti/launch` })]);
  // The course page itself never left the LMS.
  expect(new URL(page.url()).origin).toBe(lms.url);
});

test('a student launched from the course sits the exam inside the LMS’s frame', async ({ page }) => {
  const activity = platform.deepLinkReturns.at(-1)?.items[0]?.custom as { exam_id: string } | undefined;
  platform.prepare(
    'sit-exam',
    platform.signed(resourceLinkClaims(lms, { sub: 'e2e-student', name: 'Lin Okafor', email: `lin-${Date.now()}@lms.example`, examId: activity?.exam_id ?? examId })),
  );
  await page.goto(`${lms.url}/course?hint=sit-exam&login_hint=lin`);
  const frame = page.frameLocator('iframe[title="Exam"]');

  // Signed in inside the frame, on the exam's start page.
  await expect(frame.getByRole('heading', { name: title })).toBeVisible();
  await frame.getByRole('button', { name: 'Start Exam' }).click();
  await expect(frame.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await frame.getByRole('radio', { name: '2', exact: true }).check();
  await frame.getByRole('button', { name: 'Next' }).click();
  await frame.getByRole('radio', { name: 'True', exact: true }).check();
  await expect(frame.getByTestId('save-status')).toHaveText('All answers saved');
  await frame.getByRole('button', { name: 'Submit Exam' }).click();
  await frame.getByRole('dialog', { name: 'Submit your exam?' }).getByRole('button', { name: 'Yes, submit my exam' }).click();
  await expect(frame.getByRole('heading', { name: title })).toBeVisible();
  await expect(frame.getByText('Lin Okafor').first()).toBeVisible();

  // All of it happened in the frame: the page is still the LMS's course, the tool another site.
  expect(new URL(page.url()).origin).toBe(lms.url);
  const tool = page.frames().find((f) => f.url().startsWith(TOOL));
  expect(new URL(tool!.url()).pathname).toMatch(/^\/exam-result\/[0-9a-f-]{36}$/);
  // The session outlives its 15-minute access token in the frame: the frame's refresh cookie
  // (partitioned under the LMS's site) is kept and sent, and a refresh answers a new token.
  const refreshed = await tool!.evaluate(async () => {
    const res = await fetch('/api/auth/refresh-token', { method: 'POST', credentials: 'include' });
    return { status: res.status, name: ((await res.json()) as { data?: { user?: { name?: string } } }).data?.user?.name };
  });
  expect(refreshed).toEqual({ status: 200, name: 'Lin Okafor' });

  // Reloaded, the frame (whose browser keeps no storage for it) finds the session in that cookie.
  const reloaded = page.waitForEvent('framenavigated', (f) => f === tool);
  await tool!.evaluate(() => setTimeout(() => location.reload(), 0));
  await reloaded;
  await expect(frame.getByRole('heading', { name: title })).toBeVisible();
  await expect(frame.getByText('Lin Okafor').first()).toBeVisible();
  await expect(frame.getByRole('link', { name: /sign in/i })).toHaveCount(0);
});
