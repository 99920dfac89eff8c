import { MSG } from '@exam/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { VerifyEmailPage } from './VerifyEmailPage';

function respond(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}

function renderVerify(path: string) {
  return renderApp(path, [{ path: '/verify-email', element: <VerifyEmailPage /> }]);
}

describe('VerifyEmailPage', () => {
  it('posts the token once, even under StrictMode, and reports success', async () => {
    const fetchMock = vi.fn(async () => respond(200, { success: true, message: MSG.emailVerified, data: {} }));
    vi.stubGlobal('fetch', fetchMock);
    renderVerify('/verify-email?token=abc123');

    expect((await screen.findByTestId('verify-success')).textContent).toBe(MSG.emailVerified);
    expect(screen.getByRole('link', { name: 'Go to Login Now' })).toBeTruthy();
    const verifyCalls = fetchMock.mock.calls.filter((call) => String((call as unknown[])[0]) === '/api/auth/verify-email');
    expect(verifyCalls).toHaveLength(1);
    const init = (verifyCalls[0] as unknown[])[1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ token: 'abc123' });
  });

  it("shows the server's reason when the link is refused", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => respond(400, { success: false, message: MSG.invalidOrExpiredToken })));
    renderVerify('/verify-email?token=used');
    expect((await screen.findByTestId('verify-error')).textContent).toBe(MSG.invalidOrExpiredToken);
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register Again' })).toBeTruthy();
  });

  it('falls back to the expired-link text when the server gives no reason', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => respond(400, { success: false })));
    renderVerify('/verify-email?token=used');
    expect((await screen.findByTestId('verify-error')).textContent).toBe(MSG.verifyFailedLink);
  });

  it('explains a missing token without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderVerify('/verify-email');
    expect((await screen.findByTestId('verify-error')).textContent).toBe(MSG.verifyNoToken);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
