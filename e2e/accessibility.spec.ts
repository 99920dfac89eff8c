import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousViolations, injectAxe, seriousViolations } from './axe';
import { apiToken, bearer, createExamAsTeacher, createPerson, DEMO, signIn, sitExamViaApi, TWO_QUICK_QUESTIONS } from './support';

/**
 * Issue 56: the screens the menus never link to, checked with axe (no serious or critical
 * violation) as the people who use them see them, over real data made through the API: a
 * teacher's exam pages, marking, proctoring and review, the dialogs opened from them, a student's
 * result, and the exam screen in each of its states; and every dialog, drawer and menu the app
 * opens, each opened with real data by the person who uses it.
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
  return { examId, submissionId, essayId, handedIn, sitter, nightOwl, title: `Accessible ${tag}` };
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

/**
 * Opens a dialog (or drawer, or menu), checks it once it has loaded, and closes it with Escape. A
 * fault is recorded and the walk goes on, so one run names every dialog to fix.
 */
async function checkOpened(page: Page, what: string, open: () => Promise<unknown>, role: 'dialog' | 'menu' = 'dialog'): Promise<void> {
  await open();
  const opened = page.getByRole(role);
  await expect(opened.first(), `${what} opens`).toBeVisible();
  await expect(opened.first().locator('.mantine-Loader-root')).toHaveCount(0);
  expect.soft(await seriousViolations(page), `${what} accessibility`).toEqual([]);
  // A field inside (a tags box, a list) may take the first Escape to close its own dropdown.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(opened).toHaveCount(0, { timeout: 1_000 });
  }, `${what} closes on Escape`).toPass();
}

const button = (page: Page, name: string) => () => page.getByRole('button', { name, exact: true }).first().click();

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

test('an admin’s dialogs (users, LTI platforms and keys, fees) have no serious accessibility fault', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await signedIn(browser, DEMO.admin);

  await visit(page, '/admin/users');
  await checkOpened(page, 'the new user dialog', button(page, 'Add User'));
  await checkOpened(page, 'the user import dialog', button(page, 'Bulk Import'));
  await checkOpened(page, 'the user edit dialog', () => page.getByRole('button', { name: /^Edit / }).first().click());
  await checkOpened(page, 'the user delete confirmation', () => page.getByRole('button', { name: /^Delete / }).first().click());

  await visit(page, '/admin/lti');
  await checkOpened(page, 'the new LTI platform dialog', button(page, 'Add platform'));
  await checkOpened(page, 'the key rotation confirmation', button(page, 'Rotate keys'));

  await visit(page, '/payments');
  await checkOpened(page, 'the fee dialog', button(page, 'Issue a fee'));
});

test('a teacher’s dialogs (bank, students, exams, marking, review, proctoring) have no serious accessibility fault', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { examId, essayId, handedIn, sitter, nightOwl, title } = await examWithAnAttempt(request);
  // Sitting now: the proctor's actions on a live attempt.
  const start = await request.post(`/api/exams/${examId}/start`, { headers: bearer(await apiToken(request, sitter.email)) });
  expect(start.ok(), await start.text()).toBe(true);
  // Nobody has sat this one: its questions can still change.
  const unsat = await createExamAsTeacher(request, {
    title: `Unsat ${Date.now()}`,
    subject: 'mathematics',
    description: 'Made by the browser test of accessibility.',
    duration: 30,
    openForHours: 3,
    questions: TWO_QUICK_QUESTIONS,
  });
  const page = await signedIn(browser, DEMO.teacher);

  await visit(page, '/questions');
  await checkOpened(page, 'the question import dialog', button(page, 'Import questions'));
  await checkOpened(page, 'a question’s menu', button(page, 'More actions for question 1'), 'menu');
  await checkOpened(page, 'the tags dialog', async () => {
    await button(page, 'More actions for question 1')();
    await page.getByRole('menuitem', { name: 'Edit tags' }).click();
  });
  await checkOpened(page, 'the question delete confirmation', async () => {
    await button(page, 'More actions for question 1')();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
  });

  await checkOpened(page, 'the question preview', button(page, 'Preview question 1'));
  await page.getByRole('checkbox', { name: 'Select question 1', exact: true }).check();
  await checkOpened(page, 'the bank’s export menu', button(page, 'Export selected'), 'menu');

  // Found by name: the journeys before this one made many students.
  await visit(page, `/students?search=${encodeURIComponent(handedIn.name)}`);
  await checkOpened(page, 'a student’s details', button(page, `Details of ${handedIn.name}`));

  await visit(page, '/exams');
  await checkOpened(page, 'the exam delete confirmation', button(page, 'Delete'));

  await visit(page, `/admin/exams/${examId}`);
  await checkOpened(page, 'the exam’s accommodation dialog', button(page, 'Set for this exam'));

  await visit(page, `/exam/${unsat}/questions`);
  await checkOpened(page, 'the add-from-bank dialog', button(page, 'Add Questions'));
  await checkOpened(page, 'the question remove confirmation', button(page, 'Remove question 1'));
  await checkOpened(page, 'the export menu', button(page, 'Export questions'), 'menu');

  await page.goto(`/exam/${examId}/marking/${essayId}`);
  await rendered(page, 'one question’s marking');
  await expect(page.getByTestId('marking-position')).toBeVisible();
  await checkOpened(page, 'the marking shortcuts', button(page, 'Shortcuts (?)'));
  await checkOpened(page, 'the saved comment picker', button(page, 'Insert saved comment'));
  await checkOpened(page, 'the saved comments manager', button(page, 'Saved comments'));
  // Feedback typed and not saved: leaving asks first.
  await page.keyboard.press('c');
  await page.keyboard.type('A clear argument.');
  await page.locator('main').getByRole('link', { name: 'Home' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Leave with unsaved marks?' });
  await expect(unsaved).toBeVisible();
  expect.soft(await seriousViolations(page), 'the unsaved marks question accessibility').toEqual([]);
  await unsaved.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);

  await visit(page, `/exam/${examId}/review`);
  await checkOpened(page, 'the review shortcuts', button(page, 'Keyboard shortcuts'));

  // A student going Back in an open attempt is asked first. The exam is reached by its card's link,
  // so Back stays in the app rather than unloading the page.
  const student = await signedIn(browser, nightOwl.email);
  await student.goto(`/exams?search=${encodeURIComponent(title)}`);
  await student.getByRole('article', { name: title }).getByRole('link', { name: 'Take Exam' }).click();
  await student.getByRole('button', { name: 'Start Exam' }).click();
  await expect(student.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  await student.goBack();
  const leaving = student.getByRole('dialog', { name: 'Leave the exam?' });
  await expect(leaving).toBeVisible();
  expect.soft(await seriousViolations(student), 'the leave-the-exam question accessibility').toEqual([]);
  await leaving.getByRole('button', { name: 'Stay in the exam' }).click();
  await expect(leaving).toBeHidden();

  await page.goto(`/exam/${examId}/proctor`);
  await expect(page.getByTestId('board-connection')).toHaveText('Live');
  await expect(page.getByTestId('proctor-row').filter({ hasText: sitter.name })).toBeVisible();
  const action = (item: string) => async () => {
    await button(page, `Actions for ${sitter.name}`)();
    await page.getByRole('menuitem', { name: item, exact: true }).click();
  };
  await checkOpened(page, 'the message to everyone', button(page, 'Message all students'));
  await checkOpened(page, 'the timeline drawer', button(page, `Open the timeline of ${sitter.name}`));
  await checkOpened(page, 'a student’s proctoring menu', button(page, `Actions for ${sitter.name}`), 'menu');
  await checkOpened(page, 'the message dialog', action('Send message'));
  await checkOpened(page, 'the extend time dialog', action('Extend time'));
  await checkOpened(page, 'the waiver dialog', action('Waive checks'));
  await checkOpened(page, 'the force submit confirmation', action('Force submit'));
});

test('a parent’s and a phone’s dialogs (children, payments, notifications, the menu drawer) have no serious accessibility fault', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // A payment started elsewhere without a card, left to complete here.
  const pending = await request.post('/api/payments', {
    headers: bearer(await apiToken(request, DEMO.parent)),
    data: { amount: 9.5, paymentMethod: 'stripe', type: 'exam', description: `Axe fee ${Date.now()}` },
  });
  expect(pending.status(), await pending.text()).toBe(201);
  const { reference } = (await pending.json()).data.payment as { reference: string };
  const page = await signedIn(browser, DEMO.parent);

  await visit(page, '/parent/children');
  await checkOpened(page, 'the add child dialog', button(page, 'Add Child'));
  await checkOpened(page, 'the remove child confirmation', button(page, 'Remove Sam Student'));

  // A sandbox payment, whose receipt opens as a dialog.
  await visit(page, '/payment');
  await checkOpened(page, 'the receipt', async () => {
    await page.getByLabel('Amount').fill('12.00');
    await page.getByLabel('Description').fill(`Books ${Date.now()}`);
    await page.getByLabel('Cardholder name').fill('Pat Parent');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVV').fill('123');
    await button(page, 'Pay')();
  });
  await checkOpened(page, 'the complete payment dialog', button(page, `Complete payment ${reference}`));

  // The receipt came as a notification too.
  await visit(page, '/notifications');
  await checkOpened(page, 'the notification delete confirmation', async () => {
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    await button(page, 'Delete selected')();
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/dashboard');
  await checkOpened(page, 'the navigation drawer', button(page, 'Open navigation menu'));
});
