import { DEFAULT_PLATFORM_SETTINGS, GRADING_MSG, type PublicPlatformSettings, type SubmissionDetail } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ExamResultPage, SubmissionResultPage } from './ResultPage';
import { buildAnswer, buildDetail, essayAnswer } from './test/buildSubmission';

function showResult(detail: SubmissionDetail | { status: number; message: string }, role: 'student' | 'parent' = 'student', gradingScale?: PublicPlatformSettings['gradingScale']) {
  const settings: PublicPlatformSettings = { ...DEFAULT_PLATFORM_SETTINGS, gradingScale: gradingScale ?? DEFAULT_PLATFORM_SETTINGS.gradingScale };
  const api = mockApi(buildUser({ role }), [
    ['GET', '/platform-settings', () => ({ body: { success: true, data: { settings } } })],
    [
      'GET',
      '/submissions/s1',
      () => ('status' in detail ? { status: detail.status, body: { success: false, message: detail.message } } : { body: { success: true, data: detail } }),
    ],
  ]);
  renderApp('/exam-result/s1', [{ path: '/exam-result/:submissionId', element: <SubmissionResultPage /> }]);
  return api;
}

describe('Result screen', () => {
  it('names the zone of the date the attempt was submitted', async () => {
    showResult(buildDetail({ submittedAt: '2026-03-01T09:12:34.000Z' }));
    await screen.findByTestId('result-percentage');
    expect(screen.getByText(/Submitted 03\/01\/2026 9:12 AM UTC/)).toBeTruthy();
  });

  it('shows the score circle, grade, points, message, stats and security report of a graded result', async () => {
    showResult(buildDetail());
    expect((await screen.findByTestId('result-percentage')).textContent).toBe('90%');
    expect(screen.getByTestId('result-grade').textContent).toBe('Grade A+');
    expect(screen.getByTestId('result-points').textContent).toBe('9 / 10 points (90%)');
    expect(screen.getByTestId('result-message').textContent).toBe('Outstanding! Excellent work.');
    expect(screen.getByTestId('stat-time-spent').textContent).toBe('13 min');
    expect(screen.getByText('Submitted by the student')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Correct' })).getByText('2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it.each(['student', 'parent'] as const)('shows a %s an attempt waiting for marks as "Waiting for marking", never a score', async (role) => {
    // As the server sends it to a student or parent: no score while a teacher still marks.
    showResult(
      buildDetail({ status: 'submitted', displayStatus: 'Reviewing', isGraded: false, isPassed: null, resultsReleased: true, score: null, percentage: null, correctAnswers: null, pendingAnswers: 1 }, [
        buildAnswer(),
        essayAnswer(),
      ]),
      role,
    );
    expect((await screen.findByTestId('result-waiting')).textContent).toContain('Waiting for marking');
    expect(screen.queryByTestId('result-percentage')).toBeNull();
    expect(screen.queryByTestId('result-grade')).toBeNull();
    expect(screen.queryByTestId('results-hidden')).toBeNull();
    expect(screen.queryByText(/\d\s?%/)).toBeNull();
  });

  it('grades on the scale the admin set, not a scale of its own', async () => {
    showResult(buildDetail({ percentage: 90 }), 'student', { bands: [{ min: 95, letter: 'D' }, { min: 85, letter: 'M' }, { min: 50, letter: 'P' }], fallback: 'U' });
    // The letters arrive with the school's settings, after the result itself.
    await waitFor(() => expect(screen.getByTestId('result-grade').textContent).toBe('Grade M'), { timeout: 10_000 });
  });

  it('shows an essay given some of its marks as partially correct with its marks, in its own bar', async () => {
    showResult(
      buildDetail({ score: 5, percentage: 71, correctAnswers: 1, partialAnswers: 1, incorrectAnswers: 0 }, [
        buildAnswer(),
        essayAnswer({ marks: 3, status: 'partial', isCorrect: false }),
      ]),
    );
    const essay = await screen.findByRole('article', { name: 'Question 2' });
    expect(within(essay).getByTestId('answer-status').textContent).toBe('Partially correct · 3 / 5');
    expect(within(essay).queryByText('Incorrect')).toBeNull();
    expect(screen.getByTestId('bar-partially-correct').textContent).toBe('1 of 2 (50%)');
    expect(screen.getByTestId('bar-incorrect').textContent).toBe('0 of 2 (0%)');
  });

  it('explains that results are not released yet, without any score', async () => {
    showResult(
      buildDetail(
        { resultsReleased: false, displayStatus: 'Submitted', score: null, percentage: null, isPassed: null, correctAnswers: null },
        [buildAnswer({ marks: null, isCorrect: null, status: 'submitted' })],
      ),
    );
    expect((await screen.findByTestId('results-hidden')).textContent).toContain(GRADING_MSG.resultsHidden);
    expect(screen.queryByTestId('result-percentage')).toBeNull();
    expect(screen.queryByTestId('result-points')).toBeNull();
    expect(screen.queryByRole('button', { name: /Show Answers/ })).toBeNull();
  });

  it("says 'Result not found' with a way back to the dashboard", async () => {
    showResult({ status: 404, message: GRADING_MSG.resultNotFound });
    const panel = await screen.findByTestId('result-not-found');
    expect(panel.textContent).toContain('Result not found');
    expect(within(panel).getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it('offers show/hide answers only when the server sent the keys', async () => {
    showResult(buildDetail({}, [buildAnswer({ correctAnswer: '42', explanation: 'Six sevens are $42$.' })], { showCorrectAnswers: true }));
    const toggle = await screen.findByRole('button', { name: 'Show Answers' });
    expect(screen.queryByTestId('correct-answer')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByTestId('correct-answer').textContent).toContain('42');
    expect(screen.getByRole('button', { name: 'Hide Answers' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('loads a student’s latest result of an exam by exam id', async () => {
    const detail = buildDetail();
    mockApi(buildUser({ role: 'student' }), [['GET', '/exams/e1/result', () => ({ body: { success: true, data: { result: detail.submission, submission: detail.submission, exam: {} } } })]]);
    renderApp('/exam/e1/result', [{ path: '/exam/:examId/result', element: <ExamResultPage /> }]);
    expect((await screen.findByRole('heading', { name: 'Photosynthesis Quiz' })).textContent).toBe('Photosynthesis Quiz');
  });
});
