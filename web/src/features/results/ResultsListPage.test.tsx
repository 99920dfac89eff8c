import type { Submission } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { ResultsListPage } from './ResultsListPage';
import { buildSubmission } from './test/buildSubmission';

const results: Submission[] = [
  buildSubmission({ _id: 'a', exam: { _id: 'e1', title: 'Cells', subject: 'science' }, percentage: 90, isPassed: true }),
  buildSubmission({ _id: 'b', exam: { _id: 'e2', title: 'Rivers', subject: 'geography' }, percentage: 40, isPassed: false, displayStatus: 'Failed' }),
  buildSubmission({ _id: 'c', exam: { _id: 'e3', title: 'Essays', subject: 'english' }, status: 'submitted', isGraded: false, percentage: null, score: null, isPassed: null, displayStatus: 'Submitted' }),
];

function setup(role: 'student' | 'parent', list: Submission[] | { status: number } = results) {
  const user = buildUser({ role, _id: 'me' });
  const api = mockApi(user, [
    ['GET', '/submissions', () => (Array.isArray(list) ? { body: { success: true, data: { submissions: list, currentPage: 1, total: list.length, totalPages: 1 } } } : { status: list.status, body: { success: false } })],
  ]);
  renderApp('/results', [{ path: '/results', element: <ResultsListPage /> }]);
  return api;
}

describe('Results list', () => {
  it('asks for the student’s own submitted results and summarises the final ones', async () => {
    const api = setup('student');
    const card = await screen.findByRole('article', { name: 'Cells' });
    expect(within(card).getByRole('link', { name: /View result/ }).getAttribute('href')).toBe('/exam-result/a');
    expect(within(card).getByLabelText('Grade A+')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Essays' })).getByText('Waiting for marking')).toBeTruthy();
    expect(screen.getByTestId('stat-total-exams').textContent).toBe('3');
    expect(screen.getByTestId('stat-average-score').textContent).toBe('65%');
    expect(screen.getByTestId('stat-passed').textContent).toBe('1');
    expect(screen.getByTestId('stat-best-score').textContent).toBe('90%');
    const query = api.calls.find((c) => c.path === '/submissions')!.url.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({ student: 'me', isSubmitted: 'true', sortBy: 'submittedAt', sortOrder: 'desc' });
  });

  it('lets a parent see whose result each card is, with the subject filter and score sort sent to the server', async () => {
    const api = setup('parent');
    expect((await screen.findByRole('article', { name: 'Cells' })).textContent).toContain('Asha Rao');
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'science' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'score' } });
    await waitFor(() => {
      const query = api.calls.filter((c) => c.path === '/submissions').at(-1)!.url.searchParams;
      expect(query.get('student')).toBeNull();
      expect(Object.fromEntries(query)).toMatchObject({ subject: 'science', sortBy: 'percentage' });
    });
  });

  it("says 'No Results Yet' when there are none", async () => {
    setup('student', []);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Results Yet');
  });

  it("says 'Failed to fetch results' with Try Again", async () => {
    setup('student', { status: 500 });
    expect(await screen.findByText('Failed to fetch results')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
