import { MSG } from '@exam/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequireRole } from '../../app/guard/RequireRole';
import { buildUser } from '../../test/buildUser';
import { renderApp } from '../../test/renderApp';
import { LoginPage } from './LoginPage';

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

function renderAt(path: string) {
  return renderApp(path, [
    { path: '/login', element: <LoginPage /> },
    { path: '/dashboard', element: <RequireRole><p>Dashboard screen</p></RequireRole> },
    { path: '/results', element: <RequireRole><p>Results screen</p></RequireRole> },
  ]);
}

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it('returns to the guarded page the visitor first asked for', async () => {
    const user = buildUser();
    const fetchMock = vi.fn(async () =>
      respond(200, { success: true, message: MSG.loginSuccess, data: { user, accessToken: 'tok' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { router } = renderAt('/results?page=2');

    // The guard bounced us to the login screen…
    await screen.findByRole('button', { name: 'Sign In' });
    expect(router.state.location.pathname).toBe('/login');

    signIn('asha@example.com', 'secret1');

    // …and signing in goes back there, with the session stored.
    expect(await screen.findByText('Results screen', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ _id: user._id });
  });

  it('goes to the dashboard when nothing was remembered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(200, { success: true, data: { user: buildUser(), accessToken: 'tok' } })),
    );
    renderAt('/login');
    signIn('asha@example.com', 'secret1');
    expect(await screen.findByText('Dashboard screen', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it("shows the server's message when the credentials are refused", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => respond(401, { success: false, message: MSG.invalidCredentials })));
    renderAt('/login');
    signIn('asha@example.com', 'wrong-password');
    expect((await screen.findByTestId('form-error')).textContent).toBe(MSG.invalidCredentials);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows 'Signing in...' and disables the button while the call is running", async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => {})));
    renderAt('/login');
    signIn('asha@example.com', 'secret1');
    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it('tells the student their place in line when the server is crowded, and signs in by itself when told', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        respond(503, {
          success: false,
          message: 'Many people are signing in right now.',
          data: { queuePosition: 37, retryAfterSeconds: 1, queueTicket: 'place-37' },
        }),
      )
      .mockResolvedValueOnce(respond(200, { success: true, data: { user: buildUser(), accessToken: 'tok' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/login');
    signIn('asha@example.com', 'secret1');

    const queue = await screen.findByTestId('sign-in-queue');
    expect(queue.textContent).toContain('Many people are signing in right now. You are number 37 in line; we will try again in 1 second.');
    // Not a failure: no error, and the form keeps what was typed.
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.com');

    // It tries again by itself, with its place in line, and signs in.
    expect(await screen.findByText('Dashboard screen', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, retry] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((retry.headers as Record<string, string>)['X-Sign-In-Ticket']).toBe('place-37');
    expect(JSON.parse(retry.body as string)).toEqual({ email: 'asha@example.com', password: 'secret1' });
  }, 20_000);

  it('stops waiting in line when the student cancels, keeping the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetchMock = vi.fn(async () =>
        respond(503, { success: false, message: 'busy', data: { queuePosition: 3, retryAfterSeconds: 2, queueTicket: 't' } }),
      );
      vi.stubGlobal('fetch', fetchMock);
      renderAt('/login');
      signIn('asha@example.com', 'secret1');
      expect((await screen.findByTestId('sign-in-queue')).textContent).toContain('You are number 3 in line; we will try again in 2 seconds.');
      fireEvent.click(screen.getByRole('button', { name: 'Stop waiting' }));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.queryByTestId('sign-in-queue')).toBeNull();
      expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('secret1');
      expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  }, 20_000);

  it('does not call the server when the form is empty', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(MSG.emailRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
