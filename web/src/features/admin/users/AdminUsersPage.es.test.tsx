import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { buildUser } from '../../../test/buildUser';
import { mockApi } from '../../../test/mockApi';
import { renderApp } from '../../../test/renderApp';
import { AdminUsersPage } from './AdminUsersPage';

const admin = buildUser({ _id: 'me', role: 'admin', name: 'Ada Admin', firstName: 'Ada', lastName: 'Admin', email: 'ada@school.test' });
const student = buildUser({ _id: 'u2', name: 'Ben Student', email: 'ben@school.test', role: 'student', grade: 4, section: 'B' });
const page = { body: { success: true, data: { users: [admin, student], total: 2, totalPages: 1, currentPage: 1 } } };

// A full page in jsdom with Mantine: the first render of a file is slow on a busy machine.
describe('AdminUsersPage in Spanish', { timeout: 30_000 }, () => {
  it('speaks Spanish throughout: title, filters, table, roles, plurals and the add-user form', async () => {
    await changeLanguage('es');
    mockApi(admin, [['GET', '/users', () => page]]);
    renderApp('/admin/users', [{ path: '/admin/users', element: <AdminUsersPage /> }]);

    const table = await screen.findByRole('table', { name: 'Usuarios' });
    expect(screen.getByRole('heading', { name: 'Gestión de usuarios' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Filtrar usuarios' })).toBeTruthy();
    expect(screen.getByLabelText('Ordenar por')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Todos los roles' })).toBeTruthy();
    expect(screen.getByText('2 usuarios')).toBeTruthy();

    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Nombre', 'Correo electrónico', 'Rol', 'Detalles', 'Activo', 'Fecha de alta', 'Acciones']);
    const row = screen.getByTestId('user-row-ben@school.test');
    expect(within(row).getByText('Estudiante')).toBeTruthy();
    expect(within(row).getByText('4.º curso, grupo B')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Eliminar a Ben Student' })).toBeTruthy();
    expect(within(row).getByRole('switch', { name: 'Desactivar a Ben Student' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Añadir usuario' }));
    const form = await screen.findByRole('form', { name: 'Añadir usuario' });
    expect(within(form).getByLabelText(/^Apellidos/)).toBeTruthy();
    expect(within(form).getByRole('option', { name: '7.º curso' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Crear usuario' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });
});
