import type { ExamStatsResponse, Submission } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { buildExam } from '../exams/test/buildExam';
import { buildSubmission } from '../results/test/buildSubmission';
import { ExamSubmissionsPage } from './ExamSubmissionsPage';

const stats: ExamStatsResponse = {
  stats: { totalSubmissions: 3, gradedSubmissions: 2, pendingGrading: 1, leftOutOfRelease: 0, averageScore: 62.5, passedCount: 1, failedCount: 1, highestScore: 90, lowestScore: 35, passingMarks: 50, resultsReleased: true },
  distribution: [],
  analysis: { reliability: null, method: null, items: [] },
};

const rows: Submission[] = [
  buildSubmission({ _id: 'a', student: { _id: 'u1', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', avatar: null } }),
  buildSubmission({ _id: 'b', student: { _id: 'u2', firstName: 'Ben', lastName: 'Ode', email: 'ben@example.com', avatar: null }, displayStatus: 'Failed', isPassed: false, percentage: 35 }),
  buildSubmission({ _id: 'c', student: { _id: 'u3', firstName: 'Cara', lastName: 'Lim', email: 'cara@example.com', avatar: null }, status: 'submitted', displayStatus: 'Reviewing', isGraded: false }),
  buildSubmission({ _id: 'd', student: { _id: 'u4', firstName: 'Dev', lastName: 'Pal', email: 'dev@example.com', avatar: null }, status: 'in_progress', displayStatus: 'In Progress', isSubmitted: false, isGraded: false, submittedAt: null, score: null, percentage: null }),
];

function setup(list: Submission[] = rows) {
  const api = mockApi(buildUser({ role: 'teacher' }), [
    ['GET', '/exams/e1', () => ({ body: { success: true, data: { exam: buildExam() } } })],
    ['GET', '/exams/e1/stats', () => ({ body: { success: true, data: stats } })],
    ['GET', '/submissions', () => ({ body: { success: true, data: { submissions: list, currentPage: 1, total: list.length, totalPages: 1 } } })],
  ]);
  renderApp('/exam/e1/submissions', [{ path: '/exam/:examId/submissions', element: <ExamSubmissionsPage /> }]);
  return api;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

describe('Exam submissions screen', () => {
  it('labels each submission’s status in words, and offers Grade Submission only for the ungraded', async () => {
    setup();
    await screen.findByText('Asha Rao');
    expect(within(rowOf('Asha Rao')).getByTestId('submission-status').textContent).toBe('Passed');
    expect(within(rowOf('Ben Ode')).getByTestId('submission-status').textContent).toBe('Failed');
    expect(within(rowOf('Cara Lim')).getByTestId('submission-status').textContent).toBe('Reviewing');
    expect(within(rowOf('Dev Pal')).getByTestId('submission-status').textContent).toBe('In Progress');
    expect(within(rowOf('Cara Lim')).getByRole('link', { name: /Grade Submission/ }).getAttribute('href')).toBe('/grade-submission/c');
    expect(within(rowOf('Asha Rao')).queryByRole('link', { name: /Grade Submission/ })).toBeNull();
    expect(within(rowOf('Dev Pal')).queryByRole('link', { name: /Grade Submission/ })).toBeNull();
  });

  it('leads to marking by question', async () => {
    setup();
    await screen.findByText('Asha Rao');
    expect(screen.getByRole('link', { name: 'Mark by question' }).getAttribute('href')).toBe('/exam/e1/marking');
  });

  it('shows the exam’s title, subject and grade with its stats', async () => {
    setup();
    expect((await screen.findByRole('heading', { name: 'Algebra Practice Test: Submissions' })).textContent).toBeTruthy();
    expect(screen.getByTestId('exam-meta').textContent).toBe('Mathematics · Grade 10');
    expect((await screen.findByTestId('stat-average-score')).textContent).toBe('62.5%');
  });

  it('sends the status filter and sort to the server, ten per page', async () => {
    const api = setup();
    await screen.findByText('Asha Rao');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'reviewing' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'studentName' } });
    await waitFor(() => {
      const last = api.calls.filter((c) => c.path === '/submissions').at(-1)!.url.searchParams;
      expect(Object.fromEntries(last)).toMatchObject({ examId: 'e1', status: 'reviewing', sortBy: 'studentName', limit: '10', page: '1' });
    });
  });

  it("says 'No Submissions Found' when there are none", async () => {
    setup([]);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Submissions Found');
  });
});
