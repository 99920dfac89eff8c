import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { AdminUsersPage } from './AdminUsersPage';

const admin = buildUser({ _id: 'me', role: 'admin', name: 'Ada Admin', firstName: 'Ada', lastName: 'Admin', email: 'ada@school.test' });
const other = buildUser({ _id: 'u2', name: 'Ben Student', email: 'ben@school.test' });
const page = (users: ReturnType<typeof buildUser>[]) => ({ body: { success: true, data: { users, total: users.length, totalPages: 1, currentPage: 1 } } });
const route = [{ path: '/admin/users', element: <AdminUsersPage /> }];

// A full page in jsdom with Mantine: the first render of a file is slow on a busy machine.
describe('AdminUsersPage', { timeout: 15_000 }, () => {
  it('lists users newest first, hides the Delete button on the admin’s own row, and filters by role', async () => {
    const api = mockApi(admin, [['GET', '/users', ({ url }) => (url.searchParams.get('role') === 'parent' ? page([]) : page([admin, other]))]]);
    renderApp('/admin/users', route);
    const table = await screen.findByRole('table', { name: 'Users' });
    const [own, theirs] = within(table).getAllByRole('row').slice(1);
    expect(within(own!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(theirs!).getByRole('button', { name: 'Delete Ben Student' })).toBeTruthy();
    const first = api.calls.find((c) => c.path === '/users')!.url.searchParams;
    expect([first.get('sort'), first.get('order'), first.get('limit')]).toEqual(['createdAt', 'desc', '10']);

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'parent' } });
    expect(await screen.findByText('No users found matching your criteria')).toBeTruthy();
  });

  it('asks for a confirmation before deleting', async () => {
    const api = mockApi(admin, [
      ['GET', '/users', () => page([admin, other])],
      ['DELETE', '/users/u2', () => ({ body: { success: true, message: 'User deleted successfully' } })],
    ]);
    renderApp('/admin/users', route);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Ben Student' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText('Are you sure you want to delete this user? This action cannot be undone.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted successfully')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'DELETE' && c.path === '/users/u2')).toBe(true);
  });

  it("says 'Failed to load users' with a way to try again", async () => {
    mockApi(admin, [['GET', '/users', () => ({ status: 500, body: { success: false, message: 'boom' } })]]);
    renderApp('/admin/users', route);
    expect(await screen.findByText('Failed to load users', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
