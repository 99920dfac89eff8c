import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createExamAsTeacher, createPerson, leaveTabAndReturn, signIn } from './support';

/**
 * Issue 56: the exam on a phone (390×844, touch). A student sits a whole exam by tapping: the
 * sticky header holds the question number, the save state and the time left on one line and stays
 * short, the question's heading is never under it, every control is a finger's size, nothing
 * scrolls sideways, and submitting reaches the result. The header stays one line when the timer
 * turns amber and red, toasts never cover it, and the answer boxes and lists are a finger tall with
 * text iOS does not zoom into.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PHONE_WIDTH = 390;
const MAX_HEADER = 64;
const TOUCH = 44;

const LONG_CONTEXT = 'A cyclist rides along the river at a steady pace, passing the old mill and the bridge. '.repeat(10);

async function examForANewStudent(request: APIRequestContext): Promise<{ examId: string; email: string; title: string }> {
  const tag = `${Date.now()}`.slice(-6);
  const student = await createPerson(request, 'student', 'Pia', `Phone${tag}`);
  const title = `Phone ${tag}`;
  const examId = await createExamAsTeacher(request, {
    title,
    subject: 'mathematics',
    description: 'Made by the browser test of the exam on a phone.',
    instructions: 'Answer all four questions.',
    duration: 30,
    settings: { showResultsImmediately: true, proctoring: { enabled: false } },
    students: [student.id],
    openForHours: 3,
    questions: [
      // Long, so the phone has to scroll to reach Next.
      { text: `${LONG_CONTEXT}\n\nHow many wheels has a bicycle?`, type: 'multiple-choice', subject: 'mathematics', options: ['1', '2', '3'], correctAnswer: '2', points: 1 },
      { text: 'Zero is an even number, true or false?', type: 'true-false', subject: 'mathematics', correctAnswer: 'True', points: 1 },
      { text: 'Which of these are prime?', type: 'multiple-response', subject: 'mathematics', options: [{ text: '2', isCorrect: true }, { text: '4' }, { text: '5', isCorrect: true }], points: 1 },
      { text: 'What is $3 \\times 3$?', type: 'multiple-choice', subject: 'mathematics', options: ['6', '9', '12'], correctAnswer: '9', points: 1 },
    ],
  });
  return { examId, email: student.email, title };
}

async function boxOf(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await target.boundingBox();
  expect(box, `${target} is laid out`).toBeTruthy();
  return box!;
}

/** The header: one line of number, save state and time left, no taller than 64 px. */
async function expectOneLineHeader(page: Page): Promise<void> {
  const header = await boxOf(page.getByTestId('exam-header'));
  expect(header.height, 'the sticky header stays short').toBeLessThanOrEqual(MAX_HEADER);
  const parts = await Promise.all([page.getByTestId('header-question'), page.getByTestId('save-status-short'), page.getByTestId('exam-timer')].map(boxOf));
  // One row: every part spans the others' vertical middle, and all sit inside the header.
  for (const part of parts) {
    for (const other of parts) {
      const middle = other.y + other.height / 2;
      expect(middle).toBeGreaterThanOrEqual(part.y - 1);
      expect(middle).toBeLessThanOrEqual(part.y + part.height + 1);
    }
    expect(part.x).toBeGreaterThanOrEqual(header.x);
    expect(part.x + part.width).toBeLessThanOrEqual(header.x + header.width);
  }
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.view).toBe(PHONE_WIDTH);
  expect(widths.scroll, 'nothing sticks out sideways').toBeLessThanOrEqual(widths.view);
}

/** The question's heading is on screen, below the sticky header rather than under it. */
async function expectHeadingInSight(page: Page, number: number, total: number): Promise<void> {
  const heading = page.getByRole('heading', { name: `Question ${number} of ${total}` });
  await expect(heading).toBeVisible();
  await expect
    .poll(
      async () => {
        const [h, head] = await Promise.all([boxOf(heading), boxOf(page.getByTestId('exam-header'))]);
        return h.y >= head.y + head.height && h.y + h.height <= 844;
      },
      { message: `'Question ${number} of ${total}' clear of the header` },
    )
    .toBe(true);
}

/** Every button of the screen, and every radio's and checkbox's row, is at least 44 px each way. */
async function expectFingerSizedTargets(page: Page): Promise<number> {
  const small = await page.evaluate((min) => {
    const targets: { name: string; el: Element }[] = [];
    document.querySelectorAll('main button, [data-testid="exam-header"] button, nav button').forEach((el) => targets.push({ name: el.getAttribute('aria-label') ?? el.textContent ?? '', el }));
    document.querySelectorAll('input[type="radio"], input[type="checkbox"]').forEach((input) => {
      const row = document.querySelector(`label[for="${input.id}"]`);
      targets.push({ name: `row of ${row?.textContent ?? input.id}`, el: row ?? input });
    });
    return {
      count: targets.length,
      tooSmall: targets
        .map(({ name, el }) => ({ name: name.trim(), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.height < min || box.width < min))
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    };
  }, TOUCH);
  expect(small.tooSmall, 'targets under 44 px').toEqual([]);
  return small.count;
}

/** Every button of the open dialog, its × included, is at least 44 px tall. */
async function expectFingerSizedDialogButtons(dialog: Locator): Promise<void> {
  const buttons = dialog.getByRole('button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(3);
  for (const button of await buttons.all()) {
    const box = await boxOf(button);
    // Rounded: a centred dialog may sit at a fraction of a pixel (43.99997).
    expect(Math.round(Math.min(box.width, box.height)), `${(await button.getAttribute('aria-label')) ?? (await button.textContent())} is a finger's size`).toBeGreaterThanOrEqual(TOUCH);
  }
}

/** Two boxes share no pixel. */
const apart = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;

/** Taps an option's row near its right end, far from the small circle, as a thumb would. */
async function tapRow(page: Page, role: 'radio' | 'checkbox', name: string): Promise<void> {
  const control = page.getByRole(role, { name, exact: true });
  const id = await control.getAttribute('id');
  const row = page.locator(`label[for="${id}"]`);
  await row.scrollIntoViewIfNeeded();
  const box = await boxOf(row);
  await row.tap({ position: { x: box.width - 8, y: box.height / 2 } });
  await expect(control).toBeChecked();
}

const allSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveText('All answers saved');

test('a student sits a whole exam on a phone by tapping: a one-line header, finger-sized targets, no sideways scroll, and the result at the end', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { examId, email, title } = await examForANewStudent(request);
  await signIn(page, email);
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).tap();

  // The start's toast shows for five seconds, inside the screen and clear of the header's time left.
  const toast = page.getByRole('alert').filter({ hasText: 'Exam started successfully!' });
  await expect(toast).toBeVisible();
  const [toastBox, headerBox] = await Promise.all([boxOf(toast), boxOf(page.getByTestId('exam-header'))]);
  expect(apart(toastBox, headerBox), 'the toast leaves the exam header uncovered').toBe(true);
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(844);

  await expectHeadingInSight(page, 1, 4);
  await expect(page.getByTestId('header-question')).toHaveText('Q 1/4Question 1 of 4');
  await expect(page.getByTestId('exam-timer')).toContainText('left');
  await expect(page.getByRole('progressbar', { name: 'Answered 0 of 4' })).toBeAttached();
  await expectOneLineHeader(page);
  await expectNoSidewaysScroll(page);
  expect(await expectFingerSizedTargets(page)).toBeGreaterThan(8);

  // 1: far down a long question, then Next at its foot; the next heading comes clear of the header.
  await tapRow(page, 'radio', '2');
  await allSaved(page);
  await expect(page.getByTestId('save-status-short')).toHaveText('Saved');
  await expect(page.getByRole('progressbar', { name: 'Answered 1 of 4' })).toBeAttached();
  const next = page.getByRole('button', { name: 'Next' });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY), 'the long question scrolled').toBeGreaterThan(100);
  await next.tap();
  await expectHeadingInSight(page, 2, 4);
  await expect(page.getByTestId('header-question')).toContainText('Q 2/4');

  // 2: true or false, and marked for review.
  await tapRow(page, 'radio', 'True');
  await page.getByRole('button', { name: 'Mark for review' }).tap();
  await expect(page.getByRole('button', { name: 'Marked for review', exact: true })).toBeVisible();
  await expectFingerSizedTargets(page);
  await page.getByRole('button', { name: 'Next' }).tap();
  await expectHeadingInSight(page, 3, 4);

  // 3: two checkbox rows.
  await tapRow(page, 'checkbox', '2');
  await tapRow(page, 'checkbox', '5');
  await expectFingerSizedTargets(page);
  await expectNoSidewaysScroll(page);

  // 4: from the palette below the question; its heading comes back into sight.
  const palette4 = page.getByTestId('palette-4');
  await palette4.scrollIntoViewIfNeeded();
  await palette4.tap();
  await expectHeadingInSight(page, 4, 4);
  await tapRow(page, 'radio', '9');
  await allSaved(page);
  await expect(page.getByRole('progressbar', { name: 'Answered 4 of 4' })).toBeAttached();
  await expectOneLineHeader(page);
  await expectFingerSizedTargets(page);
  await expectNoSidewaysScroll(page);

  // Submit, confirm, and the result.
  const submit = page.getByRole('button', { name: 'Submit Exam' });
  await submit.scrollIntoViewIfNeeded();
  await submit.tap();
  const dialog = page.getByRole('dialog', { name: 'Submit your exam?' });
  await expect(dialog.getByTestId('submit-summary')).toContainText('Answered: 4 of 4');
  await expectFingerSizedDialogButtons(dialog);
  await dialog.getByRole('button', { name: 'Yes, submit my exam' }).tap();
  await expect(page).toHaveURL(/\/exam-result\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

/** A field's box and text size: at least 44 px tall, and 16 px text so iOS does not zoom in on a tap. */
async function expectFingerSizedField(field: Locator): Promise<void> {
  const box = await boxOf(field);
  expect(Math.round(box.height), 'the field is a finger tall').toBeGreaterThanOrEqual(TOUCH);
  const fontSize = await field.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(fontSize, 'the field’s text is large enough that iOS does not zoom in').toBeGreaterThanOrEqual(16);
}

test('on a phone the header stays one line as the time runs amber and red, and matching lists and answer boxes are a finger tall with 16 px text', async ({ page, request }) => {
  // Two minutes to sit: amber 30 s before the end, red 12 s before.
  test.setTimeout(180_000);
  const tag = `${Date.now()}`.slice(-6);
  const student = await createPerson(request, 'student', 'Pia', `Clock${tag}`);
  const examId = await createExamAsTeacher(request, {
    title: `Phone clock ${tag}`,
    subject: 'geography',
    description: 'Made by the browser test of the exam on a phone.',
    duration: 2,
    // Tab switches are counted, so the violation warning and its close button show on the phone.
    settings: { showResultsImmediately: true, proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: false, disableRightClick: false, preventCopyPaste: false } },
    students: [student.id],
    openForHours: 3,
    questions: [
      {
        text: 'Match each country to its capital.',
        type: 'matching',
        subject: 'geography',
        pairs: [
          { stem: 'France', answer: 'Paris' },
          { stem: 'Spain', answer: 'Madrid' },
        ],
        distractors: ['Lisbon'],
        points: 2,
      },
      { text: 'Name the capital of Italy.', type: 'short-answer', subject: 'geography', correctAnswer: 'Rome', points: 1 },
    ],
  });
  await signIn(page, student.email);
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).tap();
  await expectHeadingInSight(page, 1, 2);

  const france = page.getByRole('combobox', { name: 'France' });
  await expectFingerSizedField(france);
  await expectFingerSizedField(page.getByRole('combobox', { name: 'Spain' }));
  await france.selectOption('Paris');
  await page.getByRole('combobox', { name: 'Spain' }).selectOption('Madrid');
  await allSaved(page);
  await expectFingerSizedTargets(page);
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'Next' }).tap();
  await expectHeadingInSight(page, 2, 2);
  const box = page.getByRole('textbox', { name: 'Your answer to question 2' });
  await expectFingerSizedField(box);
  await box.tap();
  await box.fill('Rome');
  await page.getByRole('heading', { name: 'Question 2 of 2' }).tap();
  await allSaved(page);
  await expectOneLineHeader(page);

  await leaveTabAndReturn(page);
  const warning = page.getByTestId('violation-warning');
  await expect(warning).toBeVisible();
  const close = await boxOf(warning.getByRole('button', { name: 'Dismiss warning' }));
  expect(Math.round(Math.min(close.width, close.height)), 'the warning’s × is a finger’s size').toBeGreaterThanOrEqual(TOUCH);
  await warning.getByRole('button', { name: 'Dismiss warning' }).tap();
  await expect(warning).toHaveCount(0);

  // The level's words stay part of the timer for screen readers, but the header keeps its one line.
  for (const [level, words] of [
    ['low', 'Less than 25% of time left'],
    ['critical', 'Less than 10% of time left'],
  ] as const) {
    await expect(page.getByTestId('exam-timer')).toHaveAttribute('data-level', level, { timeout: 120_000 });
    await expect(page.getByTestId('exam-timer')).toContainText(words);
    await expectOneLineHeader(page);
    await expectNoSidewaysScroll(page);
  }
});
