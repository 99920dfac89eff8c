import { MSG } from '@exam/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { RegisterPage } from './RegisterPage';

function renderRegister() {
  return renderApp('/register', [
    { path: '/register', element: <RegisterPage /> },
    { path: '/login', element: <p>Login screen</p> },
  ]);
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidStudent() {
  type('First Name', 'Asha');
  type('Last Name', 'Rao');
  type('Email', 'Asha@Example.com');
  type('Password', 'secret1');
  type('Confirm Password', 'secret1');
  fireEvent.change(screen.getByLabelText('Grade'), { target: { value: '10' } });
  fireEvent.change(screen.getByLabelText('Section'), { target: { value: 'B' } });
  fireEvent.click(screen.getByLabelText(/I agree/));
}

describe('RegisterPage', () => {
  it("shows 'Passwords do not match' first when several rules fail", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();

    // Mismatch, too short, names empty, student without grade or section: all at once.
    type('Password', 'abc');
    type('Confirm Password', 'xyz');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByTestId('form-error')).textContent).toBe(MSG.passwordsDoNotMatch);
    // Every failing rule is also shown under its own field.
    expect(screen.getByText(MSG.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(MSG.namesRequired)).toBeTruthy();
    expect(screen.getByText(MSG.studentFieldsRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for subject and qualification only when the role is teacher', async () => {
    renderRegister();
    expect(screen.getByLabelText('Grade')).toBeTruthy();
    expect(screen.queryByLabelText('Subject')).toBeNull();

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'teacher' } });

    expect(await screen.findByLabelText('Subject')).toBeTruthy();
    expect(screen.getByLabelText('Qualification')).toBeTruthy();
    expect(screen.queryByLabelText('Grade')).toBeNull();
  });

  it('sends the payload without the confirmation and shows the success message', async () => {
    const fetchMock = vi.fn(async () =>
      new Response(JSON.stringify({ success: true, message: MSG.registered, data: { user: {} } }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();

    fillValidStudent();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByTestId('form-success')).textContent).toBe(MSG.registerFormSuccess);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/register');
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'Asha', email: 'asha@example.com', role: 'student', grade: 10, section: 'B' });
    expect(body).not.toHaveProperty('confirmPassword');
    expect(body).not.toHaveProperty('acceptTerms');
  });

  it("shows the server's message and field errors when registration is refused", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        new Response(
          JSON.stringify({ success: false, message: MSG.emailTaken, errors: [{ field: 'email', msg: 'Already registered' }] }),
          { status: 409 },
        ),
      ),
    );
    renderRegister();

    fillValidStudent();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    expect((await screen.findByTestId('form-error')).textContent).toBe(MSG.emailTaken);
    await waitFor(() => expect(screen.getByText('Already registered')).toBeTruthy());
  });
});
