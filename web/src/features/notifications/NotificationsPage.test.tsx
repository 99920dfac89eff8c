import type { Notification } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../i18n';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { NotificationsPage } from './NotificationsPage';

const ID1 = '11111111-1111-4111-8111-111111111111';
const ID2 = '22222222-2222-4222-8222-222222222222';

const note = (over: Partial<Notification>): Notification => ({
  _id: ID1,
  title: 'Result available',
  message: 'Your result for Algebra is ready.',
  type: 'result',
  icon: 'chart-bar',
  read: false,
  readAt: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  actionUrl: '/exam-result/abc',
  metadata: {},
  ...over,
});

function open(items: Notification[], over: { deleteFails?: boolean } = {}) {
  let list = [...items];
  const api = mockApi(buildUser({ role: 'student' }), [
    [
      'GET',
      '/notifications',
      ({ url }) => {
        const unread = url.searchParams.get('unread');
        const type = url.searchParams.get('type');
        const shown = list.filter((n) => (unread === 'true' ? !n.read : unread === 'false' ? n.read : true) && (!type || n.type === type));
        return { body: { success: true, data: { notifications: shown, total: shown.length, unreadCount: list.filter((n) => !n.read).length, currentPage: 1, totalPages: 1 } } };
      },
    ],
    [
      'PUT',
      /^\/notifications\/[^/]+\/read$/,
      ({ url }) => {
        const id = url.pathname.split('/')[3];
        list = list.map((n) => (n._id === id ? { ...n, read: true, readAt: new Date().toISOString() } : n));
        return { body: { success: true, data: {} } };
      },
    ],
    [
      'DELETE',
      '/notifications/bulk',
      ({ body }) => {
        if (over.deleteFails) return { status: 500, body: { success: false, message: 'boom' } };
        const ids = (body as { notificationIds: string[] }).notificationIds;
        list = list.filter((n) => !ids.includes(n._id));
        return { body: { success: true } };
      },
    ],
    [
      'DELETE',
      /^\/notifications\/[^/]+$/,
      () => (over.deleteFails ? { status: 500, body: { success: false, message: 'boom' } } : { body: { success: true } }),
    ],
  ]);
  const utils = renderApp('/notifications', [
    { path: '/notifications', element: <NotificationsPage /> },
    { path: '/exam-result/:id', element: <p>Result page</p> },
  ]);
  return { ...utils, api };
}

// A full page in jsdom with Mantine: slow on a busy machine.
describe('NotificationsPage', { timeout: 15_000 }, () => {
  it('lists notifications with relative times and the unread count', async () => {
    open([note({}), note({ _id: ID2, title: 'Exam published', type: 'exam', read: true, readAt: new Date().toISOString(), createdAt: new Date(Date.now() - 3 * 3600_000).toISOString() })]);
    const items = await screen.findAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('5 minutes ago');
    expect(items[0]!.textContent).toContain('New');
    expect(items[1]!.textContent).toContain('3 hours ago');
    expect(screen.getByTestId('page-unread-count').textContent).toBe('1 unread');
  });

  it('asks the server for unread ones, read ones, or one type', async () => {
    const { api } = open([note({})]);
    await screen.findAllByTestId('notification-item');
    fireEvent.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('unread') === 'true')).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'Read' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('unread') === 'false')).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: 'System' }));
    await waitFor(() => expect(api.calls.some((c) => c.url.searchParams.get('type') === 'system')).toBe(true));
    expect(await screen.findByText('Nothing matches this filter.')).toBeTruthy();
  });

  it('marks an item read when clicked and follows its link', async () => {
    const { api, router } = open([note({})]);
    const item = await screen.findByRole('button', { name: /Unread: Result available/ });
    fireEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/exam-result/abc'));
    expect(api.callsTo('PUT', `/notifications/${ID1}/read`)).toHaveLength(1);
  });

  it('refuses a bulk delete with nothing selected, and confirms before deleting the selection', async () => {
    const { api } = open([note({}), note({ _id: ID2, title: 'Exam published', type: 'exam' })]);
    await screen.findAllByTestId('notification-item');
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(await screen.findByText('Please select notifications to delete')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-message').textContent).toContain('these 2 notifications');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/notifications/bulk')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/notifications/bulk')[0]!.body).toEqual({ notificationIds: [ID1, ID2] });
    expect(await screen.findByText('You are all caught up.')).toBeTruthy();
  });

  it('says so when deleting fails', async () => {
    open([note({})], { deleteFails: true });
    await screen.findAllByTestId('notification-item');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Result available' }));
    expect(await screen.findByText('Error deleting notifications. Please try again.')).toBeTruthy();
  });

  it('speaks Spanish: title, unread count, filters, kinds and the delete dialog', async () => {
    await changeLanguage('es');
    open([note({}), note({ _id: ID2, title: 'Exam published', type: 'exam' })]);
    const items = await screen.findAllByTestId('notification-item');
    expect(screen.getByRole('heading', { name: 'Notificaciones' })).toBeTruthy();
    expect(screen.getByTestId('page-unread-count').textContent).toBe('2 sin leer');
    expect(screen.getByRole('radio', { name: 'Sin leer' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Sistema' })).toBeTruthy();
    expect(items[0]!.textContent).toContain('Resultado');
    expect(items[0]!.textContent).toContain('Nueva');
    expect(screen.getByRole('button', { name: /^Sin leer: Result available/ })).toBeTruthy();
    expect(screen.getByText('2 notificaciones')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Seleccionar todas' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar las seleccionadas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar notificaciones' });
    expect(within(dialog).getByTestId('confirm-message').textContent).toBe(
      '¿Seguro que quieres eliminar estas 2 notificaciones? Esta acción no se puede deshacer.',
    );
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeTruthy();
  });
});
