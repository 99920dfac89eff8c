import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { StudentsPage } from './StudentsPage';

const teacher = buildUser({ role: 'teacher' });
const route = [{ path: '/students', element: <StudentsPage /> }];
const stats = { total: 1, active: 1, inactive: 0, grades: 1 };

// A full page in jsdom with Mantine: the first render of a file is slow on a busy machine.
describe('StudentsPage', { timeout: 15_000 }, () => {
  it('shows student cards and counters, and flips the sort direction with the toggle', async () => {
    const student = { ...buildUser({ _id: 's1', name: 'Asha Rao', grade: 7, section: 'C' }), status: 'active' };
    const api = mockApi(teacher, [['GET', '/users/students/list', () => ({ body: { success: true, data: { students: [student], total: 1, totalPages: 1, currentPage: 1, stats } } })]]);
    renderApp('/students', route);
    expect(await screen.findByText('Grade 7 · Section C')).toBeTruthy();
    expect(screen.getByTestId('stat-total-students').textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Progress report' }).getAttribute('href')).toBe('/reports/student/s1/progress');
    fireEvent.click(screen.getByRole('button', { name: 'Sort descending' }));
    await screen.findByRole('button', { name: 'Sort ascending' });
    expect(api.calls.filter((c) => c.path === '/users/students/list').at(-1)!.url.searchParams.get('order')).toBe('desc');
  });

  it('shows each student’s avatar (initials without one) and leaves out an e-mail kept private', async () => {
    const pictured = { ...buildUser({ _id: 's1', name: 'Asha Rao', firstName: 'Asha', lastName: 'Rao', avatar: '/uploads/avatars/0123456789abcdef0123456789abcdef.webp' }), email: null, status: 'active' };
    const plain = { ...buildUser({ _id: 's2', name: 'Ben Ode', firstName: 'Ben', lastName: 'Ode', email: 'ben@school.test', avatar: null }), status: 'active' };
    mockApi(teacher, [['GET', '/users/students/list', () => ({ body: { success: true, data: { students: [pictured, plain], total: 2, totalPages: 1, currentPage: 1, stats } } })]]);
    renderApp('/students', route);
    const asha = await screen.findByTestId('student-s1');
    expect(within(asha).getByTestId('person-avatar').querySelector('img')?.getAttribute('src')).toBe(pictured.avatar);
    expect(asha.textContent).not.toContain('null');
    const ben = screen.getByTestId('student-s2');
    expect(within(ben).getByTestId('person-avatar').textContent).toBe('BO');
    expect(ben.textContent).toContain('ben@school.test');
  });

  it("says 'No students found' for an empty list and toasts 'Failed to fetch students' on a failure", async () => {
    mockApi(teacher, [['GET', '/users/students/list', ({ url }) => (url.searchParams.get('grade') === '3' ? { status: 500, body: { success: false, message: 'x' } } : { body: { success: true, data: { students: [], total: 0, totalPages: 0, currentPage: 1, stats: { total: 0, active: 0, inactive: 0, grades: 0 } } } })]]);
    renderApp('/students', route);
    expect(await screen.findByText('No students found')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Grade'), { target: { value: '3' } });
    expect((await screen.findAllByText('Failed to fetch students', {}, { timeout: 4000 })).length).toBeGreaterThan(0);
  });
});
