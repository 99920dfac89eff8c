import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { buildExam } from '../../exams/test/buildExam';
import { AdminExamDetailsPage } from './AdminExamDetailsPage';
import { AdminExamsPage } from './AdminExamsPage';
import { QUESTION_EXTRAS } from '../../../test/questionExtras';

const admin = buildUser({ role: 'admin' });
const stats = { total: 2, upcoming: 2, ongoing: 0, completed: 0, published: 1, draft: 1 };
const listOf = (exams: ReturnType<typeof buildExam>[]) => ({
  body: { success: true, data: { exams, currentPage: 1, total: exams.length, totalPages: 1, stats } },
});

// A full page in jsdom with Mantine: slow on a busy machine.
describe('AdminExamsPage', { timeout: 15_000 }, () => {
  it('labels each exam Active or Draft and sends each status tab as the API’s status filter', async () => {
    const api = mockApi(admin, [
      ['GET', '/exams', ({ url }) => (url.searchParams.get('status') === 'draft' ? listOf([]) : listOf([buildExam(), buildExam({ _id: 'e2', title: 'Draft one', isPublished: false })]))],
    ]);
    renderApp('/admin/exams', [{ path: '/admin/exams', element: <AdminExamsPage /> }]);
    const table = await screen.findByRole('table', { name: 'Exams' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[6]!.textContent)).toEqual(['Active', 'Draft']);
    expect(api.calls.find((c) => c.path === '/exams')!.url.searchParams.get('sort')).toBe('-createdAt');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'draft' } });
    expect(await screen.findByText('No exams found matching your criteria')).toBeTruthy();
    const lastQuery = () => api.calls.filter((c) => c.path === '/exams').at(-1)!.url.searchParams;
    expect(lastQuery().get('status')).toBe('draft');
    // Active and Published are different rows: each tab asks for its own status, never published=true for both.
    for (const status of ['active', 'published']) {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: status } });
      await waitFor(() => expect(lastQuery().get('status')).toBe(status));
      expect(lastQuery().has('published')).toBe(false);
    }
  });

  it("says 'Failed to load exams' with a way to try again", async () => {
    mockApi(admin, [['GET', '/exams', () => ({ status: 500, body: { success: false, message: 'boom' } })]]);
    renderApp('/admin/exams', [{ path: '/admin/exams', element: <AdminExamsPage /> }]);
    expect(await screen.findByText('Failed to load exams', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});

describe('AdminExamDetailsPage', () => {
  it("shows the 'Exam Not Found' panel for a missing exam", async () => {
    mockApi(admin, [['GET', '/exams/nope', () => ({ status: 404, body: { success: false, message: 'Exam not found.' } })]]);
    renderApp('/admin/exams/nope', [{ path: '/admin/exams/:examId', element: <AdminExamDetailsPage /> }]);
    expect(await screen.findByRole('heading', { name: 'Exam Not Found' })).toBeTruthy();
  });

  it("says 'Failed to load exam details' and returns an admin to /admin/exams", async () => {
    mockApi(admin, [['GET', '/exams/e1', () => ({ status: 403, body: { success: false, message: 'Access denied. You do not have permission.' } })]]);
    const { router } = renderApp('/admin/exams/e1', [
      { path: '/admin/exams/:examId', element: <AdminExamDetailsPage /> },
      { path: '/admin/exams', element: <p>Admin exams</p> },
    ]);
    expect(await screen.findByText('Admin exams')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/exams');
    expect(await screen.findByText('Failed to load exam details')).toBeTruthy();
  });

  it('shows the exam with its questions and answer key', async () => {
    const exam = buildExam({
      questions: [
        {
          _id: 'q1', text: 'Is $1 + 1 = 2$?', question: 'Is $1 + 1 = 2$?', type: 'true-false', subject: 'mathematics', topic: '', difficulty: 'easy', points: 1, marks: 1, createdBy: 't1',
          options: [{ text: 'True', isCorrect: true }, { text: 'False', isCorrect: false }], correctAnswer: 'True', acceptedAnswers: [],
          sampleAnswer: '', explanation: '', image: null, createdAt: '2026-01-01T00:00:00.000Z', ...QUESTION_EXTRAS,
        },
      ],
    });
    mockApi(admin, [['GET', '/exams/e1', () => ({ body: { success: true, data: { exam } } })]]);
    renderApp('/admin/exams/e1', [{ path: '/admin/exams/:examId', element: <AdminExamDetailsPage /> }]);
    const question = await screen.findByRole('article', { name: 'Question 1' });
    expect(question.querySelector('.katex')).not.toBeNull();
    expect(within(question).getByText('(correct answer)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Algebra Practice Test' })).toBeTruthy();
  });
});
