import { MSG } from '@exam/shared';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../api/http';
import { RequireRole } from '../../app/guard/RequireRole';
import { buildUser } from '../../test/buildUser';
import { renderApp } from '../../test/renderApp';
import { SessionBanners } from './SessionBanners';
import { useAuth } from '../../session/useAuth';

const RECONNECTING_TITLE = 'Reconnecting…';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function storeSession(user = buildUser()) {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(user));
}

function Whoami() {
  return <p>Signed in as {useAuth().user?.firstName}</p>;
}

function renderShell(path = '/dashboard') {
  return renderApp(path, [
    { path: '/login', element: <p>Login screen</p> },
    { path: '/dashboard', element: <><SessionBanners /><RequireRole><Whoami /></RequireRole></> },
    { path: '/', element: <><SessionBanners /><p>Home screen</p></> },
  ]);
}

describe('the reconnecting banner', () => {
  it('keeps a stored session through a reload while the server is down, and clears once it answers', async () => {
    storeSession(buildUser({ firstName: 'Stored' }));
    let up = false;
    const fetchMock = vi.fn(async () => {
      if (!up) throw new TypeError('Failed to fetch');
      return json(200, { success: true, data: { user: buildUser({ firstName: 'Fresh' }) } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderShell();

    expect(await screen.findByText('Signed in as Stored')).toBeTruthy();
    const banner = await screen.findByRole('status', { name: RECONNECTING_TITLE });
    expect(banner.textContent).toContain('You are still signed in');
    expect(localStorage.getItem('token')).toBe('tok');

    // Coming back online tries at once, without waiting out the backoff.
    up = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Signed in as Fresh')).toBeTruthy();
    expect(screen.queryByRole('status', { name: RECONNECTING_TITLE })).toBeNull();
    expect(screen.queryByText('Login screen')).toBeNull();
  }, 15_000);

  it('appears when a later call meets a 503, and the session goes on when the server is back', async () => {
    storeSession();
    let meCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/me') return ++meCalls === 2 ? json(503, {}) : json(200, { success: true, data: { user: buildUser() } });
        return json(503, { success: false });
      }),
    );
    renderShell();
    await screen.findByText('Signed in as Asha');

    await http.get('/exams').catch(() => undefined);

    expect(await screen.findByRole('status', { name: RECONNECTING_TITLE })).toBeTruthy();
    // The first check meets the 503 too; the next one, after backoff, finds the server back.
    await waitFor(() => expect(screen.queryByRole('status', { name: RECONNECTING_TITLE })).toBeNull(), { timeout: 5000 });
    expect(screen.getByText('Signed in as Asha')).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('tok');
  }, 15_000);
});

function Things() {
  const query = useQuery({ queryKey: ['things'], queryFn: () => http.get<string>('/things') });
  return <p>{query.isError ? 'Could not load' : query.data ? `Loaded ${query.data.data}` : 'Loading'}</p>;
}

describe('after reconnecting', () => {
  it('loads again by itself what failed to load while the server was down', async () => {
    storeSession();
    let up = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/me' && up) return json(200, { success: true, data: { user: buildUser() } });
        if (!up) return new Response('', { status: 502 });
        return json(200, { success: true, data: 'the things' });
      }),
    );
    renderApp('/', [{ path: '/', element: <><SessionBanners /><Things /></> }]);

    expect(await screen.findByText('Could not load')).toBeTruthy();
    expect(await screen.findByRole('status', { name: RECONNECTING_TITLE })).toBeTruthy();

    // The next check, a second later, finds the server back (no 'online' event, which the query library also heeds).
    up = true;
    expect(await screen.findByText('Loaded the things', {}, { timeout: 5000 })).toBeTruthy();
  }, 15_000);
});

describe('the verification banner', () => {
  it('lets an unverified user ask for a new e-mail, and shows the rate-limit text on a second press', async () => {
    storeSession(buildUser({ isVerified: false, email: 'una@school.test' }));
    let resends = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/me') return json(200, { success: true, data: { user: buildUser({ isVerified: false, email: 'una@school.test' }) } });
      return ++resends === 1
        ? json(200, { success: true, message: MSG.verificationSent })
        : json(429, { success: false, message: MSG.tooManyRequests });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderShell('/');

    const banner = await screen.findByTestId('verify-banner');
    expect(banner.textContent).toContain('una@school.test');
    const button = screen.getByRole('button', { name: 'Resend verification email' });
    fireEvent.click(button);
    expect(await screen.findByText(MSG.verificationSent)).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/auth/resend-verification');

    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText(MSG.tooManyRequests)).toBeTruthy();
  });

  it('is not shown to a verified user', async () => {
    storeSession();
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, data: { user: buildUser() } })));
    renderShell('/');
    await screen.findByText('Home screen');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resend verification email' })).toBeNull());
  });
});
