import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

/** A UTC wall time, as the wizard's datetime-local inputs take it (the wizard's zone is UTC). */
const utcWall = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString().slice(0, 16);

/** Writes one question in the editor and checks it joined the list under its number and type. */
async function addQuestion(page: Page, number: number, type: string, typeLabel: string, text: string, fill: () => Promise<void>) {
  await page.getByLabel('Question Type').selectOption(type);
  await page.getByLabel('Question Text').fill(text);
  await fill();
  await page.getByRole('button', { name: 'Add Question' }).click();
  await expect(page.getByRole('article', { name: `Question ${number}` })).toContainText(typeLabel);
}

test('a teacher builds an exam of four question types, publishes it, and the student finds it ongoing', async ({ browser }) => {
  const title = `Authoring Journey ${Date.now()}`;

  // The teacher writes the exam in the wizard.
  const teacherContext = await browser.newContext();
  const page = await teacherContext.newPage();
  await signIn(page, DEMO.teacher);
  await page.goto('/create-exam');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Subject').selectOption('mathematics');
  await page.getByLabel('Grade').selectOption('10');
  await page.getByLabel('Description').fill('A short mixed paper written by the browser journey.');
  await page.getByLabel('Duration (minutes)').fill('45');
  // A start a minute ago is inside the server's grace for "not in the past", so the exam is
  // ongoing as soon as it exists; the end is three hours away.
  await page.getByLabel('Start Date & Time').fill(utcWall(-60_000));
  await page.getByLabel('End Date & Time').fill(utcWall(3 * 3600_000));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('group', { name: 'New Question' })).toBeVisible();
  await addQuestion(page, 1, 'multiple-choice', 'Multiple Choice', 'What is the value of $x$ if $x + 3 = 5$?', async () => {
    await page.getByLabel('Points').fill('2');
    for (const [i, option] of ['1', '2', '3', '5'].entries()) await page.getByLabel(`Option ${i + 1}`, { exact: true }).fill(option);
    await page.getByLabel('Correct Answer').selectOption('2');
  });
  await addQuestion(page, 2, 'true-false', 'True/False', 'The angles of a triangle add up to 180 degrees.', async () => {
    await page.getByLabel('Correct Answer').selectOption('True');
  });
  await addQuestion(page, 3, 'essay', 'Essay', 'Explain why dividing a number by zero is undefined.', async () => {
    await page.getByLabel('Points').fill('5');
    await page.getByLabel('Sample Answer').fill('No number multiplied by zero gives a non-zero dividend.');
  });
  await addQuestion(page, 4, 'fill-blank', 'Fill in the Blank', 'The square root of 49 is ____.', async () => {
    await page.getByLabel('Accepted Answers').fill('7\nseven');
  });
  await expect(page.getByRole('heading', { name: 'Questions (4)' })).toBeVisible();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Create Exam' }).click();
  await expect(page.getByText('Exam created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/exams$/);

  // Its card: unpublished until the teacher publishes it from there.
  const teacherCard = page.getByRole('article', { name: title });
  await expect(teacherCard.getByTestId('exam-unpublished')).toHaveText('Unpublished');
  await expect(teacherCard).toContainText('Questions: 4');
  await expect(teacherCard).toContainText('Marks: 9 points');
  await teacherCard.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Exam published successfully!')).toBeVisible();
  await expect(teacherCard.getByTestId('exam-unpublished')).toHaveCount(0);
  await expect(teacherCard.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await expect(teacherCard.getByTestId('exam-status')).toHaveText('ONGOING');
  await teacherContext.close();

  // The demo student (grade 10) now sees it, ongoing, with the action to take it.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, DEMO.student);
  await student.goto('/exams');
  await expect(student.getByRole('heading', { name: 'Available Exams' })).toBeVisible();
  const studentCard = student.getByRole('article', { name: title });
  await expect(studentCard.getByTestId('exam-status')).toHaveText('ONGOING');
  await expect(studentCard.getByTestId('exam-countdown')).toHaveText(/^(2 h \d+ min|3 h) left$/);
  await expect(studentCard.getByRole('link', { name: 'Take Exam' })).toHaveAttribute('href', /^\/exam\/[0-9a-f-]{36}$/);
  await expect(studentCard.getByTestId('exam-unpublished')).toHaveCount(0);
  await studentContext.close();
});
