import type { ExamStatsResponse } from '@exam/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { buildSubmission } from '../results/test/buildSubmission';
import { ExamResultsPage } from './ExamResultsPage';

const SHORT = 'What is $\\frac{a}{b}$ when a = 6 and b = 3?';
// The 100th character falls inside the second formula: the old preview cut it there, showing raw LaTeX.
const LONG = 'A train leaves the station and travels for a long while across the plains before it reaches $\\frac{d}{t} = \\sqrt{v^2 + 1}$ the town; how fast was it going?';

const item = (questionId: string, question: string) => ({ questionId, question, type: 'essay' as const, points: 4, facility: 0.5, discrimination: 0.3, averageMarks: 2, optionCounts: null, graded: 9 });
const stats: ExamStatsResponse = {
  // Asserted, not annotated: the headline counts grow with the release guard, and only the tables matter here.
  stats: { totalSubmissions: 10, gradedSubmissions: 9, pendingGrading: 1, leftOutOfRelease: 0, averageScore: 64, passedCount: 6, failedCount: 3, highestScore: 95, lowestScore: 20, passingMarks: 50, resultsReleased: true } as ExamStatsResponse['stats'],
  distribution: [],
  analysis: { reliability: null, method: null, items: [item('q1', SHORT), item('q2', LONG)] },
};

function setup() {
  mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam() } } })],
    ['GET', '/exams/e1/stats', () => ({ body: { success: true, data: stats } })],
    ['GET', '/submissions', () => ({ body: { success: true, data: { submissions: [buildSubmission({ percentile: 75 })], currentPage: 1, total: 1, totalPages: 1 } } })],
  ]);
  renderApp('/exam/results/e1', [{ path: '/exam/results/:examId', element: <ExamResultsPage /> }]);
}

/** The text a reader sees: KaTeX's hidden TeX annotation (kept for screen readers) left out. */
const visibleText = (el: Element) => {
  const copy = el.cloneNode(true) as Element;
  copy.querySelectorAll('annotation').forEach((a) => a.remove());
  return copy.textContent ?? '';
};

describe('Exam statistics read like the exam', () => {
  it('renders a question’s maths with KaTeX in the item analysis, never raw \\frac', async () => {
    setup();
    const [first] = await screen.findAllByTestId('item-question');
    expect(first!.querySelector('.katex')).not.toBeNull();
    expect(visibleText(first!)).not.toContain('\\frac');
    expect(visibleText(first!)).toContain('when a = 6 and b = 3?');
  });

  it('shortens a long question before its formula, and unfolds the full text from a button', async () => {
    setup();
    const second = (await screen.findAllByTestId('item-question'))[1]!;
    expect(visibleText(second)).toBe('A train leaves the station and travels for a long while across the plains before it reaches…');
    expect(visibleText(second)).not.toContain('\\');

    const more = screen.getByRole('button', { name: 'Show full text of question 2' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    const full = screen.getAllByTestId('item-question')[1]!;
    expect(full.querySelector('.katex')).not.toBeNull();
    expect(visibleText(full)).toContain('the town; how fast was it going?');
    expect(visibleText(full)).not.toContain('\\sqrt');
    expect(screen.getByRole('button', { name: 'Show less of question 2' }).getAttribute('aria-expanded')).toBe('true');
    // A short question has nothing to unfold.
    expect(screen.queryByRole('button', { name: 'Show full text of question 1' })).toBeNull();
  });

  it('explains under the ranking what the percentile counts', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Ranked results' });
    expect(within(table).getByRole('columnheader', { name: 'Percentile' })).toBeTruthy();
    expect(within(table).getByTestId('percentile').textContent).toBe('75th');
    expect(screen.getByTestId('percentile-help').textContent).toBe(
      "Percentile: the share of the exam's graded attempts that scored lower, with equal scores counting half. The 75th scored higher than about three in four; attempts still waiting for marks are not counted.",
    );
  });
});
