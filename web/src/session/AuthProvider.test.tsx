import { MSG } from '@exam/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RequireRole } from '../app/guard/RequireRole';
import { buildUser } from '../test/buildUser';
import { renderApp } from '../test/renderApp';
import { useAuth } from './useAuth';

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

function Whoami() {
  const { user, logout } = useAuth();
  return (
    <div>
      <p>Signed in as {user?.firstName}</p>
      <button type="button" onClick={() => void logout()}>
        Sign Out
      </button>
    </div>
  );
}

function renderGuarded(path = '/dashboard') {
  return renderApp(path, [
    { path: '/', element: <p>Home screen</p> },
    { path: '/login', element: <p>Login screen</p> },
    { path: '/dashboard', element: <RequireRole><Whoami /></RequireRole> },
    { path: '/admin/users', element: <RequireRole roles={['admin']}><Whoami /></RequireRole> },
  ]);
}

function storeSession(user = buildUser()) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
}

describe('AuthProvider', () => {
  it('restores a stored session once the server confirms the user', async () => {
    storeSession(buildUser({ firstName: 'Stale' }));
    const fetchMock = vi.fn(async () => respond(200, { success: true, data: { user: buildUser({ firstName: 'Fresh' }) } }));
    vi.stubGlobal('fetch', fetchMock);
    renderGuarded();

    expect(await screen.findByText('Signed in as Fresh')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ firstName: 'Fresh' });
  });

  it('clears a stored session the server no longer accepts and asks for login', async () => {
    storeSession();
    vi.stubGlobal('fetch', vi.fn(async () => respond(401, { success: false })));
    const { router } = renderGuarded();

    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('does not call the server when only half a session is stored', async () => {
    localStorage.setItem('token', 'tok');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderGuarded();
    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the access-denied text to a role outside the list', async () => {
    storeSession();
    vi.stubGlobal('fetch', vi.fn(async () => respond(200, { success: true, data: { user: buildUser() } })));
    renderGuarded('/admin/users');
    expect((await screen.findByTestId('guard-notice')).textContent).toContain(MSG.guardAccessDenied);
  });

  it('asks an unverified user to verify, with a Verify Now link', async () => {
    storeSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(200, { success: true, data: { user: buildUser({ isVerified: false }) } })),
    );
    renderGuarded();
    expect((await screen.findByTestId('guard-notice')).textContent).toContain(MSG.guardVerify);
    expect(screen.getByRole('link', { name: 'Verify Now' }).getAttribute('href')).toBe('/verify-email');
  });

  it('signs out: calls the server, clears storage, returns home', async () => {
    storeSession();
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/me' ? respond(200, { success: true, data: { user: buildUser() } }) : respond(200, { success: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderGuarded();

    fireEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('Home screen')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(MSG.logoutSuccess)).toBeTruthy();
  });

  it('sends the user to login with the expiry toast when a refresh is refused mid-session', async () => {
    storeSession();
    let meCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/me' && meCalls++ === 0) return respond(200, { success: true, data: { user: buildUser() } });
        return respond(401, { success: false });
      }),
    );
    const { router } = renderGuarded();
    await screen.findByText('Signed in as Asha');

    // Any later call that finds the session gone (here a second /auth/me through the client).
    const { http } = await import('../api/http');
    await http.get('/auth/me').catch(() => undefined);

    expect(await screen.findByText('Login screen')).toBeTruthy();
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
    expect(await screen.findByText(MSG.sessionExpired)).toBeTruthy();
  });

  describe('in a browser that refuses storage (an LMS frame reloaded)', () => {
    const refuseStorage = () =>
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      });

    it('resumes the session from the refresh cookie', async () => {
      refuseStorage();
      const fetchMock = vi.fn(async (url: string) =>
        url === '/api/auth/refresh-token' ? respond(200, { success: true, data: { user: buildUser({ firstName: 'Framed' }), accessToken: 'fresh' } }) : respond(404, {}),
      );
      vi.stubGlobal('fetch', fetchMock);
      renderGuarded();

      expect(await screen.findByText('Signed in as Framed')).toBeTruthy();
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh-token']);
    });

    it('asks for login when the cookie carries no session', async () => {
      refuseStorage();
      vi.stubGlobal('fetch', vi.fn(async () => respond(401, { success: false })));
      renderGuarded();

      expect(await screen.findByText('Login screen')).toBeTruthy();
    });
  });
});
