import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import config from '../playwright.config';
import { apiToken, bearer, createExamAsTeacher, DEMO, signIn, TWO_QUICK_QUESTIONS } from './support';

/**
 * The proctor board on a 1366×768 laptop: every column, the attention state and the row
 * actions without sideways scrolling, the tile view of the hall, and a camera that goes off when
 * the attempt is submitted.
 */

const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  viewport: { width: 1366, height: 768 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const STUDENT_NAME = 'Sam Student';

const createExam = (request: APIRequestContext, title: string, camera: boolean) =>
  createExamAsTeacher(request, {
    title,
    subject: 'mathematics',
    description: 'Made by the browser test of the proctor hall.',
    duration: 20,
    instructions: 'Answer what you can.',
    settings: { proctoring: { enabled: true, enableCamera: camera } },
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 24,
  });

/** Nothing in the element is wider than its box (no sideways scroll, no cut label). */
const overflows = (page: Page, testId: string) =>
  page.getByTestId(testId).first().evaluate((el) => el.scrollWidth - el.clientWidth);

test('at 1366×768 the board shows every column, the attention state and the row actions without sideways scrolling, and a tile view', async ({ page, request }) => {
  const examId = await createExam(request, `Hall layout ${Date.now()}`, false);
  // The demo student starts through the API and never connects: in progress, offline, needing attention.
  const start = await request.post(`/api/exams/${examId}/start`, { headers: bearer(await apiToken(request, DEMO.student)) });
  expect(start.ok()).toBe(true);

  await signIn(page, DEMO.teacher);
  await page.goto(`/exam/${examId}/proctor`);
  await expect(page.getByTestId('board-connection')).toHaveText('Live');
  const row = page.getByTestId('proctor-row').filter({ hasText: STUDENT_NAME });
  await expect(row.getByTestId('row-status')).toContainText('In progress · offline');
  await expect(row.getByTestId('row-attention')).toContainText('Offline during the exam');

  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await overflows(page, 'proctor-table-scroller')).toBeLessThanOrEqual(0);
  for (const header of ['Student', 'Status', 'Answered', 'Time left', 'Saves', 'Violations', 'Attention']) {
    const box = await page.getByRole('columnheader', { name: header, exact: true }).boundingBox();
    expect(box, header).not.toBeNull();
    expect(box!.x + box!.width, header).toBeLessThanOrEqual(1366);
  }
  const actions = page.getByRole('button', { name: `Actions for ${STUDENT_NAME}` });
  await expect(actions).toBeInViewport();
  await expect(row.getByTestId('row-attention')).toBeInViewport();
  // The status label wraps rather than being cut.
  expect(await row.getByTestId('row-status').evaluate((el) => [...el.querySelectorAll('span')].every((s) => s.scrollWidth <= s.clientWidth + 1))).toBe(true);

  // The columns that made room live in the row's detail.
  await page.getByRole('button', { name: `Details of ${STUDENT_NAME}` }).click();
  await expect(page.getByTestId('row-detail')).toContainText('Last activity');
  await expect(page.getByTestId('row-detail')).toContainText('Tab switches 0');

  // The live events can be put away.
  await expect(page.getByRole('heading', { name: 'Live events' })).toBeVisible();
  await page.getByRole('button', { name: 'Hide live events' }).click();
  await expect(page.getByRole('heading', { name: 'Live events' })).toHaveCount(0);

  // The tile view shows the hall with the board's filters.
  await page.getByText('Tiles', { exact: true }).click();
  const tile = page.getByTestId('hall-tile').filter({ hasText: STUDENT_NAME });
  await expect(tile).toBeInViewport();
  await expect(tile).toHaveAttribute('data-status', 'offline');
  await expect(tile).toContainText('0/2');
  await page.getByRole('checkbox', { name: 'Needs attention only' }).check();
  await expect(tile).toBeVisible();
  await page.getByRole('textbox', { name: 'Search students' }).fill('nobody by this name');
  await expect(page.getByTestId('hall-tile')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test('the camera tile says when the student drops, and a force-submit turns it off', async ({ browser, request }) => {
  const examId = await createExam(request, `Hall camera ${Date.now()}`, true);
  const teacherContext = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const studentContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  const student = await studentContext.newPage();
  await signIn(teacher, DEMO.teacher);
  await signIn(student, DEMO.student);

  await student.goto(`/exam/${examId}`);
  // A camera exam opens with the system check and asks the student to accept what is checked first.
  await student.getByTestId('system-check').getByRole('button', { name: 'Allow camera' }).click();
  await expect(student.getByTestId('check-camera')).toHaveAttribute('aria-label', 'Camera: Passed');
  await student.getByTestId('consent-panel').getByRole('checkbox', { name: 'I have read what is checked and kept, and I accept it' }).check();
  await student.getByRole('button', { name: 'Start Exam' }).click();
  await expect(student.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();

  await teacher.goto(`/exam/${examId}/proctor`);
  const row = teacher.getByTestId('proctor-row').filter({ hasText: STUDENT_NAME });
  await expect(row.getByTestId('row-status')).toHaveText('In progress · online');
  await teacher.getByRole('button', { name: `Actions for ${STUDENT_NAME}` }).click();
  await teacher.getByRole('menuitem', { name: 'View camera' }).click();
  const tile = teacher.getByTestId('camera-tile');
  await expect
    .poll(() => tile.getByTestId('camera-video').evaluate((v: HTMLVideoElement) => (v.readyState >= 2 && v.videoWidth > 0 ? 'playing' : `readyState ${v.readyState}`)), { timeout: 20_000 })
    .toBe('playing');

  // The student's tab goes away: the tile says why, with Retry, instead of a spinner.
  await student.close();
  await expect(tile.getByTestId('camera-notice')).toContainText(`${STUDENT_NAME} is reconnecting`);
  await expect(tile.getByRole('button', { name: 'Retry' })).toBeVisible();

  await teacher.getByRole('button', { name: `Actions for ${STUDENT_NAME}` }).click();
  await teacher.getByRole('menuitem', { name: 'Force submit' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Force submit' }).click();
  await expect(tile.getByTestId('camera-notice')).toHaveText(`Camera off: ${STUDENT_NAME} has finished the exam.`);
  await expect(tile.getByTestId('camera-video')).toHaveCount(0);
  await expect(tile.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await Promise.all([teacherContext.close(), studentContext.close()]);
});

test('on a 390×844 phone the board opens on the hall’s tiles, without sideways scrolling', async ({ browser, request }) => {
  const examId = await createExam(request, `Hall phone ${Date.now()}`, false);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.teacher);
  await page.goto(`/exam/${examId}/proctor`);
  await expect(page.getByTestId('board-connection')).toHaveText('Live');
  // The phone opens on the hall: its first tile on the first screen. (Which student that is depends
  // on who else the earlier tests put in the exam's grade: the tiles are in name order.)
  const tiles = page.getByTestId('hall-tile');
  await expect(tiles.first()).toBeInViewport();
  await expect(tiles.filter({ hasText: STUDENT_NAME })).toHaveAttribute('data-status', 'not-started');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await context.close();
});
