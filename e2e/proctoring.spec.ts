import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import config from '../playwright.config';
import { expectNoSeriousViolations, injectAxe } from './axe';
import { createExamAsTeacher, DEMO, leaveTabAndReturn, secondsLeft, signIn, TWO_QUICK_QUESTIONS } from './support';

/**
 * The live proctor board in a real browser, with the demo teacher and the demo student
 * in two browser contexts: progress and a tab switch reach the board live, a message reaches the
 * student, an extension moves the student's timer, and the camera tile plays the student's
 * stream from Chromium's fake camera (peer to peer on this machine).
 */

// Chromium's fake camera and an auto-accepted permission prompt, on top of the config's flags.
const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...baseArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const STUDENT_NAME = 'Sam Student';

/** A published, proctored exam of two quick questions for the demo student, open from a minute ago. */
const createExam = (request: APIRequestContext, over: { title: string; camera: boolean }) =>
  createExamAsTeacher(request, {
    title: over.title,
    subject: 'mathematics',
    description: 'Made by the browser test of the proctor board.',
    duration: 20,
    instructions: 'Answer what you can.',
    settings: { proctoring: { enabled: true, enableCamera: over.camera } },
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 24,
  });

async function twoPeople(browser: Browser) {
  const teacherContext = await browser.newContext();
  const studentContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  const student = await studentContext.newPage();
  await signIn(teacher, DEMO.teacher);
  await signIn(student, DEMO.student);
  return { teacher, student, close: async () => Promise.all([teacherContext.close(), studentContext.close()]) };
}

const rowOf = (page: Page) => page.getByTestId('proctor-row').filter({ has: page.getByText(STUDENT_NAME, { exact: true }) });

async function rowAction(page: Page, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${STUDENT_NAME}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('the board shows the student’s progress and a tab switch live, and the proctor’s message and extension reach the student', async ({ browser, request }) => {
  const examId = await createExam(request, { title: `Proctored live ${Date.now()}`, camera: false });
  const { teacher, student, close } = await twoPeople(browser);

  await teacher.goto(`/exam/${examId}/proctor`);
  await expect(teacher.getByTestId('board-connection')).toHaveText('Live');
  const row = rowOf(teacher);
  await expect(row.getByTestId('row-status')).toHaveText('Not started');

  await student.goto(`/exam/${examId}`);
  await student.getByRole('button', { name: 'Start Exam' }).click();
  await student.getByRole('radio', { name: '2', exact: true }).check();
  await expect(student.getByTestId('save-status')).toHaveText('All answers saved');

  // Progress arrives pushed (no reload, no polling).
  await expect(row.getByTestId('row-status')).toHaveText('In progress · online');
  await expect(row.getByTestId('row-progress')).toHaveText('1 of 2');
  await expect(row.getByTestId('row-saves')).toHaveText('All saved');
  await expect(teacher.getByTestId('feed-item').filter({ hasText: 'Joined' }).first()).toContainText(STUDENT_NAME);

  await leaveTabAndReturn(student);
  await expect(student.getByTestId('violation-warning')).toBeVisible();
  await expect(row.getByTestId('row-tab-switches')).toHaveText('1');
  await expect(row).toHaveAttribute('data-attention', 'true');
  await expect(row.getByTestId('row-attention')).toContainText('Violations');
  await expect(teacher.getByTestId('feed-item').first()).toContainText('Tab switch');

  // A message to this student, shown at once as a dismissible banner.
  await rowAction(teacher, 'Send message');
  const messageDialog = teacher.getByRole('dialog', { name: `Message ${STUDENT_NAME}` });
  await messageDialog.getByLabel('Message').fill('Please keep this tab open.');
  await messageDialog.getByRole('button', { name: 'Send message' }).click();
  await expect(messageDialog).toBeHidden();
  const banner = student.getByTestId('proctor-message');
  await expect(banner).toContainText('Please keep this tab open.');
  await expect(teacher.getByTestId('feed-item').first()).toContainText('Please keep this tab open.');
  await student.getByRole('button', { name: 'Dismiss message' }).click();
  await expect(banner).toHaveCount(0);

  // Ten more minutes: the student's timer jumps forward at once.
  const before = await secondsLeft(student);
  await rowAction(teacher, 'Extend time');
  const extendDialog = teacher.getByRole('dialog', { name: `Extend time for ${STUDENT_NAME}` });
  await extendDialog.getByLabel('Extra minutes').fill('10');
  await extendDialog.getByRole('button', { name: 'Extend time' }).click();
  await expect(extendDialog).toBeHidden();
  await expect.poll(() => secondsLeft(student), { timeout: 10_000 }).toBeGreaterThan(before + 9 * 60);
  await expect(teacher.getByTestId('feed-item').first()).toContainText('+10 min');
  await expect(row.getByTestId('row-time-left')).toHaveText(/2\d min left/);

  await close();
});

test('the proctor’s camera tile plays the student’s camera, peer to peer', async ({ browser, request }) => {
  const examId = await createExam(request, { title: `Proctored camera ${Date.now()}`, camera: true });
  const { teacher, student, close } = await twoPeople(browser);

  await student.goto(`/exam/${examId}`);
  const start = student.getByRole('button', { name: 'Start Exam' });
  // No camera, no exam.
  await expect(start).toBeDisabled();
  // A camera exam opens with the system check and asks the student to accept what is checked first.
  await student.getByTestId('system-check').getByRole('button', { name: 'Allow camera' }).click();
  await expect(student.getByTestId('check-camera')).toHaveAttribute('aria-label', 'Camera: Passed');
  await student.getByTestId('consent-panel').getByRole('checkbox', { name: 'I have read what is checked and kept, and I accept it' }).check();
  await start.click();
  await expect(student.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();

  await teacher.goto(`/exam/${examId}/proctor`);
  await expect(rowOf(teacher).getByTestId('row-status')).toHaveText('In progress · online');
  await rowAction(teacher, 'View camera');
  const tile = teacher.getByTestId('camera-tile');
  await expect(tile).toContainText(STUDENT_NAME);
  const video = tile.getByTestId('camera-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 2 && v.videoWidth > 0 ? 'playing' : `readyState ${v.readyState}`)), { timeout: 20_000 })
    .toBe('playing');

  await tile.getByRole('button', { name: `Close the camera of ${STUDENT_NAME}` }).click();
  await expect(tile).toHaveCount(0);
  await close();
});

test('a student submitted for violations is reinstated by the proctor and continues where they were', async ({ browser, request }) => {
  const examId = await createExam(request, { title: `Proctored reinstate ${Date.now()}`, camera: false });
  const { teacher, student, close } = await twoPeople(browser);

  await student.goto(`/exam/${examId}`);
  await student.getByRole('button', { name: 'Start Exam' }).click();
  await student.getByRole('radio', { name: '2', exact: true }).check();
  await expect(student.getByTestId('save-status')).toHaveText('All answers saved');
  for (let i = 1; i <= 4; i++) {
    await leaveTabAndReturn(student);
    if (i < 4) await expect(student.getByTestId('violation-warning')).toContainText(`(${i} time`);
  }
  await expect(student.getByTestId('submitted-title')).toHaveText('Exam submitted automatically');

  await injectAxe(teacher);
  await teacher.goto(`/exam/${examId}/proctor`);
  const row = rowOf(teacher);
  await expect(row.getByTestId('row-status')).toHaveText('Submitted for violations');
  await rowAction(teacher, 'Reinstate');
  const dialog = teacher.getByRole('dialog', { name: `Reinstate ${STUDENT_NAME}?` });
  await expectNoSeriousViolations(teacher, 'the reinstate dialog');
  await dialog.getByRole('button', { name: 'Reinstate' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('row-status')).toHaveText('In progress · online');
  await expect(row.getByTestId('row-tab-switches')).toHaveText('0');

  // Back in the exam, with the answer kept and the clock running.
  await expect(student.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await expect(student.getByRole('radio', { name: '2', exact: true })).toBeChecked();
  await expect(student.getByTestId('exam-timer')).toContainText('left');
  await close();
});

test('a student is refused the board', async ({ page, request }) => {
  const examId = await createExam(request, { title: `Proctored refusal ${Date.now()}`, camera: false });
  await signIn(page, DEMO.student);
  await page.goto(`/exam/${examId}/proctor`);
  // The route itself is for staff only.
  await expect(page.getByText("Access denied. You don't have permission to view this page.")).toBeVisible();
});
