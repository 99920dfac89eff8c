import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousViolations, injectAxe } from './axe';
import { apiToken, bearer, createExamAsTeacher, createPerson, DEMO, signIn, sitExamViaApi } from './support';

/**
 * Issue 56: the screens the menus never link to, checked with axe (no serious or critical
 * violation) as the people who use them see them, over real data made through the API: a
 * teacher's exam pages, marking, proctoring and review, the dialogs opened from them, a student's
 * result, and the exam screen in each of its states.
 */

// axe is injected as an inline script, which the app's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

const RUBRIC = {
  criteria: [
    {
      id: 'argument',
      title: 'Argument',
      description: 'How well the answer argues its case.',
      levels: [
        { id: 'weak', title: 'Weak', description: '', points: 0 },
        { id: 'strong', title: 'Strong', description: '', points: 4 },
      ],
    },
  ],
};

/** An open exam (a choice and a rubric-marked essay) for three grade-11 students; the first has handed in. */
async function examWithAnAttempt(request: APIRequestContext, duration = 30) {
  const tag = `${Date.now()}`.slice(-6);
  const handedIn = await createPerson(request, 'student', 'Alma', `Axe${tag}`);
  const sitter = await createPerson(request, 'student', 'Bruno', `Axe${tag}`);
  const nightOwl = await createPerson(request, 'student', 'Cleo', `Axe${tag}`);
  const owner = bearer(await apiToken(request, DEMO.teacher));
  const examId = await createExamAsTeacher(request, {
    title: `Accessible ${tag}`,
    subject: 'english',
    description: 'Made by the browser test of accessibility.',
    instructions: 'Answer both questions.',
    duration,
    settings: { showResultsImmediately: false, proctoring: { enabled: false } },
    students: [handedIn.id, sitter.id, nightOwl.id],
    openForHours: 3,
    questions: [
      { text: 'Which word is a verb: run, blue or table?', type: 'multiple-choice', subject: 'english', options: ['run', 'blue', 'table'], correctAnswer: 'run', points: 2 },
      { text: 'Should schools start later? Argue your case.', type: 'essay', subject: 'english', points: 4, rubric: RUBRIC },
    ],
  });
  const submissionId = await sitExamViaApi(request, examId, (q) => (q.type === 'essay' ? 'Later starts help teenagers sleep.' : 'run'), handedIn.email);
  const marking = await request.get(`/api/exams/${examId}/marking`, { headers: owner });
  expect(marking.ok(), await marking.text()).toBe(true);
  const essayId = ((await marking.json()).data.questions as { questionId: string; type: string }[]).find((q) => q.type === 'essay')!.questionId;
  return { examId, submissionId, essayId, handedIn, sitter, nightOwl };
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext({ bypassCSP: true })).newPage();
  await injectAxe(page);
  await signIn(page, email);
  return page;
}

/** A page has rendered: its heading in main, nothing still loading. */
async function rendered(page: Page, path: string): Promise<void> {
  await expect(page.locator('main').getByRole('heading').first(), `${path} renders`).toBeVisible();
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Access Denied' }), `${path} is allowed`).toHaveCount(0);
  await expect(page.getByText('Something went wrong.'), `${path} renders`).toHaveCount(0);
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await rendered(page, path);
  await expectNoSeriousViolations(page, path);
}

/** An exam's own pages, which its staff reach from the exam rather than from a menu. */
const examPages = (examId: string) => [
  `/admin/exams/${examId}`,
  `/exam/${examId}/edit`,
  `/exam/${examId}/questions`,
  `/exam/${examId}/preview`,
  `/exam/${examId}/submissions`,
  `/exam/${examId}/results`,
  `/exam/${examId}/marking`,
  `/exam/${examId}/staff`,
  `/exam/${examId}/review`,
];

test('an admin opening a teacher’s exam and a student’s result meets no serious accessibility fault', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { examId, submissionId } = await examWithAnAttempt(request);
  const page = await signedIn(browser, DEMO.admin);
  for (const path of [...examPages(examId), `/exam-result/${submissionId}`]) await visit(page, path);
});

test('a teacher’s exam, marking, proctoring and review pages, and their dialogs, have no serious accessibility fault', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const { examId, submissionId, essayId, handedIn } = await examWithAnAttempt(request);
  const page = await signedIn(browser, DEMO.teacher);

  for (const path of [
    ...examPages(examId),
    `/grade-submission/${submissionId}`,
    `/exam-result/${submissionId}`,
    `/exam-result/${submissionId}/timeline`,
  ]) {
    await visit(page, path);
  }

  await page.goto(`/exam/${examId}/marking/${essayId}`);
  await rendered(page, 'one question’s marking');
  await expect(page.getByTestId('marking-position')).toBeVisible();
  await expectNoSeriousViolations(page, 'one question’s marking');

  // The proctor board as a table, then as tiles.
  await page.goto(`/exam/${examId}/proctor`);
  await expect(page.getByTestId('board-connection')).toHaveText('Live');
  await expect(page.getByTestId('proctor-row').filter({ hasText: handedIn.name })).toBeVisible();
  await expectNoSeriousViolations(page, 'the proctor board (table)');
  await page.getByText('Tiles', { exact: true }).click();
  await expect(page.getByTestId('hall-tile').filter({ hasText: handedIn.name })).toBeVisible();
  await expectNoSeriousViolations(page, 'the proctor board (tiles)');

  // The release dialog on the results.
  await page.goto(`/exam/${examId}/results`);
  await rendered(page, 'results');
  await page.getByRole('button', { name: 'Release Results' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'the release dialog');
});

test('the question bank’s editor, the rubric library’s dialog and a student’s accommodations dialog have no serious accessibility fault', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { handedIn } = await examWithAnAttempt(request);
  const page = await signedIn(browser, DEMO.teacher);

  await visit(page, '/questions');
  await page.getByRole('button', { name: /^More actions for question/ }).first().click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Edit question' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the question bank’s editor');
  await page.keyboard.press('Escape');

  await visit(page, '/rubrics');
  await page.getByRole('button', { name: 'New rubric' }).click();
  await expect(page.getByRole('dialog', { name: 'New rubric' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the new rubric dialog');
  await page.keyboard.press('Escape');

  await visit(page, '/students');
  await page.getByRole('button', { name: `Accommodations of ${handedIn.name}` }).click();
  await expect(page.getByTestId('accommodation-dialog')).toBeVisible();
  await expect(page.getByTestId('accommodation-dialog').locator('.mantine-Loader-root')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the accommodations dialog');
});

/** Starts the exam and answers the first question; the save is acknowledged. */
async function startAndAnswer(page: Page, examId: string): Promise<void> {
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await page.getByRole('radio', { name: 'run', exact: true }).check();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
}

/**
 * The timer at one level (amber: a quarter of the time left; red: a tenth) passes axe's contrast
 * check. Real time: the exam screen re-reads the server's clock with every answer saved and every
 * heartbeat, so a jump of the browser's clock would not hold long enough to be checked.
 */
async function expectLevelReadable(page: Page, level: 'low' | 'critical', scheme: string): Promise<void> {
  await expect(page.getByTestId('exam-timer')).toHaveAttribute('data-level', level, { timeout: 120_000 });
  await expectNoSeriousViolations(page, `the timer ${level === 'low' ? 'running low' : 'nearly out'} (${scheme})`);
}

test('a student’s result and every state of the exam screen, in light and dark, have no serious accessibility fault', async ({ browser, request }) => {
  test.setTimeout(300_000);
  // Two minutes to sit: the timer's warning levels come within the test, each long enough (30 s
  // amber, 12 s red) to be checked in both themes on a slow machine.
  const { examId, submissionId, handedIn, sitter, nightOwl } = await examWithAnAttempt(request, 2);

  const reader = await signedIn(browser, handedIn.email);
  await visit(reader, `/exam-result/${submissionId}`);

  // The dark theme, as the Settings page saves it.
  const dark = await request.put('/api/users/settings', {
    headers: bearer(await apiToken(request, nightOwl.email)),
    data: { category: 'preferences', key: 'theme', value: 'dark' },
  });
  expect(dark.ok(), await dark.text()).toBe(true);
  const page = await signedIn(browser, sitter.email);
  const night = await signedIn(browser, nightOwl.email);

  await page.goto(`/exam/${examId}`);
  await expect(page.getByRole('button', { name: 'Start Exam' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the start screen');
  await startAndAnswer(page, examId);
  await expectNoSeriousViolations(page, 'a question with its answer saved');
  await page.getByRole('button', { name: 'Submit Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your exam?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'the submit dialog');
  await dialog.getByRole('button', { name: 'Keep working' }).click();
  await expect(dialog).toBeHidden();

  await startAndAnswer(night, examId);
  await expect(night.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectNoSeriousViolations(night, 'a question with its answer saved (dark)');

  // Both clocks run down, the light one a few seconds ahead: each level in both themes before the next.
  await expectLevelReadable(page, 'low', 'light');
  await expectLevelReadable(night, 'low', 'dark');
  await expectLevelReadable(page, 'critical', 'light');
  await expectLevelReadable(night, 'critical', 'dark');

  // Submitted here, the screen goes straight to the result; ended by the clock, it shows the
  // submitted panel, which is the state left to check.
  await expect(page.getByTestId('submitted-title')).toHaveText('Time expired', { timeout: 30_000 });
  await expectNoSeriousViolations(page, 'the submitted screen');
  await expect(night.getByTestId('submitted-title')).toHaveText('Time expired', { timeout: 30_000 });
  await expectNoSeriousViolations(night, 'the submitted screen (dark)');
});
