import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequireRole } from '../../../app/guard/RequireRole';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { buildExam } from '../test/buildExam';
import { ExamListPage } from './ExamListPage';

const stats = { total: 1, upcoming: 1, ongoing: 0, completed: 0, published: 0, draft: 1 };
const page = (exams = [buildExam({ isPublished: false })]) => ({
  body: { success: true, data: { exams, currentPage: 1, total: exams.length, totalPages: 1, stats } },
});

function renderList(path = '/exams') {
  return renderApp(path, [
    { path: '/exams', element: <RequireRole><ExamListPage /></RequireRole> },
    { path: '/exam-list', element: <RequireRole roles={['student', 'teacher', 'parent']}><ExamListPage /></RequireRole> },
  ]);
}

describe('ExamListPage', () => {
  it("is 'My Exams' for a teacher, with the counters from the server", async () => {
    const api = mockApi(buildUser({ role: 'teacher' }), [['GET', '/exams', () => page()]]);
    renderList();
    expect(await screen.findByRole('heading', { name: 'My Exams' })).toBeTruthy();
    expect(within(await screen.findByRole('group', { name: 'Drafts' })).getByText('1')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/exams')!.url.search).toBe('?page=1&limit=10&sort=-startTime');
  });

  it("is 'Available Exams' for everyone else, without the teacher's counters", async () => {
    mockApi(buildUser({ role: 'student' }), [['GET', '/exams', () => page([buildExam()])]]);
    renderList('/exam-list');
    expect(await screen.findByRole('heading', { name: 'Available Exams' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Algebra Practice Test' });
    expect(screen.queryByRole('group', { name: 'Drafts' })).toBeNull();
  });

  it('sends the filters and the sort to the server and starts again at page 1', async () => {
    const api = mockApi(buildUser({ role: 'teacher' }), [['GET', '/exams', () => page()]]);
    renderList('/exams?page=2');
    await screen.findByRole('article', { name: 'Algebra Practice Test' });
    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'science' } });
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'title' } });
    await screen.findByRole('article', { name: 'Algebra Practice Test' });
    const last = api.calls.filter((c) => c.path === '/exams').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ page: '1', limit: '10', sort: 'title', subject: 'science' });
  });

  it('deletes an exam only after the confirmation, then says so', async () => {
    const api = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/exams', () => page()],
      ['DELETE', '/exams/e1', () => ({ body: { success: true, message: 'Exam deleted successfully!' } })],
    ]);
    renderList();
    const card = await screen.findByRole('article', { name: 'Algebra Practice Test' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('confirm-message')).textContent).toBe(
      'Are you sure you want to delete this exam? This action cannot be undone.',
    );
    expect(api.callsTo('DELETE', '/exams/e1')).toHaveLength(0);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Exam deleted successfully!')).toBeTruthy();
    expect(api.callsTo('DELETE', '/exams/e1')).toHaveLength(1);
  });

  it("shows the server's reason when a delete is refused", async () => {
    mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/exams', () => page()],
      ['DELETE', '/exams/e1', () => ({ status: 409, body: { success: false, message: 'Only upcoming exams can be deleted' } })],
    ]);
    renderList();
    const card = await screen.findByRole('article', { name: 'Algebra Practice Test' });
    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Error deleting exam: Only upcoming exams can be deleted')).toBeTruthy();
  });

  it('publishes from the card', async () => {
    const api = mockApi(buildUser({ role: 'teacher' }), [
      ['GET', '/exams', () => page()],
      ['PUT', '/exams/e1/publish', () => ({ body: { success: true, data: { exam: buildExam() } } })],
    ]);
    renderList();
    const card = await screen.findByRole('article', { name: 'Algebra Practice Test' });
    fireEvent.click(within(card).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Exam published successfully!')).toBeTruthy();
    expect(api.callsTo('PUT', '/exams/e1/publish')).toHaveLength(1);
  });
});
