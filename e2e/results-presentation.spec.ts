import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, signIn, sitExamViaApi, uniqueEmail } from './support';

/**
 * One way of showing results: an essay given some of its marks reads "Partially
 * correct" with those marks and has its own bar, and the grade letter is the school's one scale,
 * so an admin's change to the scale shows on the student's result page. The teacher, student and
 * exam are this file's own; the attempt and the marking go through the API.
 */

const ESSAY = 'Describe the water cycle in two sentences.';
const DEFAULT_SCALE = {
  bands: [
    { min: 90, letter: 'A+' },
    { min: 80, letter: 'A' },
    { min: 70, letter: 'B+' },
    { min: 60, letter: 'B' },
    { min: 50, letter: 'C' },
    { min: 40, letter: 'D' },
  ],
  fallback: 'F',
};

async function createUser(request: APIRequestContext, adminToken: string, role: 'teacher' | 'student', firstName: string) {
  const email = uniqueEmail(`results-${role}`);
  const res = await request.post('/api/users', {
    headers: bearer(adminToken),
    data: { firstName, lastName: 'Presentation', email, password: DEMO.password, role, ...(role === 'student' ? { grade: 10, section: 'A' } : { subject: 'science' }) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password: DEMO.password };
}

/** Puts the school's scale back as it was, whatever the journey did. */
async function restoreScale(request: APIRequestContext) {
  const admin = await apiToken(request, DEMO.admin);
  const current = (await (await request.get('/api/platform-settings/admin', { headers: bearer(admin) })).json()).data.settings;
  const res = await request.put('/api/platform-settings', { headers: bearer(admin), data: { ...current, gradingScale: DEFAULT_SCALE } });
  expect(res.ok(), await res.text()).toBe(true);
}

test.afterAll(async ({ request }) => restoreScale(request));

test('an essay marked 3 of 5 reads partially correct, and the admin’s new grading scale shows on the student’s result', async ({ browser, request }) => {
  const adminToken = await apiToken(request, DEMO.admin);
  const teacher = await createUser(request, adminToken, 'teacher', 'Tess');
  const student = await createUser(request, adminToken, 'student', 'Sami');
  const examId = await createExamAsTeacher(
    request,
    {
      title: `Results presentation ${Date.now()}`,
      subject: 'science',
      description: 'Made by the browser test of how results are shown.',
      duration: 30,
      questions: [
        { text: 'Water boils at 100 degrees at sea level.', type: 'true-false', subject: 'science', correctAnswer: 'True', points: 2 },
        { text: ESSAY, type: 'essay', subject: 'science', points: 5, sampleAnswer: 'Water evaporates, condenses into clouds and falls as rain.' },
      ],
      openForHours: 3,
    },
    teacher,
  );
  const submissionId = await sitExamViaApi(request, examId, (q) => (q.type === 'essay' ? 'The sun warms the sea and water rises as vapour. It cools into clouds and rains.' : 'True'), student.email);

  // The teacher gives the essay 3 of its 5 marks: 5 of 7 points, 71 %.
  const teacherToken = await apiToken(request, teacher.email, teacher.password);
  const detail = await (await request.get(`/api/submissions/${submissionId}`, { headers: bearer(teacherToken) })).json();
  const essay = (detail.data.submission.answers as { questionId: string; type: string }[]).find((a) => a.type === 'essay')!;
  const graded = await request.put(`/api/submissions/${submissionId}/grade`, { headers: bearer(teacherToken), data: { grades: [{ questionId: essay.questionId, marks: 3 }] } });
  expect(graded.ok(), await graded.text()).toBe(true);

  const studentContext = await browser.newContext();
  const page = await studentContext.newPage();
  await signIn(page, student.email, student.password);
  await page.goto(`/exam-result/${submissionId}`);
  await expect(page.getByTestId('result-percentage')).toHaveText('71%');
  const essayCard = page.getByRole('article', { name: 'Question 2' });
  await expect(essayCard.getByTestId('answer-status')).toHaveText('Partially correct · 3 / 5');
  await expect(essayCard.getByText('Incorrect', { exact: true })).toHaveCount(0);
  await expect(page.getByTestId('bar-partially-correct')).toHaveText('1 of 2 (50%)');
  await expect(page.getByTestId('bar-incorrect')).toHaveText('0 of 2 (0%)');
  await expect(page.getByTestId('result-grade')).toHaveText('Grade B+');

  // An admin renames the 70 % band on the admin settings page.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin/settings');
  const band = admin.getByLabel('Band 3 letter');
  await expect(band).toHaveValue('B+');
  await band.fill('G');
  await admin.getByRole('button', { name: 'Save Settings' }).click();
  await expect(admin.getByText('Platform settings saved')).toBeVisible();

  // The student's result page shows the new letter, as does their results list.
  await page.reload();
  await expect(page.getByTestId('result-grade')).toHaveText('Grade G');
  await page.goto('/results');
  await expect(page.getByRole('article').first().getByLabel('Grade G')).toBeVisible();

  await adminContext.close();
  await studentContext.close();
});
