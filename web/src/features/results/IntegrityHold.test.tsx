import { DEFAULT_PLATFORM_SETTINGS, type Role, type Submission, type SubmissionDetail } from '@exam/shared';
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { SubmissionResultPage } from './ResultPage';
import { ResultsListPage } from './ResultsListPage';
import { buildDetail, buildSubmission } from './test/buildSubmission';

// Many screens render at once on a busy machine: waits get more room than the default second.
configure({ asyncUtilTimeout: 5000 });

/**
 * What a student and their parents see of a result the integrity review holds: the reason, never
 * a score (the server sends none; a stray one is still not shown). Staff keep the score and see why.
 */
const UNDER_REVIEW_TEXT = { student: 'Your result will be shown once the review of this attempt is finished.', parent: 'This result will be shown once the review of the attempt is finished.' };

function showResult(detail: SubmissionDetail, role: Role) {
  mockApi(buildUser({ role }), [
    ['GET', '/platform-settings', () => ({ body: { success: true, data: { settings: DEFAULT_PLATFORM_SETTINGS } } })],
    ['GET', '/submissions/s1', () => ({ body: { success: true, data: detail } })],
  ]);
  renderApp('/exam-result/s1', [{ path: '/exam-result/:submissionId', element: <SubmissionResultPage /> }]);
}

function showList(list: Submission[], role: Role) {
  mockApi(buildUser({ role, _id: 'me' }), [['GET', '/submissions', () => ({ body: { success: true, data: { submissions: list, currentPage: 1, total: list.length, totalPages: 1 } } })]]);
  renderApp('/results', [{ path: '/results', element: <ResultsListPage /> }]);
}

// As a student or parent receives a held result: out, but without its figures.
const heldForFamily = (hold: 'under_review' | 'withheld') =>
  buildSubmission({ _id: 's1', integrityHold: hold, score: null, marksObtained: null, percentage: null, isPassed: null, rank: null, percentile: null });

describe('A result held by the integrity review', { timeout: 30_000 }, () => {
  it.each(['student', 'parent'] as const)('shows the %s "Under review" and why, with no score and no 0 %%', async (role) => {
    showResult(buildDetail(heldForFamily('under_review')), role);
    const notice = await screen.findByTestId('result-held');
    expect(notice.textContent).toContain('Under review');
    expect(notice.textContent).toContain(UNDER_REVIEW_TEXT[role]);
    expect(screen.queryByTestId('result-percentage')).toBeNull();
    expect(screen.queryByTestId('result-points')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\d\s?%/);
    expect(screen.queryByRole('link', { name: 'Timeline of your attempt' })).toBeNull();
  });

  it('tells a parent when the school withheld the result', async () => {
    showResult(buildDetail(heldForFamily('withheld')), 'parent');
    const notice = await screen.findByTestId('result-held');
    expect(notice.textContent).toContain('Result withheld');
    expect(notice.textContent).toContain('the school has withheld its result');
    expect(screen.queryByTestId('result-percentage')).toBeNull();
  });

  it('shows staff the score, what the family sees, and the way to the attempt’s review', async () => {
    showResult(buildDetail({ _id: 's1', examId: 'e1', integrityHold: 'under_review', integrityState: 'needs_review' }), 'teacher');
    expect((await screen.findByTestId('result-held')).textContent).toContain('Students and parents see “Under review”');
    expect(screen.getByTestId('result-percentage').textContent).toBe('90%');
    expect(screen.getByRole('link', { name: 'Review this attempt' }).getAttribute('href')).toBe('/exam/e1/review?attempt=s1');
  });

  it('offers a student the timeline of their attempt once the result is out', async () => {
    showResult(buildDetail({ _id: 's1' }), 'student');
    expect((await screen.findByRole('link', { name: 'Timeline of your attempt' })).getAttribute('href')).toBe('/exam-result/s1/timeline');
  });

  it.each(['student', 'parent'] as const)('lists it for the %s as "Under review" and leaves it out of the averages', async (role) => {
    showList(
      [
        buildSubmission({ _id: 'a', exam: { _id: 'e1', title: 'Cells', subject: 'science' }, percentage: 80 }),
        { ...heldForFamily('under_review'), _id: 'b', exam: { _id: 'e2', title: 'Rivers', subject: 'geography' } },
      ],
      role,
    );
    const card = await screen.findByRole('article', { name: 'Rivers' });
    expect(within(card).getByTestId('result-hold').textContent).toBe('Under review');
    expect(card.textContent).toContain(UNDER_REVIEW_TEXT[role]);
    expect(card.textContent).not.toMatch(/\d\s?%|points/);
    expect(screen.getByTestId('stat-total-exams').textContent).toBe('2');
    expect(screen.getByTestId('stat-average-score').textContent).toBe('80%');
  });

  it('lists a withheld result as such even if a score came with it', async () => {
    showList([{ ...buildSubmission({ _id: 'b', exam: { _id: 'e2', title: 'Rivers', subject: 'geography' } }), integrityHold: 'withheld' }], 'student');
    const card = await screen.findByRole('article', { name: 'Rivers' });
    expect(within(card).getByTestId('result-hold').textContent).toBe('Result withheld');
    expect(card.textContent).not.toMatch(/\d\s?%|points/);
    expect(screen.getByTestId('stat-average-score').textContent).toBe('—');
  });
});
