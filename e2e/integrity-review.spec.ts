import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { pdfLines } from '../server/src/services/integrity/reportPdfText';
import { apiToken, bearer, DEMO, leaveTabAndReturn, signIn, sitExamViaApi, TWO_QUICK_QUESTIONS } from './support';

/**
 * Issue 53 in a real browser: three students sit an exam whose hall two teachers share; one
 * switches tabs and reconnects, another switches tabs; after the deadline the second proctor
 * reviews the queue with the keyboard alone, confirms the first's flag and dismisses the
 * second's; released results hold the confirmed attempt "Under review" until its outcome is
 * decided; the attempt's PDF report lists its events in order.
 */

const PASSWORD = 'password123';

interface Person {
  id: string;
  email: string;
  name: string;
}

async function createPerson(request: APIRequestContext, adminToken: string, role: 'student' | 'teacher', first: string, last: string, section?: string): Promise<Person> {
  const email = `${first.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@school.test`;
  const res = await request.post('/api/users', {
    headers: bearer(adminToken),
    // Grade 11: the exam lists them by name, and the other journeys' grade-10 halls stay as they expect.
    data: { firstName: first, lastName: last, email, password: PASSWORD, role, ...(role === 'student' ? { grade: 11, section } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()).data.user as { _id?: string; id?: string };
  return { id: (user._id ?? user.id)!, email, name: `${first} ${last}` };
}

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, PASSWORD);
  return page;
}

async function startExam(page: Page, examId: string): Promise<void> {
  await page.goto(`/exam/${examId}`);
  await page.getByRole('button', { name: 'Start Exam' }).click();
  await expect(page.getByRole('heading', { name: 'Question 1 of 2' })).toBeVisible();
}

test('two proctors share a hall; after the deadline one reviews with the keyboard; results wait for the review; the PDF lists the events in order', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const tag = `${Date.now()}`.slice(-6);
  const admin = await apiToken(request, DEMO.admin);
  const ada = await createPerson(request, admin, 'student', 'Ada', `Review${tag}`, 'A');
  const ben = await createPerson(request, admin, 'student', 'Ben', `Review${tag}`, 'B');
  const cleo = await createPerson(request, admin, 'student', 'Cleo', `Review${tag}`, 'B');
  const second = await createPerson(request, admin, 'teacher', 'Petra', `Proctor${tag}`);

  // The demo teacher's exam: for these three only, results released by hand and waiting for the review.
  const owner = bearer(await apiToken(request, DEMO.teacher));
  const now = Date.now();
  const created = await request.post('/api/exams', {
    headers: owner,
    data: {
      title: `Integrity ${tag}`,
      subject: 'mathematics',
      description: 'Made by the browser test of the integrity review.',
      duration: 2,
      instructions: 'Answer what you can.',
      grade: 10,
      passingMarks: 60,
      questions: TWO_QUICK_QUESTIONS,
      eligibleStudents: [ada.id, ben.id, cleo.id],
      settings: { showResultsImmediately: false, resultsWaitForReview: true, proctoring: { enabled: true, requireFullscreen: false } },
      schedule: { startDate: new Date(now - 60_000).toISOString(), endDate: new Date(now + 3600_000).toISOString(), timezone: 'UTC' },
      isPublished: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const examId = (await created.json()).data.exam._id as string;

  // The owner shares the hall: the second teacher proctors and reviews section B.
  const shared = await request.put(`/api/exams/${examId}/staff/${second.id}`, { headers: owner, data: { proctors: true, reviews: true, sections: ['B'] } });
  expect(shared.ok(), await shared.text()).toBe(true);

  // Both proctors watch; the second sees their part of the hall by default, the whole hall on demand.
  const ownerPage = await signedInPage(browser, DEMO.teacher);
  await ownerPage.goto(`/exam/${examId}/proctor`);
  await expect(ownerPage.getByTestId('board-connection')).toHaveText('Live');
  const proctor = await signedInPage(browser, second.email);
  await proctor.goto(`/exam/${examId}/proctor`);
  await expect(proctor.getByTestId('board-connection')).toHaveText('Live');
  const rowOf = (page: Page, who: Person) => page.getByTestId('proctor-row').filter({ has: page.getByText(who.name, { exact: true }) });
  await expect(rowOf(proctor, ben)).toBeVisible();
  await expect(rowOf(proctor, cleo)).toBeVisible();
  await expect(rowOf(proctor, ada)).toHaveCount(0);
  await expect(rowOf(ownerPage, ada)).toBeVisible();

  // Ada answers, switches tabs, and reconnects (a reload drops and reopens her connection).
  const adaPage = await signedInPage(browser, ada.email);
  await startExam(adaPage, examId);
  await adaPage.getByRole('radio', { name: '2', exact: true }).check();
  await expect(adaPage.getByTestId('save-status')).toHaveText('All answers saved');
  await leaveTabAndReturn(adaPage);
  await expect(adaPage.getByTestId('violation-warning')).toBeVisible();
  await expect(rowOf(ownerPage, ada).getByTestId('row-tab-switches')).toHaveText('1');
  await adaPage.reload();
  await expect(adaPage.getByRole('heading', { name: /Question \d of 2/ })).toBeVisible();
  await expect(ownerPage.getByTestId('feed-item').filter({ hasText: ada.name }).filter({ hasText: 'Connection' }).first()).toBeVisible();

  // Ben answers and switches tabs once; Cleo sits it without a flag from another device.
  const benPage = await signedInPage(browser, ben.email);
  await startExam(benPage, examId);
  await benPage.getByRole('radio', { name: '2', exact: true }).check();
  await leaveTabAndReturn(benPage);
  await expect(rowOf(proctor, ben).getByTestId('row-tab-switches')).toHaveText('1');
  await sitExamViaApi(request, examId, (q) => (q.type === 'true-false' ? 'True' : '2'), cleo.email);

  // The deadline ends Ada's and Ben's attempts.
  const proctorToken = bearer(await apiToken(request, second.email, PASSWORD));
  const queueNow = async () => (await (await request.get(`/api/exams/${examId}/review-queue`, { headers: proctorToken })).json()).data as {
    items: { attemptId: string; student: { name: string }; status: string; integrityState: string; hold: string | null }[];
  };
  await expect
    .poll(async () => (await queueNow()).items.filter((i) => i.status !== 'in_progress').length, { message: 'every attempt ended by the deadline', timeout: 180_000, intervals: [2000] })
    .toBe(3);
  const attemptOf = async (who: Person) => (await queueNow()).items.find((i) => i.student.name === who.name)!.attemptId;
  const adaAttempt = await attemptOf(ada);

  // The second proctor reviews the queue with the keyboard alone.
  await proctor.goto(`/exam/${examId}/review`);
  const queue = proctor.getByTestId('review-queue');
  await expect(queue.getByTestId('queue-item')).toHaveCount(3);
  // Undecided flags first, then by name: Ada, Ben, then Cleo with none.
  await expect(queue.getByTestId('queue-item').nth(0)).toContainText(ada.name);
  await expect(queue.getByTestId('queue-item').nth(1)).toContainText(ben.name);
  await expect(queue.getByTestId('queue-item').nth(2)).toContainText(cleo.name);
  // Focus the queue's first option with Tab alone.
  for (let i = 0; i < 30 && !(await proctor.evaluate(() => document.activeElement?.getAttribute('role') === 'option')); i++) await proctor.keyboard.press('Tab');
  await proctor.keyboard.press('Enter');
  const panel = proctor.getByTestId('attempt-panel');
  await expect(panel.getByTestId('attempt-heading')).toContainText(ada.name);
  await expect(panel.getByTestId('attempt-timeline')).toContainText('Reconnected');
  await proctor.keyboard.press('n');
  await proctor.keyboard.press('c');
  await expect(panel.getByTestId('attempt-state')).toHaveText('Confirmed');
  await expect(proctor.getByTestId('review-announcer')).toContainText('Confirmed');
  // The decision is kept with who made it.
  await expect(panel.getByTestId('flag-history').first()).toContainText(second.name);

  await proctor.keyboard.press(']');
  await expect(panel.getByTestId('attempt-heading')).toContainText(ben.name);
  await proctor.keyboard.press('n');
  await proctor.keyboard.press('d');
  await expect(proctor.getByTestId('review-announcer')).toContainText('Dismissed');
  // Nothing left to decide in Ben's attempt: it is clear, and the review moves on.
  await expect(queue.getByTestId('queue-item').filter({ hasText: ben.name }).getByTestId('queue-state')).toHaveText('Clear');
  await expect(queue.getByTestId('queue-item').filter({ hasText: ada.name }).getByTestId('queue-state')).toHaveText('Confirmed');

  // The owner releases the results: Ben and Cleo see theirs, Ada's stays under review.
  const released = await request.put(`/api/exams/${examId}/release-results`, { headers: owner });
  expect(released.ok(), await released.text()).toBe(true);
  await benPage.goto(`/exam/${examId}/result`);
  await expect(benPage.getByText('50%').first()).toBeVisible();
  await adaPage.goto(`/exam/${examId}/result`);
  await expect(adaPage.getByText('Under review').first()).toBeVisible();
  await expect(adaPage.getByText(/\d+ ?%/)).toHaveCount(0);

  // The PDF report of Ada's attempt opens and lists her events in order.
  await proctor.goto(`/exam/${examId}/review?attempt=${adaAttempt}`);
  await expect(panel.getByTestId('attempt-heading')).toContainText(ada.name);
  const downloading = proctor.waitForEvent('download');
  await proctor.getByRole('button', { name: /Attempt report.*PDF/ }).click();
  const download = await downloading;
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const lines = pdfLines(pdf);
  expect(lines.some((l) => l.includes('Integrity report'))).toBe(true);
  // The events, in the timeline's table (the header above it names some of the same words).
  const table = lines.indexOf('Timeline');
  expect(table, lines.join('\n')).toBeGreaterThan(0);
  const at = (text: string) => lines.findIndex((l, i) => i > table && l.includes(text));
  expect(lines.some((l) => l.includes(ada.name))).toBe(true);
  const order = ['Started', 'Tab switch', 'Reconnected', 'Submitted'].map(at);
  expect(order.every((i) => i > table), lines.slice(table).join('\n')).toBe(true);
  expect([...order].sort((a, b) => a - b)).toEqual(order);

  // The reviewer decides Ada's outcome: the result is kept, and she sees it.
  const outcome = panel.getByTestId('outcome-form');
  await outcome.getByRole('radio', { name: 'Keep the result' }).check();
  await outcome.getByRole('button', { name: /Save/ }).click();
  await expect(panel.getByTestId('attempt-state')).toHaveText('Confirmed');
  await adaPage.reload();
  await expect(adaPage.getByText('Under review')).toHaveCount(0);
  await expect(adaPage.getByText('50%').first()).toBeVisible();

  await Promise.all([ownerPage, proctor, adaPage, benPage].map((p) => p.context().close()));
});
