import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, bearer, createExamAsTeacher, DEMO, reloadOpenExam, secondsLeft, signIn, TWO_QUICK_QUESTIONS, uniqueEmail } from './support';

/**
 * The exam screen is a room of its own: during an attempt nothing on screen leads
 * elsewhere, leaving asks first, the time left stays in sight on a phone, a reload lands on the
 * question the student was on, and submitting opens the result, after which the exam's card
 * offers 'View Result'. Each journey has a teacher, a student and an exam of its own.
 */

const PASSWORD = 'exam-screen-1';

async function createUser(request: APIRequestContext, role: 'teacher' | 'student', name: string): Promise<string> {
  const email = uniqueEmail(`screen-${role}`);
  const extra = role === 'teacher' ? { subject: 'mathematics' } : { grade: 10, section: 'A' };
  const res = await request.post('/api/users', {
    headers: bearer(await apiToken(request, DEMO.admin)),
    data: { firstName: name, lastName: 'Screen', email, password: PASSWORD, role, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/** A fresh teacher's exam of two quick questions (a long first one, so a phone has to scroll), and a fresh student for it. */
async function examAndStudent(request: APIRequestContext, title: string): Promise<{ examId: string; student: string }> {
  const teacher = await createUser(request, 'teacher', 'Tess');
  const student = await createUser(request, 'student', 'Sam');
  const context = 'A train leaves the station at nine and travels at a steady speed through the valley. '.repeat(12);
  const [first, second] = TWO_QUICK_QUESTIONS;
  const examId = await createExamAsTeacher(
    request,
    {
      title,
      subject: 'mathematics',
      description: 'Made by the browser test of the exam screen.',
      duration: 30,
      instructions: 'Answer what you can.',
      settings: { proctoring: { enabled: false } },
      questions: [{ ...first, text: `${context}\n\nWhat is $1 + 1$ equal to?` }, second],
      openForHours: 24,
    },
    { email: teacher, password: PASSWORD },
  );
  return { examId, student };
}

const allSaved = (page: Page) => expect(page.getByTestId('save-status')).toHaveText('All answers saved');

/** Nothing that leads elsewhere: no site header, site navigation, footer, link or sign-out. */
async function expectNothingLeadsElsewhere(page: Page): Promise<void> {
  await expect(page.getByRole('banner')).toHaveCount(0);
  // The one navigation left is the question palette.
  await expect(page.getByRole('navigation')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Questions' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Sign Out|Open navigation menu/ })).toHaveCount(0);
}

/** What the page itself prints (the breadcrumb's path labels are the layout's, covered with it). */
const pageTextBesideBreadcrumb = (page: Page) =>
  page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    body.querySelectorAll('nav[aria-label="Breadcrumb"]').forEach((n) => n.remove());
    return body.innerText;
  });

test.describe('on a laptop (1366×768)', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the attempt holds only the exam, Back and reload ask first, a reload lands on the same question, and submitting opens the result the card then offers', async ({ page, request }) => {
    const title = `Room of its own ${Date.now()}`;
    const { examId, student } = await examAndStudent(request, title);
    await signIn(page, student, PASSWORD);
    await page.goto(`/exams?search=${encodeURIComponent(title)}`);
    const card = page.getByRole('article', { name: title });
    await card.getByRole('link', { name: 'Take Exam' }).click();
    await expect(page).toHaveURL(new RegExp(`/exam/${examId}$`));

    // Before the start the site is still around; from the start it is gone.
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    await expectNothingLeadsElsewhere(page);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('exam-timer')).toBeVisible();
    await expect(page.getByTestId('save-status')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Exam' })).toBeVisible();

    await page.getByRole('radio', { name: '2', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: 'True', exact: true }).check();
    await page.getByRole('button', { name: 'Mark for review' }).click();
    await allSaved(page);

    // Back asks, and staying stays.
    await page.goBack();
    const leave = page.getByRole('dialog', { name: 'Leave the exam?' });
    await expect(leave).toContainText('the timer keeps running');
    await leave.getByRole('button', { name: 'Stay in the exam' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/exam/${examId}$`));
    await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();

    // A reload asks through the browser, then lands on question 2 with its answer, its mark and the clock.
    const before = await secondsLeft(page);
    expect(await reloadOpenExam(page)).toBe('beforeunload');
    await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Start Exam|Resume Exam/ })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'True', exact: true })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Marked for review', exact: true })).toBeVisible();
    await expect(page.getByText('2 of 2 answered')).toBeVisible();
    const after = await secondsLeft(page);
    expect(after).toBeLessThanOrEqual(before);
    expect(before - after).toBeLessThan(60);
    await expectNothingLeadsElsewhere(page);

    // Submitting goes to the result; the site is back, and no raw id is printed.
    await page.getByRole('button', { name: 'Submit Exam' }).click();
    await page.getByRole('dialog', { name: 'Submit your exam?' }).getByRole('button', { name: 'Yes, submit my exam' }).click();
    await expect(page).toHaveURL(/\/exam-result\/[0-9a-f-]{36}$/);
    const resultPath = new URL(page.url()).pathname;
    const submissionId = resultPath.split('/').pop()!;
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await pageTextBesideBreadcrumb(page)).not.toContain(submissionId);

    // The card now opens that result instead of a dead 'Already Attempted'.
    await page.goto(`/exams?search=${encodeURIComponent(title)}`);
    await expect(card.getByRole('link', { name: 'View Result' })).toHaveAttribute('href', resultPath);
    await expect(card.getByText('Already Attempted')).toHaveCount(0);
    await card.getByRole('link', { name: 'View Result' }).click();
    await expect(page).toHaveURL(new RegExp(`${resultPath}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });
});

test('a screen reader hears the time left when it crosses 10 minutes, not every second', async ({ page, request }) => {
  const { examId, student } = await examAndStudent(request, `Spoken timer ${Date.now()}`);
  // The browser's clock is ours to move; the deadline stays the server's.
  await page.clock.install();
  await signIn(page, student, PASSWORD);
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
  const spoken = page.getByTestId('timer-announcement');
  await expect(spoken).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByTestId('exam-timer')).toHaveAttribute('aria-live', 'off');
  await page.clock.runFor(3000);
  await expect(spoken).toHaveText('');
  // 30 minutes to sit: 20 minutes and 5 seconds later fewer than 10 are left.
  await page.clock.fastForward('20:05');
  await expect(spoken).toHaveText('10 minutes left.');
});

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the time left stays in sight while the question and palette scroll, with no menu to leave by, and a reload keeps the question', async ({ page, request }) => {
    const title = `Phone exam ${Date.now()}`;
    const { examId, student } = await examAndStudent(request, title);
    await signIn(page, student, PASSWORD);
    await page.goto(`/exam/${examId}`);
    await page.getByRole('button', { name: 'Start Exam' }).click();
    await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
    await expectNothingLeadsElsewhere(page);

    const timer = page.getByTestId('exam-timer');
    const inSight = async () => {
      const box = await timer.boundingBox();
      expect(box, 'the timer is laid out').toBeTruthy();
      expect(box!.y).toBeGreaterThanOrEqual(0);
      expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    };
    await inSight();
    // The long question and the palette below it make the page scroll; the timer stays.
    await page.getByRole('button', { name: 'Submit Exam' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await inSight();
    await expect(timer).toContainText('left');

    await page.getByRole('radio', { name: '2', exact: true }).check();
    await page.getByTestId('palette-2').click();
    await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
    await allSaved(page);
    expect(await reloadOpenExam(page)).toBe('beforeunload');
    await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
    await expect(page.getByTestId('palette-1')).toHaveAttribute('data-status', 'answered');
    await inSight();
  });
});
