import type { ExamStatsResponse, ReleasePreview } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { buildSubmission } from '../results/test/buildSubmission';
import { ExamResultsPage } from './ExamResultsPage';
import { ANONYMOUS_KEY } from '../grading/useAnonymousMode';

const statsOf = (overrides: Partial<ExamStatsResponse['stats']> = {}, reliability: number | null = null): ExamStatsResponse => ({
  stats: { totalSubmissions: 12, gradedSubmissions: 11, pendingGrading: 1, leftOutOfRelease: 0, averageScore: 71, passedCount: 8, failedCount: 3, highestScore: 100, lowestScore: 20, passingMarks: 50, resultsReleased: true, ...overrides },
  distribution: [
    { range: '90-100', count: 3 },
    { range: '80-89', count: 2 },
    { range: '70-79', count: 2 },
    { range: '60-69', count: 1 },
    { range: '0-59', count: 3 },
  ],
  analysis: {
    reliability,
    method: reliability === null ? null : 'KR-20',
    items: [{ questionId: 'q1', question: 'What is $6 \\times 7$?', type: 'multiple-choice', points: 2, facility: 0.6, discrimination: 0.5, averageMarks: null, optionCounts: { '42': 7, '36': 4 }, graded: 11 }],
  },
});

// Page 2 of the ranking: the server's rank and percentile, not the row's position on the page.
const row = buildSubmission({ _id: 'p2', rank: 11, percentile: 9, percentage: 20, displayStatus: 'Failed', isPassed: false });
const pending = buildSubmission({ _id: 'p3', student: { _id: 'u9', firstName: 'Cara', lastName: 'Lim', email: 'c@example.com', avatar: null }, status: 'submitted', displayStatus: 'Reviewing', isGraded: false, rank: null, percentile: null });

const nobodyWaiting: ReleasePreview = { released: false, marked: 11, waiting: 0, underReview: 0, leftOut: 0, waitingList: [] };

function setup(opts: { role?: 'teacher' | 'admin'; stats?: { status?: number; body: unknown }; preview?: ReleasePreview } = {}) {
  const api = mockApi(buildUser({ role: opts.role ?? 'teacher' }), [
    ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam() } } })],
    ['GET', '/exams/e1/stats', () => opts.stats ?? { body: { success: true, data: statsOf() } }],
    ['GET', '/submissions', () => ({ body: { success: true, data: { submissions: [row, pending], currentPage: 2, total: 12, totalPages: 2 } } })],
    ['GET', '/exams/e1/release-preview', () => ({ body: { success: true, data: opts.preview ?? nobodyWaiting } })],
    ['PUT', '/exams/e1/release-results', () => ({ body: { success: true, message: 'Results released to students and parents' } })],
  ]);
  renderApp('/exam/results/e1?page=2', [{ path: '/exam/results/:examId', element: <ExamResultsPage /> }]);
  return api;
}

describe('Exam results screen', () => {
  it('ranks with the server’s rank and percentile over all submissions, not the page', async () => {
    const api = setup();
    expect((await screen.findAllByTestId('rank'))[0]!.textContent).toBe('11');
    expect(screen.getAllByTestId('percentile')[0]!.textContent).toBe('9th');
    const query = api.calls.find((c) => c.path === '/submissions')!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ sortBy: 'percentage', sortOrder: 'desc', page: '2', limit: '10' });
  });

  it('draws the score distribution with counts and the item analysis, saying when reliability is not known yet', async () => {
    setup();
    expect((await screen.findByTestId('bucket-90-100')).textContent).toContain('3 (27%)');
    expect(screen.getByRole('progressbar', { name: '0-59%: 3 submissions (27%)' })).toBeTruthy();
    expect(screen.getByTestId('reliability').textContent).toBe('Reliability: Not enough attempts yet');
    const table = screen.getByRole('table', { name: 'Item analysis' });
    expect(within(table).getByText('60%')).toBeTruthy();
    expect(within(table).getByText('0.50')).toBeTruthy();
    expect(table.textContent).toContain('42: 7');
    expect(table.textContent).toContain('36: 4');
    expect(table.querySelector('.katex')).not.toBeNull();
  });

  it('names the reliability method when there is one', async () => {
    setup({ stats: { body: { success: true, data: statsOf({}, 0.81) } } });
    expect((await screen.findByTestId('reliability')).textContent).toBe('Reliability (KR-20): 0.81');
  });

  it('offers Grade Submission to teachers only, and Edit Exam', async () => {
    setup();
    expect((await screen.findByRole('link', { name: /Grade Submission of Cara Lim/ })).getAttribute('href')).toBe('/grade-submission/p3');
    expect(screen.getByRole('link', { name: 'Edit Exam' }).getAttribute('href')).toBe('/exam/edit/e1');
  });

  it('hides Grade Submission from admins', async () => {
    setup({ role: 'admin' });
    await screen.findAllByTestId('rank');
    expect(screen.queryByRole('link', { name: /Grade Submission/ })).toBeNull();
  });

  it('releases hidden results after a confirmation, when nothing waits for marking', async () => {
    const api = setup({ stats: { body: { success: true, data: statsOf({ resultsReleased: false, pendingGrading: 0 }) } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Release Results' }));
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('release-marked')).textContent).toBe('11 marked results will be released to their students and parents.');
    expect(within(dialog).queryByRole('button', { name: 'Release the marked results only' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release Results' }));
    await waitFor(() => expect(api.callsTo('PUT', '/exams/e1/release-results')).toHaveLength(1));
    expect(await screen.findByText('Results released to students and parents')).toBeTruthy();
  });

  it('names the attempts still waiting for marks before releasing, and releases the marked ones only when asked', async () => {
    const preview: ReleasePreview = {
      released: false,
      marked: 9,
      waiting: 2,
      underReview: 1,
      leftOut: 0,
      waitingList: [
        { attemptId: 'a1', studentName: 'Cara Lim', submittedAt: null },
        { attemptId: 'a2', studentName: 'Dev Pal', submittedAt: null },
      ],
    };
    const api = setup({ stats: { body: { success: true, data: statsOf({ resultsReleased: false, pendingGrading: 2 }) } }, preview });
    fireEvent.click(await screen.findByRole('button', { name: 'Release Results' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('2 attempts still wait for marking:')).toBeTruthy();
    const waiting = within(dialog).getByRole('list', { name: 'Attempts waiting for marking' });
    expect(within(waiting).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Cara Lim', 'Dev Pal']);
    expect(within(dialog).getByText('1 result is held by the integrity review and stays hidden until it is decided.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release the marked results only' }));
    await waitFor(() => expect(api.callsTo('PUT', '/exams/e1/release-results')).toHaveLength(1));
    expect(api.callsTo('PUT', '/exams/e1/release-results')[0]!.body).toEqual({ only: 'marked' });
  });

  it('names the waiting attempts by a short id, not by name, for a teacher grading anonymously', async () => {
    localStorage.setItem(ANONYMOUS_KEY, 'true');
    const preview: ReleasePreview = { released: false, marked: 1, waiting: 1, underReview: 0, leftOut: 0, waitingList: [{ attemptId: '3f2a9c1e-0000-4000-8000-000000000001', studentName: 'Cara Lim', submittedAt: null }] };
    setup({ stats: { body: { success: true, data: statsOf({ resultsReleased: false }) } }, preview });
    fireEvent.click(await screen.findByRole('button', { name: 'Release Results' }));
    const waiting = await within(await screen.findByRole('dialog')).findByRole('list', { name: 'Attempts waiting for marking' });
    expect(waiting.textContent).toBe('Anonymous attempt 3f2a9c1e');
    localStorage.removeItem(ANONYMOUS_KEY);
  });

  it('says how many attempts wait for marking and are left out of the figures, and offers to release again those a marked-only release left out', async () => {
    const api = setup({ stats: { body: { success: true, data: statsOf({ pendingGrading: 3, leftOutOfRelease: 3 }) } }, preview: { ...nobodyWaiting, released: true, leftOut: 3 } });
    expect((await screen.findByTestId('stats-not-counted')).textContent).toBe('3 attempts wait for marking and are not counted in the average, passed or failed.');
    fireEvent.click(screen.getByRole('button', { name: 'Release again' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('3 attempts were left out of the last release.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release Results' }));
    await waitFor(() => expect(api.callsTo('PUT', '/exams/e1/release-results')).toHaveLength(1));
    expect(api.callsTo('PUT', '/exams/e1/release-results')[0]!.body).toEqual({});
  });

  it("says 'Exam Not Found' for a missing exam", async () => {
    setup({ stats: { status: 404, body: { success: false, message: 'Exam not found.' } } });
    expect(await screen.findByText('Exam Not Found')).toBeTruthy();
  });

  it("says 'Failed to load exam results' with Try Again when the server gives no message", async () => {
    setup({ stats: { status: 502, body: { success: false } } });
    expect(await screen.findByText('Failed to load exam results')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
