import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createExamAsTeacher, createPerson, signIn } from './support';

/**
 * Issue 56: a student sits a whole exam with the keyboard alone (Tab, Space, Enter, arrows; no
 * mouse after signing in), and what a screen reader is given is checked on the way: the timer is
 * a named timer that speaks only at its thresholds, the save state is a polite live region, each
 * question is a region headed by its number, options are named radios and checkboxes, and the
 * submit dialog is a named dialog that takes the focus.
 */

async function examForANewStudent(request: APIRequestContext): Promise<{ examId: string; email: string; title: string }> {
  const tag = `${Date.now()}`.slice(-6);
  const student = await createPerson(request, 'student', 'Kira', `Keys${tag}`);
  const title = `Keyboard ${tag}`;
  const examId = await createExamAsTeacher(request, {
    title,
    subject: 'english',
    description: 'Made by the browser test of the keyboard-only exam.',
    instructions: 'Answer all three questions.',
    duration: 30,
    settings: { showResultsImmediately: true, proctoring: { enabled: false } },
    students: [student.id],
    openForHours: 3,
    questions: [
      { text: 'Which word is a verb?', type: 'multiple-choice', subject: 'english', options: ['blue', 'run', 'table'], correctAnswer: 'run', points: 1 },
      {
        text: 'Which of these are nouns?',
        type: 'multiple-response',
        subject: 'english',
        options: [{ text: 'cat', isCorrect: true }, { text: 'quickly' }, { text: 'house', isCorrect: true }],
        points: 1,
      },
      { text: 'Write the plural of "mouse".', type: 'short-answer', subject: 'english', correctAnswer: 'mice', points: 1 },
    ],
  });
  return { examId, email: student.email, title };
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < 60; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} never took the focus by ${key}`);
}

test('a student sits a whole exam with the keyboard alone, and a screen reader is told what it needs', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { examId, email, title } = await examForANewStudent(request);
  // The browser's clock is ours to move; the deadline stays the server's.
  await page.clock.install();
  await signIn(page, email);
  await page.goto(`/exam/${examId}`);

  // The start screen: Tab to Start and press Enter.
  await tabTo(page, page.getByRole('button', { name: 'Start Exam' }));
  await page.keyboard.press('Enter');

  // What a screen reader finds on the exam screen.
  const timer = page.getByRole('timer', { name: 'Time left' });
  await expect(timer).toContainText('left');
  await expect(timer).toHaveAttribute('aria-live', 'off');
  const spoken = page.getByTestId('timer-announcement');
  await expect(spoken).toHaveAttribute('role', 'status');
  await expect(spoken).toHaveAttribute('aria-live', 'polite');
  const saveAnnouncement = page.getByTestId('save-announcement');
  await expect(saveAnnouncement).toHaveAttribute('role', 'status');
  await expect(saveAnnouncement).toHaveAttribute('aria-live', 'polite');
  const question = (n: number) => page.getByRole('region', { name: `Question ${n} of 3` });
  await expect(question(1).getByRole('heading', { level: 2, name: 'Question 1 of 3' })).toBeVisible();

  // Question 1: Tab into the options, the arrow moves the choice from the first to the second.
  await expect(question(1).getByRole('radiogroup', { name: 'Your answer to question 1' })).toBeVisible();
  const options = ['blue', 'run', 'table'].map((name) => question(1).getByRole('radio', { name, exact: true }));
  for (const option of options) await expect(option).toBeVisible();
  await tabTo(page, options[0]!);
  await page.keyboard.press('Space');
  await expect(options[0]!).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(options[1]!).toBeChecked();
  await expect(options[0]!).not.toBeChecked();
  await expect(page.getByTestId('save-status')).toHaveText('All answers saved');
  // Saving after every answer is not spoken: only the connection changing is.
  await expect(saveAnnouncement).toHaveText('');

  // The timer speaks only when it crosses a threshold, never every second.
  await page.clock.runFor(3000);
  await expect(spoken).toHaveText('');
  // 30 minutes to sit: 20 minutes and 5 seconds later fewer than 10 are left.
  await page.clock.fastForward('20:05');
  await expect(spoken).toHaveText('10 minutes left.');
  await page.clock.runFor(5000);
  await expect(spoken).toHaveText('10 minutes left.');

  // On to question 2 with Next.
  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(question(2).getByRole('heading', { level: 2, name: 'Question 2 of 3' })).toBeVisible();

  // Question 2: Space ticks each checkbox that applies.
  await expect(question(2).getByRole('group', { name: 'Your answer to question 2' })).toBeVisible();
  const cat = question(2).getByRole('checkbox', { name: 'cat', exact: true });
  const quickly = question(2).getByRole('checkbox', { name: 'quickly', exact: true });
  const house = question(2).getByRole('checkbox', { name: 'house', exact: true });
  await tabTo(page, cat, 'Shift+Tab');
  await page.keyboard.press('Space');
  await tabTo(page, house);
  await page.keyboard.press('Space');
  await expect(cat).toBeChecked();
  await expect(quickly).not.toBeChecked();
  await expect(house).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(question(3).getByRole('heading', { level: 2, name: 'Question 3 of 3' })).toBeVisible();

  // Question 3: type the answer.
  const answer = question(3).getByRole('textbox');
  await tabTo(page, answer, 'Shift+Tab');
  await page.keyboard.type('mice');
  await expect(answer).toHaveValue('mice');

  // Submit: the dialog is named, takes the focus, and Tab reaches its confirmation.
  await tabTo(page, page.getByRole('button', { name: 'Submit Exam' }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Submit your exam?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('submit-summary')).toContainText('Answered: 3 of 3');
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const confirm = dialog.getByRole('button', { name: 'Yes, submit my exam' });
  await tabTo(page, confirm);
  await page.keyboard.press('Enter');

  // Submitted here: the exam's result opens.
  await expect(page).toHaveURL(/\/exam-result\//);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
