import type { User } from '@exam/shared';
import { vi } from 'vitest';

type Handler = (call: { body: unknown; url: URL }) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export interface ApiCall {
  method: string;
  path: string;
  url: URL;
  body: unknown;
}

/**
 * A fake server for component tests: `fetch` is stubbed and each request goes to the first route
 * whose "METHOD /path" matches (a string is an exact path, a RegExp tests the path). The signed-in
 * user's GET /auth/me is answered for you; unmatched calls fail loudly with a 599.
 */
export function mockApi(user: User | null, routes: [string, RegExp | string, Handler][] = []) {
  const calls: ApiCall[] = [];
  if (user) {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('user', JSON.stringify(user));
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, url, body });
    if (user && method === 'GET' && path === '/auth/me') return json(200, { success: true, data: { user } });
    const route = routes.find(([m, p]) => m === method && (typeof p === 'string' ? p === path : p.test(path)));
    if (!route) return json(599, { success: false, message: `No mock for ${method} ${path}` });
    const answer = await route[2]({ body, url });
    return json(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status });
}
