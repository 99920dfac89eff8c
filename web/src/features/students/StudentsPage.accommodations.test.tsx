import { NO_ACCOMMODATION } from '@exam/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
import { mockApi } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { StudentsPage } from './StudentsPage';

const teacher = buildUser({ _id: 't1', role: 'teacher' });
const route = [{ path: '/students', element: <StudentsPage /> }];
const stats = { total: 2, active: 2, inactive: 0, grades: 1 };
const asha = { ...buildUser({ _id: 's1', name: 'Asha Rao' }), status: 'active', accommodated: true };
const ben = { ...buildUser({ _id: 's2', name: 'Ben Ode', firstName: 'Ben', lastName: 'Ode' }), status: 'active', accommodated: false };
const list = () => ({ body: { success: true, data: { students: [asha, ben], total: 2, totalPages: 1, currentPage: 1, stats } } });
const standing = { ...NO_ACCOMMODATION, timeMultiplier: 1.5, note: 'Dyslexia report' };
const record = (s: typeof standing | null) => ({ studentId: 's1', studentName: 'Asha Rao', standing: s, effective: s ?? NO_ACCOMMODATION, updatedAt: null, updatedBy: null });

describe('StudentsPage accommodations', { timeout: 15_000 }, () => {
  it('marks only the students with an accommodation, and saves one from the dialog', async () => {
    const api = mockApi(teacher, [
      ['GET', '/users/students/list', list],
      ['GET', '/users/s1/accommodations', () => ({ body: { success: true, data: record(standing) } })],
      ['PUT', '/users/s1/accommodations', ({ body }) => ({ body: { success: true, data: record(body as typeof standing) } })],
    ]);
    renderApp('/students', route);
    const card = await screen.findByTestId('student-s1');
    expect(within(card).getByTestId('accommodation-badge').textContent).toBe('Accommodations');
    expect(within(screen.getByTestId('student-s2')).queryByTestId('accommodation-badge')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Accommodations of Asha Rao' }));
    const dialog = await screen.findByTestId('accommodation-dialog');
    const select = (await within(dialog).findByLabelText('Extra time')) as HTMLSelectElement;
    expect(select.value).toBe('1.5');
    expect((within(dialog).getByLabelText('Staff note') as HTMLTextAreaElement).value).toBe('Dyslexia report');
    fireEvent.change(select, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByLabelText('Larger text'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Accommodation of Asha Rao saved')).toBeTruthy();
    expect(api.callsTo('PUT', '/users/s1/accommodations')[0]!.body).toMatchObject({ timeMultiplier: 2, largerText: true, note: 'Dyslexia report' });
    await waitFor(() => expect(screen.queryByTestId('accommodation-dialog')).toBeNull());
    // The list is read again, so a badge follows the change.
    await waitFor(() => expect(api.callsTo('GET', '/users/students/list').length).toBeGreaterThan(1));
  });

  it('removes a student’s accommodation', async () => {
    const api = mockApi(teacher, [
      ['GET', '/users/students/list', list],
      ['GET', '/users/s1/accommodations', () => ({ body: { success: true, data: record(standing) } })],
      ['DELETE', '/users/s1/accommodations', () => ({ body: { success: true, data: record(null) } })],
    ]);
    renderApp('/students', route);
    fireEvent.click(await screen.findByRole('button', { name: 'Accommodations of Asha Rao' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove accommodation' }));
    expect(await screen.findByText('Accommodation of Asha Rao removed')).toBeTruthy();
    expect(api.callsTo('DELETE', '/users/s1/accommodations')).toHaveLength(1);
  });
});
