import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, leaveTabAndReturn, reloadOpenExam, secondsLeft, signIn, submitAttemptViaApi, TWO_QUICK_QUESTIONS } from './support';

/**
 * The live exam session in a real browser: answers of every type survive a reload with
 * the clock where it was, tab switches past the limit end the exam, and a one-minute exam ends
 * itself at zero. Each run has a fresh database, so the demo student can take the seeded
 * 'Algebra Practice Test' exactly once; the other cases use exams made here by the demo teacher.
 */

async function findExamId(request: APIRequestContext, title: string): Promise<string> {
  const token = await apiToken(request, DEMO.student);
  const res = await request.get(`/api/exams?search=${encodeURIComponent(title)}`, { headers: bearer(token) });
  const exam = ((await res.json()).data.exams as { _id: string; title: string }[]).find((e) => e.title === title);
  expect(exam, `the seeded exam '${title}'`).toBeTruthy();
  return exam!._id;
}

/** A published exam of two quick questions for the demo student, open from a minute ago. */
const createExam = (request: APIRequestContext, over: { title: string; duration: number; proctoring: boolean }) =>
  createExamAsTeacher(request, {
    title: over.title,
    subject: 'mathematics',
    description: 'Made by the browser test of exam taking.',
    duration: over.duration,
    instructions: 'Answer what you can.',
    settings: { proctoring: { enabled: over.proctoring } },
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 24,
  });

const allSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveText('All answers saved');

/** The demo student opens a fresh exam made here, starts it and answers the first question ('2'). */
async function startExamAndAnswerFirst(page: Page, request: APIRequestContext, over: { title: string; duration: number; proctoring: boolean }): Promise<string> {
  const examId = await createExam(request, over);
  await signIn(page, DEMO.student);
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await page.getByRole('radio', { name: '2', exact: true }).check();
  await allSaved(page);
  return examId;
}

test('the demo student answers every question type, reloads, finds every answer and the clock where they were, and submits', async ({ page, request }) => {
  const examId = await findExamId(request, 'Algebra Practice Test');
  await signIn(page, DEMO.student);
  await page.goto(`/exam/${examId}`);

  await expect(page.getByRole('heading', { name: 'Algebra Practice Test' })).toBeVisible();
  await expect(page.getByTestId('proctoring-notice')).toContainText('This exam is proctored');
  await page.getByRole('button', { name: 'Start Exam' }).click();

  // 1: multiple choice (math rendered by KaTeX).
  await expect(page.getByRole('heading', { name: 'Question 1 of 5' })).toBeVisible();
  await expect(page.getByTestId('question-text').locator('.katex').first()).toBeVisible();
  await page.getByRole('radio', { name: '4', exact: true }).check();
  await allSaved(page);
  await page.getByRole('button', { name: 'Next' }).click();

  // 2: true / false.
  await expect(page.getByRole('heading', { name: 'Question 2 of 5' })).toBeVisible();
  await page.getByRole('radio', { name: 'True', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // 3: fill in the blank (debounced while typing).
  await page.getByLabel('Your answer to question 3').fill('7/8');
  await expect(page.getByTestId('palette-3')).toHaveAttribute('data-status', 'answered');
  await page.getByRole('button', { name: 'Next' }).click();

  // 4: essay, marked for review.
  const essay = 'Because $(-1)(-1) = 1$ follows from the distributive law.';
  await page.getByLabel('Your answer to question 4').fill(essay);
  await page.getByRole('button', { name: 'Mark for review' }).click();
  await expect(page.getByTestId('palette-4')).toHaveAttribute('data-status', 'marked');
  await expect(page.getByRole('button', { name: 'Question 4: answered, marked for review' })).toBeVisible();
  await allSaved(page);
  await expect(page.getByText('4 of 5 answered')).toBeVisible();

  const before = await secondsLeft(page);
  expect(before).toBeLessThanOrEqual(30 * 60);

  // The browser asks first; then the screen goes straight back into the exam, no click needed.
  expect(await reloadOpenExam(page)).toBe('beforeunload');

  // The clock kept running on the server: not reset, not jumped.
  await expect(page.getByTestId('exam-timer')).toContainText('left');
  const after = await secondsLeft(page);
  expect(after).toBeLessThanOrEqual(before);
  expect(before - after).toBeLessThan(60);

  // Reloading is not leaving the tab: the first real switch is counted as the first.
  await leaveTabAndReturn(page);
  await expect(page.getByTestId('violation-warning')).toContainText('you left the exam tab (1 time). 3 more times');

  // Every answer, and the review mark, came back.
  await expect(page.getByText('4 of 5 answered')).toBeVisible();
  await expect(page.getByTestId('palette-4')).toHaveAttribute('data-status', 'marked');
  await page.getByTestId('palette-1').click();
  await expect(page.getByRole('radio', { name: '4', exact: true })).toBeChecked();
  await page.getByTestId('palette-2').click();
  await expect(page.getByRole('radio', { name: 'True', exact: true })).toBeChecked();
  await page.getByTestId('palette-3').click();
  await expect(page.getByLabel('Your answer to question 3')).toHaveValue('7/8');
  await page.getByTestId('palette-4').click();
  await expect(page.getByLabel('Your answer to question 4')).toHaveValue(essay);

  // 5: the last multiple choice, then the summary and the confirmation.
  await page.getByTestId('palette-5').click();
  await page.getByRole('radio', { name: '29', exact: true }).check();
  await allSaved(page);
  await page.getByRole('button', { name: 'Submit Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your exam?' });
  await expect(dialog.getByTestId('submit-summary')).toContainText('Answered: 5 of 5');
  await expect(dialog.getByTestId('submit-summary')).toContainText('Marked for review: 1 (question 4)');
  await expect(dialog).toContainText('Submitting cannot be undone');
  await dialog.getByRole('button', { name: 'Yes, submit my exam' }).click();

  // Straight to the result.
  await expect(page).toHaveURL(/\/exam-result\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Algebra Practice Test' })).toBeVisible();
});

test('leaving the tab is warned with the count left, and the 4th time submits the exam with the reason shown', async ({ page, request }) => {
  await startExamAndAnswerFirst(page, request, { title: `Proctored quiz ${Date.now()}`, duration: 20, proctoring: true });

  const left = ['3 more times', '2 more times', 'One more time'];
  for (const [i, rest] of left.entries()) {
    await leaveTabAndReturn(page);
    const warning = page.getByTestId('violation-warning');
    await expect(warning).toContainText(`you left the exam tab (${i + 1} time`);
    await expect(warning).toContainText(`${rest} and your exam will be submitted automatically.`);
  }

  await leaveTabAndReturn(page);
  await expect(page.getByTestId('submitted-title')).toHaveText('Exam submitted automatically');
  await expect(page.getByTestId('submitted-reason')).toHaveText('Your exam was submitted automatically because of too many tab switches (4).');
});

test('an answer made offline is shown as kept on the device, is sent when the connection is back, and is there after a reload', async ({ page, request, context }) => {
  await startExamAndAnswerFirst(page, request, { title: `Offline quiz ${Date.now()}`, duration: 20, proctoring: false });

  await context.setOffline(true);
  await expect(page.getByTestId('save-status')).toHaveText('Offline — answers are kept on this device and will be sent when you reconnect');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'True', exact: true }).check();
  await expect(page.getByTestId('palette-2')).toHaveAttribute('data-status', 'answered');
  await expect(page.getByTestId('save-status')).toContainText('Offline');

  await context.setOffline(false);
  await allSaved(page);
  await reloadOpenExam(page);
  await expect(page.getByText('2 of 2 answered')).toBeVisible();
  await page.getByTestId('palette-2').click();
  await expect(page.getByRole('radio', { name: 'True', exact: true })).toBeChecked();
});

test('an exam closed elsewhere while offline says why once back, and which change came too late', async ({ page, request, context }) => {
  const examId = await startExamAndAnswerFirst(page, request, { title: `Closed elsewhere ${Date.now()}`, duration: 20, proctoring: false });

  await context.setOffline(true);
  await expect(page.getByTestId('save-status')).toContainText('Offline');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'False', exact: true }).check();
  // Another device submits meanwhile (the API context is not affected by the page going offline).
  const token = await apiToken(request, DEMO.student);
  const detail = await request.get(`/api/exams/${examId}`, { headers: bearer(token) });
  const attemptId = (await detail.json()).data.attemptId as string;
  await submitAttemptViaApi(request, token, attemptId);

  await context.setOffline(false);
  await expect(page.getByTestId('submitted-reason')).toHaveText('You submitted the exam.');
  await expect(page.getByTestId('lost-saves')).toContainText('One answer change could not be recorded');
  await expect(page.getByRole('link', { name: 'View Result' })).toHaveAttribute('href', `/exam-result/${attemptId}`);
});

test('a one-minute exam submits itself at zero', async ({ page, request }) => {
  test.setTimeout(150_000);
  await startExamAndAnswerFirst(page, request, { title: `One-minute quiz ${Date.now()}`, duration: 1, proctoring: false });
  expect(await secondsLeft(page)).toBeLessThanOrEqual(60);

  // At zero the screen says 'Time expired' and stops input; the server's sweeper then ends the
  // attempt within about 1.5 s (its word may even arrive first, so only the end is asserted).
  await expect(page.getByTestId('submitted-title')).toHaveText('Time expired', { timeout: 90_000 });
  await expect(page.getByTestId('submitted-reason')).toContainText('submitted automatically when the time ran out');
});
