import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionHandlers } from '../api/http';
import { buildUser } from '../test/buildUser';
import { checkSession } from './sessionCheck';
import { initialSession, sessionReducer, type SessionState } from './sessionReducer';

/**
 * Every outcome of GET /auth/me (and the refresh behind it) through the real HTTP client, and
 * what the session becomes: only a refused refresh ends it.
 */

const stored = buildUser({ firstName: 'Stored' });
const fresh = buildUser({ firstName: 'Fresh' });

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const gateway = (status: number) => () => new Response('<html>Bad gateway</html>', { status });
const networkDown = () => {
  throw new TypeError('Failed to fetch');
};
const meOk = () => json(200, { success: true, data: { user: fresh } });
const unauthorised = () => json(401, { success: false, message: 'Token expired' });
const refreshed = () => json(200, { success: true, data: { user: fresh, accessToken: 'new-token' } });

/** Answers each call of the client in turn. */
function serverAnswers(...answers: Array<() => Response>) {
  const fetchMock = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const signedIn: SessionState = sessionReducer(initialSession, { type: 'success', user: stored, token: 'tok' });
const startingUp: SessionState = initialSession;

let unregister: () => void;
beforeEach(() => {
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify(stored));
  unregister = setSessionHandlers({});
});
afterEach(() => unregister());

describe('checking the session with the server', () => {
  it.each([
    ['no answer (network cut, timeout)', networkDown],
    ['502', gateway(502)],
    ['503', gateway(503)],
    ['504', gateway(504)],
  ])('keeps the session and reconnects on %s', async (_, answer) => {
    serverAnswers(answer);
    const action = await checkSession();

    expect(action.type).toBe('unreachable');
    for (const before of [startingUp, signedIn]) {
      expect(sessionReducer(before, action)).toMatchObject({
        isAuthenticated: true,
        isLoading: false,
        reconnecting: true,
        user: { firstName: 'Stored' },
        token: 'tok',
      });
    }
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('keeps the session when the 401 is followed by a refresh the server cannot answer', async () => {
    serverAnswers(unauthorised, gateway(503));
    const action = await checkSession();
    expect(sessionReducer(signedIn, action)).toMatchObject({ isAuthenticated: true, reconnecting: true });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('ends the session on a 401 whose refresh is refused', async () => {
    serverAnswers(unauthorised, () => json(401, { success: false, message: 'No refresh token' }));
    const action = await checkSession();

    expect(action.type).toBe('logout');
    expect(sessionReducer(signedIn, action)).toMatchObject({ isAuthenticated: false, user: null, token: null, reconnecting: false });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('goes on with the new token on a 401 whose refresh succeeds', async () => {
    const fetchMock = serverAnswers(unauthorised, refreshed, meOk);
    const action = await checkSession();

    expect(action).toEqual({ type: 'success', user: fresh, token: 'new-token' });
    const reconnecting = sessionReducer(signedIn, { type: 'unreachable', user: stored, token: 'tok' });
    expect(sessionReducer(reconnecting, action)).toMatchObject({ isAuthenticated: true, reconnecting: false, token: 'new-token', user: { firstName: 'Fresh' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('confirms the user and ends reconnecting when the server answers', async () => {
    serverAnswers(meOk);
    const action = await checkSession();
    const reconnecting = sessionReducer(signedIn, { type: 'unreachable', user: stored, token: 'tok' });
    expect(sessionReducer(reconnecting, action)).toMatchObject({ reconnecting: false, user: { firstName: 'Fresh' } });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ firstName: 'Fresh' });
  });

  it('signs out without asking the server when only half a session is stored', async () => {
    localStorage.removeItem('user');
    const fetchMock = serverAnswers();
    expect(await checkSession()).toEqual({ type: 'logout' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
