import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, injectAxe } from './axe';
import { apiToken, bearer, createExamAsTeacher, createPerson, DEMO, leaveTabAndReturn, secondsLeft, signIn, TWO_QUICK_QUESTIONS } from './support';

/**
 * A rest break in a real browser, the student and the proctor each in their own: the student asks
 * on the exam screen, the proctor allows it on the board, the questions go and the clock stops
 * (a tab switch on the break is not counted), the student comes back to the same time left and
 * answers on; the board shows the time paused.
 */
test('a student with break minutes asks for a break, the proctor allows it, the clock stops and the exam goes on afterwards', async ({ browser, request }) => {
  const student = await createPerson(request, 'student', 'Bea', 'Break');
  const admin = await apiToken(request, DEMO.admin);
  const given = await request.put(`/api/users/${student.id}/accommodations`, { headers: bearer(admin), data: { restBreakMinutes: 10, note: 'Diabetes plan' } });
  expect(given.ok(), await given.text()).toBe(true);
  const examId = await createExamAsTeacher(request, {
    title: `Rest break ${Date.now()}`,
    subject: 'mathematics',
    description: 'Made by the browser test of rest breaks.',
    duration: 30,
    settings: { proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: false } },
    questions: TWO_QUICK_QUESTIONS,
    openForHours: 24,
    students: [student.id],
  });

  const teacherContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const board = await teacherContext.newPage();
    const screen = await studentContext.newPage();
    await Promise.all([injectAxe(board), injectAxe(screen)]);
    await signIn(board, DEMO.teacher);
    await signIn(screen, student.email);
    await board.goto(`/exam/${examId}/proctor`);
    await expect(board.getByTestId('board-connection')).toHaveText('Live');
    const row = board.getByTestId('proctor-row').filter({ has: board.getByText(student.name, { exact: true }) });

    await screen.goto(`/exam/${examId}`);
    await screen.getByRole('button', { name: 'Start Exam' }).click();
    await screen.getByRole('radio', { name: '2', exact: true }).check();
    await expect(screen.getByTestId('save-status')).toHaveText('All answers saved');

    // Asking stops nothing yet: the student may go on while a proctor decides.
    await screen.getByRole('button', { name: 'Take a break (10 min left)' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Take a rest break?' });
    await expect(dialog).toContainText('The exam clock stops and your questions are hidden until you come back.');
    await expectNoSeriousViolations(screen, 'the break dialog');
    await dialog.getByRole('button', { name: 'Ask for a break' }).click();
    await expect(screen.getByText('Waiting for a proctor to allow your break')).toBeVisible();
    await expectNoSeriousViolations(screen, 'the exam screen waiting for a break');

    await expect(row.getByText('Asks for a break')).toBeVisible();
    // The request and its two buttons fit the board's row: nothing spills onto the next student.
    const allow = row.getByRole('button', { name: `Allow break for ${student.name}` });
    const [rowBox, allowBox] = [await row.boundingBox(), await allow.boundingBox()];
    expect(allowBox!.y + allowBox!.height).toBeLessThanOrEqual(rowBox!.y + rowBox!.height);
    await expectNoSeriousViolations(board, 'the board with a break request');
    await expect(board.getByText('Asks for a break (1)', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Allow break for ${student.name}` }).click();

    // On the break: no questions, the break time counting down, the clock standing still.
    await expect(screen.getByRole('heading', { name: 'You are on a rest break — the exam clock is stopped' })).toBeVisible();
    await expect(screen.getByRole('radio')).toHaveCount(0);
    await expectNoSeriousViolations(screen, 'the break panel');
    await expect(row.getByText(/On break · \d+:\d\d left/)).toBeVisible();
    const stopped = await secondsLeft(screen);
    await leaveTabAndReturn(screen);
    // Two seconds of break: the exam's time left has not moved.
    await expect(row.getByText(/On break · 9:5[0-7] left/)).toBeVisible();
    expect(await secondsLeft(screen)).toBe(stopped);

    await screen.getByRole('button', { name: 'Back to the exam' }).click();
    await expect(screen.getByRole('heading', { name: 'You are on a rest break — the exam clock is stopped' })).toHaveCount(0);
    // The clock goes on from where it stopped, give or take the second it was read in.
    expect(Math.abs((await secondsLeft(screen)) - stopped)).toBeLessThanOrEqual(2);
    await screen.getByRole('button', { name: /Next/ }).click();
    await screen.getByRole('radio', { name: 'True', exact: true }).check();
    await expect(screen.getByTestId('save-status')).toHaveText('All answers saved');

    // The break was not a violation; the board says it ended and what was paused.
    await expect(row.getByText(/On break/)).toHaveCount(0);
    await expect(row.getByTestId('row-tab-switches')).toHaveText('0');
    await expect(row.getByText(/Paused/)).toBeVisible();
    await expect(row.getByTestId('row-progress')).toHaveText('2 of 2');
    await expect(board.getByTestId('feed-item').filter({ hasText: 'break ended after' }).first()).toContainText(student.name);
  } finally {
    await Promise.all([teacherContext.close(), studentContext.close()]);
  }
});
