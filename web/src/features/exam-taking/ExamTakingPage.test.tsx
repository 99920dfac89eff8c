import { screen } from '@testing-library/react';
import { DEFAULT_SETTINGS } from '@exam/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { setDatePrefs } from '../../lib/dateFormat';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ExamTakingPage } from './ExamTakingPage';

const EXAM_ID = '11111111-1111-4111-8111-111111111111';
const now = Date.now();

const exam = (over: Record<string, unknown> = {}) => ({
  _id: EXAM_ID,
  title: 'Algebra Practice Test',
  subject: 'mathematics',
  description: 'Linear equations and primes.',
  instructions: 'Read each question carefully.',
  duration: 30,
  totalQuestions: 5,
  totalMarks: 11,
  isPublished: true,
  schedule: { startDate: new Date(now - 3600_000).toISOString(), endDate: new Date(now + 86400_000).toISOString(), timezone: 'UTC' },
  settings: {
    allowMultipleAttempts: false,
    maxAttempts: 1,
    proctoring: { enabled: true, preventTabSwitching: true, requireFullscreen: true, disableRightClick: true, preventCopyPaste: true },
  },
  userAttempts: { hasAttempted: false, attemptCount: 0, nextAttemptNumber: 1, inProgress: false },
  ...over,
});

function open(answer: { status?: number; body: unknown }) {
  mockApi(buildUser({ role: 'student' }), [['GET', `/exams/${EXAM_ID}`, () => answer]]);
  return renderApp(`/exam/${EXAM_ID}`, [
    { path: '/exam/:examId', element: <ExamTakingPage /> },
    { path: '/exams', element: <p>Exam list</p> },
  ]);
}

describe('ExamTakingPage', () => {
  afterEach(() => setDatePrefs({ ...DEFAULT_SETTINGS.preferences }));

  it('names the zone of the time the exam stays open until', async () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    open({ body: { success: true, data: { exam: exam({ schedule: { startDate: new Date(now - 3600_000).toISOString(), endDate: '2099-11-23T16:47:00.000Z', timezone: 'UTC' } }) } } });
    expect(await screen.findByText('23/11/2099 17:47 GMT+1')).toBeTruthy();
  });

  it('shows the start screen with duration, questions, instructions and the proctoring notice', async () => {
    open({ body: { success: true, data: { exam: exam() } } });
    expect(await screen.findByRole('heading', { name: 'Algebra Practice Test' })).toBeTruthy();
    expect(screen.getByText('30 min')).toBeTruthy();
    expect(screen.getByText('Read each question carefully.')).toBeTruthy();
    expect(screen.getByTestId('proctoring-notice').textContent).toContain('The 4th time submits your exam automatically.');
    expect(screen.getByRole('button', { name: 'Start Exam' })).toBeTruthy();
  });

  // An open attempt is resumed without a click (examTakingMachine.test); when that fails, the button remains.
  it('offers to resume an attempt in progress when going straight back in fails', async () => {
    open({ body: { success: true, data: { exam: exam({ userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, inProgress: true } }), attemptId: 'a1' } } });
    expect(await screen.findByRole('button', { name: 'Resume Exam' })).toBeTruthy();
  });

  it('does not offer to start an exam already attempted, and opens its result instead', async () => {
    open({ body: { success: true, data: { exam: exam({ userAttempts: { hasAttempted: true, attemptCount: 1, nextAttemptNumber: 2, inProgress: false, lastSubmissionId: 's1' } }) } } });
    expect(await screen.findByText('You have already taken this exam.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Result' }).getAttribute('href')).toBe('/exam-result/s1');
    expect(screen.queryByRole('button', { name: 'Start Exam' })).toBeNull();
  });

  it('says Exam not found. on a 404, with the way back to the exams', async () => {
    open({ status: 404, body: { success: false, message: 'Exam not found.' } });
    expect((await screen.findByTestId('exam-load-error')).textContent).toContain('Exam not found.');
    expect(screen.getByRole('link', { name: 'Back to Exams' }).getAttribute('href')).toBe('/exams');
  });

  it('shows the server’s words on a 403', async () => {
    open({ status: 403, body: { success: false, message: 'This exam is not accessible or not yet available.' } });
    expect((await screen.findByTestId('exam-load-error')).textContent).toContain('This exam is not accessible or not yet available.');
  });

  it('waits while the server is restarting, instead of failing, and opens the exam by itself once it is back', async () => {
    let up = false;
    const { fetchMock } = mockApi(buildUser({ role: 'student' }), [['GET', `/exams/${EXAM_ID}`, () => ({ body: { success: true, data: { exam: exam() } } })]]);
    const answering = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => (up ? answering(input, init) : new Response('<html>Bad gateway</html>', { status: 502 })));
    renderApp(`/exam/${EXAM_ID}`, [{ path: '/exam/:examId', element: <ExamTakingPage /> }]);

    expect(await screen.findByLabelText('Waiting for the server')).toBeTruthy();
    expect(screen.queryByTestId('exam-load-error')).toBeNull();

    up = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('button', { name: 'Start Exam' })).toBeTruthy();
  }, 15_000);
});
