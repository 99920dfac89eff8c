import { MSG } from '@exam/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/buildUser';
import { ApiError, http, messageFromServer, setSessionHandlers } from './http';

const user = buildUser();

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

type FetchArgs = [input: string, init: RequestInit];

function mockFetch(...responses: Array<Response | Error>) {
  const fn = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  for (const r of responses) {
    if (r instanceof Error) fn.mockRejectedValueOnce(r);
    else fn.mockResolvedValueOnce(r);
  }
  vi.stubGlobal('fetch', fn);
  return fn;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

function authHeader(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

describe('http error catalogue', () => {
  it.each([
    [403, MSG.forbiddenToast],
    [404, MSG.notFoundToast],
    [429, MSG.tooManyRequests],
    [500, MSG.serverError],
  ])('shows the catalogue text for %i even when the server explains', async (status, text) => {
    mockFetch(json(status, { success: false, message: 'server words' }));
    const error = await failure(http.get('/things'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(text);
    expect(error.serverMessage).toBe('server words');
  });

  it('shows the server message for another status', async () => {
    mockFetch(json(418, { success: false, message: "I'm a teapot" }));
    expect((await failure(http.get('/things'))).message).toBe("I'm a teapot");
  });

  it('falls back to the generic text for another status without a message', async () => {
    mockFetch(json(418, { success: false }));
    expect((await failure(http.get('/things'))).message).toBe(MSG.genericError);
  });

  it('falls back to the generic text when the error body is not JSON', async () => {
    mockFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    expect((await failure(http.get('/things'))).message).toBe(MSG.genericError);
  });

  it('reports a request without a response as a network error', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await failure(http.get('/things'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(MSG.networkError);
  });

  it('carries the field errors of a validation failure', async () => {
    mockFetch(json(400, { success: false, message: 'Validation failed', errors: [{ field: 'email', msg: 'Bad email' }] }));
    const error = await failure(http.post('/auth/register', {}));
    expect(error.message).toBe('Validation failed');
    expect(error.errors).toEqual([{ field: 'email', msg: 'Bad email' }]);
  });

  it('returns the message and data of a success envelope', async () => {
    mockFetch(json(200, { success: true, message: 'ok', data: { n: 1 } }));
    await expect(http.get<{ n: number }>('/things')).resolves.toEqual({ message: 'ok', data: { n: 1 } });
  });

  it('sends JSON to /api with the stored bearer token', async () => {
    localStorage.setItem('token', 'tok-1');
    const fetchMock = mockFetch(json(200, { success: true }));
    await http.post('/things', { a: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(authHeader(init)).toBe('Bearer tok-1');
  });

  it('prefers the server message for form screens, else network text, else the fallback', async () => {
    expect(messageFromServer(new ApiError({ status: 400, message: 'x', serverMessage: 'Nope' }), 'Login failed')).toBe('Nope');
    expect(messageFromServer(new ApiError({ status: 0, message: MSG.networkError }), 'Login failed')).toBe(MSG.networkError);
    expect(messageFromServer(new ApiError({ status: 500, message: MSG.serverError }), 'Login failed')).toBe('Login failed');
    expect(messageFromServer(new Error('boom'), 'Login failed')).toBe('Login failed');
  });
});

describe('http session handling', () => {
  const onExpired = vi.fn();
  const onRefreshed = vi.fn();
  const onUnreachable = vi.fn();
  let unregister: () => void;

  beforeEach(() => {
    onExpired.mockReset();
    onRefreshed.mockReset();
    onUnreachable.mockReset();
    unregister = setSessionHandlers({ onExpired, onRefreshed, onUnreachable });
  });
  afterEach(() => unregister());

  it('refreshes once on a 401 and retries the call with the new token', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('user', JSON.stringify(user));
    const fetchMock = mockFetch(
      json(401, { success: false, message: 'Token expired' }),
      json(200, { success: true, data: { user, accessToken: 'new' } }),
      json(200, { success: true, data: { value: 42 } }),
    );

    await expect(http.get('/things')).resolves.toEqual({ message: undefined, data: { value: 42 } });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [refreshUrl, refreshInit] = fetchMock.mock.calls[1]!;
    expect(refreshUrl).toBe('/api/auth/refresh-token');
    expect(refreshInit.method).toBe('POST');
    expect(refreshInit.credentials).toBe('include');
    expect(authHeader(fetchMock.mock.calls[2]![1])).toBe('Bearer new');
    expect(localStorage.getItem('token')).toBe('new');
    expect(onRefreshed).toHaveBeenCalledWith({ user, accessToken: 'new' });
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('clears the session and announces expiry when the refresh is refused', async () => {
    localStorage.setItem('token', 'old');
    localStorage.setItem('user', JSON.stringify(user));
    const fetchMock = mockFetch(json(401, { success: false }), json(401, { success: false, message: 'No refresh token' }));

    const error = await failure(http.get('/things'));

    expect(error.status).toBe(401);
    expect(error.message).toBe(MSG.sessionExpired);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('gives up when the retried call is refused again, without a second refresh', async () => {
    localStorage.setItem('token', 'old');
    const fetchMock = mockFetch(
      json(401, { success: false }),
      json(200, { success: true, data: { user, accessToken: 'new' } }),
      json(401, { success: false }),
    );
    expect((await failure(http.get('/things'))).message).toBe(MSG.sessionExpired);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent 401s', async () => {
    localStorage.setItem('token', 'old');
    const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async (url, init) => {
      if (url === '/api/auth/refresh-token') return json(200, { success: true, data: { user, accessToken: 'new' } });
      return authHeader(init) === 'Bearer new' ? json(200, { success: true, data: url }) : json(401, { success: false });
    });
    vi.stubGlobal('fetch', fetchMock);

    const results = await Promise.all([http.get('/a'), http.get('/b')]);

    expect(results.map((r) => r.data)).toEqual(['/api/a', '/api/b']);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/auth/refresh-token')).toHaveLength(1);
  });

  it('keeps the session when the refresh fails for lack of network', async () => {
    localStorage.setItem('token', 'old');
    mockFetch(json(401, { success: false }), new TypeError('Failed to fetch'));
    expect((await failure(http.get('/things'))).message).toBe(MSG.networkError);
    expect(localStorage.getItem('token')).toBe('old');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it.each([502, 503, 504, 500])('keeps the session when the refresh answers %i', async (status) => {
    localStorage.setItem('token', 'old');
    mockFetch(json(401, { success: false }), new Response('<html>down</html>', { status }));
    expect((await failure(http.get('/things'))).status).toBe(status);
    expect(localStorage.getItem('token')).toBe('old');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it.each([
    ['no answer', new TypeError('Failed to fetch')],
    ['502', new Response('', { status: 502 })],
    ['503', new Response('', { status: 503 })],
    ['504', new Response('', { status: 504 })],
  ])('reports %s on a signed-in call as a blip and keeps the session', async (_, outcome) => {
    localStorage.setItem('token', 'tok');
    mockFetch(outcome);
    await failure(http.get('/things'));
    expect(onUnreachable).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('token')).toBe('tok');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does not report a blip for an answer the server gave, nor when nobody is signed in', async () => {
    localStorage.setItem('token', 'tok');
    mockFetch(json(500, { success: false }), json(404, { success: false }));
    await failure(http.get('/things'));
    await failure(http.get('/things'));
    localStorage.removeItem('token');
    mockFetch(new TypeError('Failed to fetch'));
    await failure(http.post('/auth/login', {}));
    expect(onUnreachable).not.toHaveBeenCalled();
  });

  it('treats a 401 from login as wrong credentials, not as an expired session', async () => {
    localStorage.setItem('token', 'stale');
    const fetchMock = mockFetch(json(401, { success: false, message: 'Invalid email or password' }));

    const error = await failure(http.post('/auth/login', { email: 'a@b.co', password: 'x' }));

    expect(error.message).toBe('Invalid email or password');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('does not refresh for a 401 on a call made without a token', async () => {
    const fetchMock = mockFetch(json(401, { success: false, message: 'Not authenticated. Please login.' }));
    expect((await failure(http.get('/auth/me'))).message).toBe('Not authenticated. Please login.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('ends a stale session quietly when the caller asks for no redirect', async () => {
    localStorage.setItem('token', 'old');
    mockFetch(json(401, { success: false }), json(401, { success: false }));
    expect((await failure(http.get('/auth/me', { redirectOnExpiry: false }))).status).toBe(401);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onExpired).not.toHaveBeenCalled();
  });
});
