import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, signIn, sitExamViaApi } from './support';

/**
 * Grading in a real browser: the demo student submits an exam with an essay, the demo
 * teacher marks the essay on /grade-submission/{id}, and the final score reaches the student's
 * result screen and the linked demo parent's notifications. The attempt itself goes through the
 * API (start, answer, submit), so this journey does not depend on the exam-taking screen.
 */

const ESSAY = 'Explain in two sentences why the sky looks blue.';
const ESSAY_ANSWER = 'Air scatters short blue wavelengths of sunlight far more than red ones. That scattered blue light reaches our eyes from every direction.';

/** A published exam for the demo student, open from a minute ago: 2 + 5 points. */
const createExam = (request: APIRequestContext, title: string) =>
  createExamAsTeacher(request, {
    title,
    subject: 'science',
    description: 'Made by the browser test of grading.',
    duration: 30,
    questions: [
      { text: 'What is $6 \\times 7$?', type: 'multiple-choice', subject: 'science', options: ['42', '36', '48'], correctAnswer: '42', points: 2 },
      { text: ESSAY, type: 'essay', subject: 'science', points: 5, sampleAnswer: 'Rayleigh scattering favours short wavelengths.' },
    ],
    openForHours: 3,
  });

/** The demo student starts, answers both questions and submits; returns the submission id. */
const sitAsStudent = (request: APIRequestContext, examId: string) => sitExamViaApi(request, examId, (q) => (q.type === 'essay' ? ESSAY_ANSWER : '42'));

test('a teacher grades a submitted essay; the student sees the final score and the parent is notified', async ({ browser, request }) => {
  const title = `Grading Journey ${Date.now()}`;
  const examId = await createExam(request, title);
  const submissionId = await sitAsStudent(request, examId);

  // The teacher finds it waiting for review on the exam's submissions screen.
  const teacherContext = await browser.newContext();
  const teacher = await teacherContext.newPage();
  await signIn(teacher, DEMO.teacher);
  await teacher.goto(`/exam/${examId}/submissions`);
  await expect(teacher.getByRole('heading', { name: `${title}: Submissions` })).toBeVisible();
  // The student keeps their e-mail private (the default): the row is found by name.
  const row = teacher.getByRole('row').filter({ hasText: 'Sam Student' });
  await expect(row.getByTestId('submission-status')).toHaveText('Reviewing');
  await row.getByRole('link', { name: /Grade Submission/ }).click();
  await expect(teacher).toHaveURL(new RegExp(`/grade-submission/${submissionId}$`));

  // Anonymous mode hides who wrote it while marking.
  await teacher.getByRole('switch', { name: /Anonymous grading/ }).check();
  await expect(teacher.getByTestId('grading-student')).toContainText('Student hidden');
  await expect(teacher.getByTestId('grading-student')).not.toContainText('student@example.com');

  const essay = teacher.getByRole('article', { name: 'Question 2' });
  await expect(essay.getByTestId('student-answer')).toHaveText(ESSAY_ANSWER);
  await expect(essay).toContainText('Rayleigh scattering favours short wavelengths.');
  await expect(teacher.getByRole('article', { name: 'Question 1' }).getByTestId('auto-marks')).toHaveText('Automatic marks: 2 / 2');

  // Marks above the question's points are refused before anything is sent.
  await essay.getByLabel(/^Marks for question 2/).fill('6');
  await teacher.getByRole('button', { name: 'Save Grades' }).click();
  await expect(essay).toContainText('Marks cannot be more than the question’s points (5)');

  await essay.getByLabel(/^Marks for question 2/).fill('4');
  await essay.getByLabel('Feedback for question 2').fill('Good; name the effect: Rayleigh scattering.');
  await teacher.getByRole('button', { name: 'Save Grades' }).click();
  await expect(teacher.getByText('Grades saved successfully!')).toBeVisible();
  // 2 + 4 of 7 points = 86 %, above the 60 % pass mark.
  await expect(teacher.getByTestId('grading-score')).toHaveText('Score: 6 / 7 (86%)');
  await expect(teacher.getByTestId('submission-status').first()).toHaveText('Passed');
  await expect(teacher.getByRole('table', { name: 'Grade history' })).toContainText('Not marked');
  await teacherContext.close();

  // The student's result screen shows the final score and the teacher's feedback.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  await signIn(student, DEMO.student);
  await student.goto(`/exam-result/${submissionId}`);
  await expect(student.getByRole('heading', { name: title })).toBeVisible();
  await expect(student.getByTestId('result-percentage')).toHaveText('86%');
  await expect(student.getByTestId('result-grade')).toHaveText('Grade A');
  await expect(student.getByTestId('result-points')).toHaveText('6 / 7 points (86%)');
  await expect(student.getByTestId('result-status')).toHaveText('Passed');
  await expect(student.getByRole('article', { name: 'Question 2' })).toContainText('Teacher feedback: Good; name the effect: Rayleigh scattering.');
  await studentContext.close();

  // The linked demo parent was told the final score.
  const parentToken = await apiToken(request, DEMO.parent);
  const inbox = await request.get('/api/notifications', { headers: bearer(parentToken) });
  expect(inbox.ok()).toBe(true);
  const notes = (await inbox.json()).data.notifications as { type: string; message: string; actionUrl: string; metadata: { submissionId?: string; score?: number } }[];
  const told = notes.find((n) => n.type === 'result' && n.metadata.submissionId === submissionId);
  expect(told, 'a result notification for the parent').toBeTruthy();
  expect(told!.metadata.score).toBe(86);
  expect(told!.message).toContain('86%');
  expect(told!.actionUrl).toBe(`/exam-result/${submissionId}`);
});
