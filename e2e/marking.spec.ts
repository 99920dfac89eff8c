import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, createPerson, DEMO, signIn, sitExamViaApi } from './support';

/**
 * Marking a whole class by question (issue 55), in real Chromium: twenty students hand in an essay
 * marked with a rubric; the exam's teacher marks it answer after answer with the keyboard, saves
 * a comment once and inserts it with a few keys; a second teacher, added to mark, works on the
 * same question at the same time, is refused when both marked one answer and keeps the rest; the
 * teacher releases the marked results only, and a student still waiting reads "Waiting for
 * marking" while a marked one reads their rubric levels.
 */

const CLASS_SIZE = 20;
const TEACHER_MARKS = 16;
const COMMENT = 'Clear argument, well supported by evidence.';
const ESSAY = 'Should schools start later in the morning? Argue your case.';

/** Two criteria, best levels 4 + 2: the essay's 6 points. */
const RUBRIC = {
  criteria: [
    {
      id: 'argument',
      title: 'Argument',
      description: '',
      levels: [
        { id: 'arg-weak', title: 'Weak', description: '', points: 0 },
        { id: 'arg-fair', title: 'Fair', description: '', points: 2 },
        { id: 'arg-strong', title: 'Strong', description: '', points: 4 },
      ],
    },
    {
      id: 'evidence',
      title: 'Evidence',
      description: '',
      levels: [
        { id: 'ev-none', title: 'None', description: '', points: 0 },
        { id: 'ev-some', title: 'Some', description: '', points: 1 },
        { id: 'ev-cited', title: 'Cited', description: '', points: 2 },
      ],
    },
  ],
};

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** Chooses the levels by their numbers (first criterion, then the next), outside any text box. */
async function chooseLevels(page: Page, argument: number, evidence: number) {
  await page.keyboard.press(String(argument));
  await page.keyboard.press(String(evidence));
}

const position = (page: Page) => page.getByTestId('marking-position');

test('a teacher marks an essay across twenty students with the keyboard and a rubric, beside a second marker, and releases the marked ones only', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const students: { id: string; email: string }[] = [];
  // Surnames in alphabetical order: the marking lists answers by name, so answer n is student n.
  for (let n = 1; n <= CLASS_SIZE; n++) students.push(await createPerson(request, 'student', 'Noor', `Marked${String(n).padStart(2, '0')}x${stamp}`));
  const marker = await createPerson(request, 'teacher', 'Mara', `Marker${stamp}`);

  const owner = bearer(await apiToken(request, DEMO.teacher));
  const examId = await createExamAsTeacher(request, {
    title: `Marking Journey ${stamp}`,
    subject: 'english',
    description: 'Made by the browser test of marking by question.',
    duration: 30,
    settings: { showResultsImmediately: false },
    students: students.map((s) => s.id),
    openForHours: 3,
    questions: [
      { text: 'Which word is a verb: run, blue or table?', type: 'multiple-choice', subject: 'english', options: ['run', 'blue', 'table'], correctAnswer: 'run', points: 2 },
      { text: ESSAY, type: 'essay', subject: 'english', points: 6, rubric: RUBRIC },
    ],
  });
  const added = await request.put(`/api/exams/${examId}/staff/${marker.id}`, { headers: owner, data: { proctors: false, reviews: false, marks: true } });
  expect(added.ok(), await added.text()).toBe(true);

  const attempts: string[] = [];
  for (const [i, s] of students.entries()) {
    attempts.push(await sitExamViaApi(request, examId, (q) => (q.type === 'essay' ? `Essay number ${i + 1}: later starts help sleep.` : 'run'), s.email));
  }

  // The teacher finds "Mark by question" on the exam's submissions and opens the essay.
  const teacher = await signedIn(browser, DEMO.teacher);
  await teacher.goto(`/exam/${examId}/submissions`);
  await teacher.getByTestId('mark-by-question').click();
  await expect(teacher.getByText(`${CLASS_SIZE} of ${CLASS_SIZE} left`)).toBeVisible();
  await teacher.getByRole('link', { name: /Mark this question/ }).click();
  await expect(position(teacher)).toHaveText(`Answer 1 of ${CLASS_SIZE}`);
  await expect(teacher.getByTestId('marking-left')).toHaveText(`${CLASS_SIZE} left`);
  const questionUrl = teacher.url();

  // The second marker opens the same question at the same time, from their exam card.
  const second = await signedIn(browser, marker.email);
  await second.goto('/exams');
  await second.getByRole('article', { name: `Marking Journey ${stamp}` }).getByRole('link', { name: 'Mark answers' }).click();
  await second.getByRole('link', { name: /Mark this question/ }).click();
  await expect(second).toHaveURL(questionUrl);
  await expect(position(second)).toHaveText(`Answer 1 of ${CLASS_SIZE}`);
  // Both are on answer 1: the second marker chooses the lowest levels, and has not saved yet.
  await chooseLevels(second, 1, 1);

  // Answer 1, by keyboard: levels 3 and 3 (6 points), feedback, saved to the comment bank.
  await expect(teacher.getByTestId('marking-student')).toContainText('Noor Marked01');
  await chooseLevels(teacher, 3, 3);
  await expect(teacher.getByTestId('rubric-total')).toContainText('6');
  await teacher.keyboard.press('c');
  await teacher.keyboard.type(COMMENT);
  await teacher.getByRole('button', { name: 'Save as comment' }).click();
  await expect(teacher.getByText('Comment saved to your bank')).toBeVisible();
  await teacher.keyboard.press('Control+Enter');
  await expect(position(teacher)).toHaveText(`Answer 2 of ${CLASS_SIZE}`);
  await expect(teacher.getByTestId('marking-left')).toHaveText(`${CLASS_SIZE - 1} left`);

  // The second marker saves answer 1 now: refused, their levels kept beside the teacher's marks.
  await second.keyboard.press('Control+Enter');
  const conflict = second.getByTestId('marking-conflict');
  await expect(conflict).toContainText('Another teacher marked this answer after you opened it');
  await expect(second.getByTestId('marking-conflict-mine')).toContainText('Your unsaved marks');
  await expect(second.getByTestId('rubric-total')).toContainText('6');
  await conflict.getByRole('button', { name: 'Keep theirs' }).click();

  // Answer 2: the saved comment, inserted with \ and a few letters.
  await chooseLevels(teacher, 2, 2);
  await teacher.keyboard.press('\\');
  await teacher.getByTestId('comment-bank-filter').fill('clear arg');
  await teacher.keyboard.press('Enter');
  await expect(teacher.getByTestId('marking-feedback')).toHaveValue(COMMENT);
  await teacher.keyboard.press('Control+Enter');
  await expect(position(teacher)).toHaveText(`Answer 3 of ${CLASS_SIZE}`);

  // The teacher marks on through answer 16 while the second marker takes answers 19 and 20.
  const teacherMarksOn = async () => {
    for (let n = 3; n <= TEACHER_MARKS; n++) {
      await expect(position(teacher)).toHaveText(`Answer ${n} of ${CLASS_SIZE}`);
      await expect(teacher.getByTestId('marking-answer')).toHaveText(`Essay number ${n}: later starts help sleep.`);
      await chooseLevels(teacher, n % 2 ? 3 : 2, n % 2 ? 3 : 2);
      await teacher.keyboard.press('Control+Enter');
    }
  };
  const secondMarksTheLastTwo = async () => {
    for (let n = 1; n < 19; n++) await second.keyboard.press('j');
    await expect(position(second)).toHaveText(`Answer 19 of ${CLASS_SIZE}`);
    await chooseLevels(second, 2, 3);
    await second.keyboard.press('Control+Enter');
    await expect(position(second)).toHaveText(`Answer 20 of ${CLASS_SIZE}`);
    await chooseLevels(second, 3, 2);
    await second.keyboard.press('Control+Enter');
    await expect(position(second)).not.toHaveText(`Answer 20 of ${CLASS_SIZE}`);
  };
  await Promise.all([teacherMarksOn(), secondMarksTheLastTwo()]);
  // Nothing either saved is lost: the teacher's page, read again, counts the other's marks too.
  await expect(position(teacher)).toHaveText(`Answer 17 of ${CLASS_SIZE}`);
  await expect(teacher.getByTestId('marking-left')).toHaveText('2 left');
  const byQuestion = await request.get(`/api/exams/${examId}/marking`, { headers: owner });
  const essay = ((await byQuestion.json()).data.questions as { type: string; marked: number; left: number }[]).find((q) => q.type === 'essay')!;
  expect(essay).toMatchObject({ marked: CLASS_SIZE - 2, left: 2 });

  // The release names who still waits, and releases the marked ones only.
  await teacher.goto(`/exam/${examId}/results`);
  await teacher.getByRole('button', { name: 'Release Results' }).click();
  const waiting = teacher.getByTestId('release-waiting');
  await expect(waiting).toContainText(`Noor Marked17x${stamp}`);
  await expect(waiting).toContainText(`Noor Marked18x${stamp}`);
  await teacher.getByRole('button', { name: 'Release the marked results only' }).click();
  await expect(teacher.getByRole('dialog')).toBeHidden();

  // A student still waiting reads so, never a score.
  const waitingStudent = await signedIn(browser, students[16]!.email);
  await waitingStudent.goto(`/exam-result/${attempts[16]}`);
  await expect(waitingStudent.getByTestId('result-waiting')).toContainText('Waiting for marking');
  await expect(waitingStudent.getByTestId('result-percentage')).toHaveCount(0);

  // The first student reads their result with the rubric's levels and the saved comment.
  const first = await signedIn(browser, students[0]!.email);
  await first.goto(`/exam-result/${attempts[0]}`);
  await expect(first.getByTestId('result-percentage')).toHaveText('100%');
  const rubric = first.getByTestId('rubric-table');
  await expect(rubric).toContainText('Argument');
  await expect(rubric).toContainText('Strong');
  await expect(rubric.locator('[aria-current]')).toHaveCount(2);
  await expect(first.getByText(COMMENT)).toBeVisible();
});
