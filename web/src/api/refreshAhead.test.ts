import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/buildUser';
import { http, keepTokenFresh } from './http';
import { refreshDueAt } from './tokenExpiry';

const user = buildUser();

/** An unsigned stand-in for the server's JWT: the client reads only its iat and exp. */
function jwt(issuedAt: number, lifetimeSeconds: number): string {
  const b64 = (v: object) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const iat = Math.floor(issuedAt / 1000);
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: user._id, iat, exp: iat + lifetimeSeconds })}.signature`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const auth = (init: RequestInit | undefined) => (init?.headers as Record<string, string> | undefined)?.Authorization;

describe('refreshing the access token ahead of its expiry', () => {
  let fresh: string[];
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    fresh = [];
    fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/refresh-token') {
        const token = jwt(Date.now(), 15 * 60);
        fresh.push(token);
        return json(200, { success: true, data: { user, accessToken: token } });
      }
      return json(200, { success: true, data: {} });
    });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('user', JSON.stringify(user));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const refreshCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh-token').length;

  it('refreshes a minute before a 15-minute token expires, and keeps doing so through a three-hour exam with no HTTP calls', async () => {
    localStorage.setItem('token', jwt(Date.now(), 15 * 60));
    const stop = keepTokenFresh();
    await vi.advanceTimersByTimeAsync(13 * 60_000 + 59_000);
    expect(refreshCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refreshCalls()).toBe(1);
    expect(localStorage.getItem('token')).toBe(fresh[0]);

    await vi.advanceTimersByTimeAsync(3 * 60 * 60_000);
    // Every 14 minutes for three hours: the token the socket reconnects with never lapses.
    expect(refreshCalls()).toBe(1 + Math.floor((3 * 60) / 14));
    expect(refreshDueAt(localStorage.getItem('token'))! > Date.now()).toBe(true);
    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(refreshCalls()).toBe(1 + Math.floor((3 * 60) / 14));
  });

  it('refreshes before a call whose token is about to expire, and sends the new one', async () => {
    localStorage.setItem('token', jwt(Date.now() - 14.5 * 60_000, 15 * 60));
    await http.get('/exams');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/refresh-token', '/api/exams']);
    expect(auth(fetchMock.mock.calls[1]![1] as RequestInit)).toBe(`Bearer ${fresh[0]}`);
  });

  it('leaves a token with plenty of life alone', async () => {
    const token = jwt(Date.now(), 15 * 60);
    localStorage.setItem('token', token);
    await http.get('/exams');
    expect(refreshCalls()).toBe(0);
    expect(auth(fetchMock.mock.calls[0]![1] as RequestInit)).toBe(`Bearer ${token}`);
  });

  it('refreshes short-lived tokens a fifth of their lifetime ahead', () => {
    expect(refreshDueAt(jwt(Date.now(), 10))).toBe(Date.now() + 8_000);
    expect(refreshDueAt('not-a-jwt')).toBeNull();
  });
});
