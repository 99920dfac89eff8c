import { currentLanguage } from '../i18n';
import { msg } from '../i18n/messages';
import { REQUEST_TIMEOUT_MS, type AuthPayload, type FieldError, type User } from '@exam/shared';
import { clearStoredSession, readToken, storeSession } from './storedSession';
import { refreshDueAt } from './tokenExpiry';
import { sebPageHeaders } from './seb';

/**
 * The one HTTP client of the app: base /api, JSON, 30 s timeout, the stored
 * bearer token on every call, and the error catalogue turned into ApiError
 * messages. A token about to expire is refreshed before the call (and, with `keepTokenFresh`,
 * on a timer, so a socket-only screen such as a three-hour exam never lets it lapse). A 401 on a
 * call that carried a token still gets one silent refresh (the refresh token is an httpOnly
 * cookie) and one retry; if the server refuses it the session is over. No answer at all, or a
 * gateway saying the app behind it is down (502/503/504), is a blip, never a verdict on the
 * session: the call fails, the session stays, and the provider is told to show that it reconnects.
 */

export const API_BASE = '/api';

/** A failed call. `message` is the catalogue text to show; `serverMessage` is what the server said. */
export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (offline, timeout). */
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly errors: FieldError[];
  /** The failure envelope's data, when the server explained the failure with a record (a declined payment). */
  readonly data: unknown;

  constructor(init: { status: number; message: string; serverMessage?: string; errors?: FieldError[]; data?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.errors = init.errors ?? [];
    this.data = init.data;
  }
}

/** What a successful call resolves to: the envelope's message and data. */
export interface ApiResult<T> {
  message?: string;
  data: T;
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Whether an expired session (refresh failed) triggers the app-wide reaction: toast and
   * /login. The start-up /auth/me check turns it off: a stale session is just logged out quietly.
   */
  redirectOnExpiry?: boolean;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

/** The toast text for a status ("other statuses: the server's message if present"). */
export function catalogueMessage(status: number, serverMessage?: string): string {
  switch (status) {
    case 0:
      return msg('common.networkError');
    case 403:
      return msg('common.forbiddenToast');
    case 404:
      return msg('common.notFoundToast');
    case 429:
      return msg('common.tooManyRequests');
    case 500:
      return msg('common.serverError');
    default:
      return serverMessage || msg('common.genericError');
  }
}

/** Statuses that say nothing about the session: no answer (0) or the app behind a gateway down or restarting. */
const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([0, 502, 503, 504]);

/** True when a call failed because the server could not be reached, not because it said no. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && UNREACHABLE_STATUSES.has(error.status);
}

/** The text to show for anything a call may throw: catalogue text, else the catch-all. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : msg('common.unexpectedError');
}

/**
 * For forms whose failures show "the server message first" (login, registration, password and
 * verification screens): the server's words, else the network text, else the screen's fallback.
 */
export function messageFromServer(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.serverMessage) return error.serverMessage;
  return error.status === 0 ? msg('common.networkError') : fallback;
}

export interface SessionHandlers {
  /** A silent refresh stored a new token and user; the session state should follow. */
  onRefreshed?: (payload: AuthPayload) => void;
  /** The session is over (stored token and user already removed): tell the user, go to /login. */
  onExpired?: () => void;
  /** A signed-in call or refresh found the server unreachable: keep the session, show it reconnects. */
  onUnreachable?: () => void;
}

let handlers: SessionHandlers = {};

/** The session provider registers its reactions here; the client itself knows no React. */
export function setSessionHandlers(next: SessionHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = {};
  };
}

/**
 * Calls whose 401 means "wrong credentials" or that manage the session themselves: they never
 * trigger a refresh or a session-expired redirect.
 */
const NO_REFRESH_PATHS = new Set(['/auth/login', '/auth/register', '/auth/refresh-token', '/auth/logout']);

interface RawResponse {
  status: number;
  ok: boolean;
  body: Envelope | undefined;
  /** True when the response had a body that was not JSON. */
  unreadable: boolean;
}

interface Envelope {
  success?: boolean;
  message?: string;
  data?: unknown;
  errors?: FieldError[];
}

/** The stored token, refreshed first when it is about to expire (a failed refresh keeps it: a 401 decides). */
async function currentToken(path: string): Promise<string | null> {
  const token = readToken();
  if (!token || NO_REFRESH_PATHS.has(path) || !expiresSoon(token)) return token;
  try {
    return (await refreshSession()) ?? token;
  } catch {
    return token;
  }
}

function expiresSoon(token: string): boolean {
  const due = refreshDueAt(token);
  return due !== null && due <= Date.now();
}

const RETRY_REFRESH_MS = 15_000;

/**
 * Refreshes the stored token shortly before it expires, again and again, for as long as the
 * returned stop function is not called. HTTP calls refresh on their own; this is for the time
 * between them, when only a socket is talking (an exam, the proctor board), so the token the
 * socket reconnects with is always current. A refused refresh stops here quietly: the next HTTP
 * call ends the session as usual, and the exam socket is not cut off mid-exam by it.
 */
export function keepTokenFresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const due = refreshDueAt(readToken());
    if (due === null) return;
    timer = setTimeout(run, Math.max(0, due - Date.now()));
  };
  const run = () => {
    if (stopped) return;
    refreshSession().then(
      (fresh) => fresh && schedule(),
      (error: unknown) => {
        // Offline: try again soon; the token may still have a little life left.
        reportIfUnreachable(error);
        if (!stopped) timer = setTimeout(run, RETRY_REFRESH_MS);
      },
    );
  };
  // Browsers throttle timers in hidden tabs: catch up as soon as the tab is shown again.
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || stopped) return;
    const token = readToken();
    if (token && expiresSoon(token)) {
      clearTimeout(timer);
      run();
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  try {
    return await authorisedRequest<T>(method, path, options);
  } catch (error) {
    reportIfUnreachable(error);
    throw error;
  }
}

/** Tells the session provider about a blip, while there is a session to keep. */
function reportIfUnreachable(error: unknown): void {
  if (isUnreachable(error) && readToken() !== null) handlers.onUnreachable?.();
}

async function authorisedRequest<T>(method: string, path: string, options: RequestOptions): Promise<ApiResult<T>> {
  const token = await currentToken(path);
  let response = await send(method, path, options, token);

  if (response.status === 401 && token && !NO_REFRESH_PATHS.has(path)) {
    // Another call may have refreshed already while this one was in flight: reuse its token.
    const current = readToken();
    const fresh = current && current !== token ? current : await refreshSession();
    if (fresh) response = await send(method, path, options, fresh);
    if (!fresh || response.status === 401) {
      expireSession(options.redirectOnExpiry ?? true);
      throw new ApiError({ status: 401, message: msg('common.sessionExpired'), serverMessage: response.body?.message });
    }
  }

  return toResult<T>(response);
}

function toResult<T>(response: RawResponse): ApiResult<T> {
  const { body } = response;
  if (response.ok && body?.success !== false) {
    if (response.unreadable) throw new ApiError({ status: response.status, message: msg('common.unexpectedError') });
    return { message: body?.message, data: body?.data as T };
  }
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
  throw new ApiError({
    status: response.status,
    message: catalogueMessage(response.status, serverMessage),
    serverMessage,
    errors: Array.isArray(body?.errors) ? body.errors : [],
    data: body?.data,
  });
}

async function send(method: string, path: string, options: RequestOptions, token: string | null): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  // A visitor's messages come back in the language on screen (a user's follow their setting).
  headers['Accept-Language'] = currentLanguage();
  // In Safe Exam Browser, its JavaScript API's values, for the SEBs that add no header to a page's fetch (docs/seb.md).
  Object.assign(headers, sebPageHeaders());

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  try {
    const res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      // The refresh token is an httpOnly cookie; it must travel with auth calls.
      credentials: 'include',
      signal: controller.signal,
    });
    const text = await res.text();
    let body: Envelope | undefined;
    let unreadable = false;
    if (text) {
      try {
        const parsed: unknown = JSON.parse(text);
        body = typeof parsed === 'object' && parsed !== null ? (parsed as Envelope) : undefined;
      } catch {
        unreadable = true;
      }
    }
    return { status: res.status, ok: res.ok, body, unreadable };
  } catch (error) {
    // A caller's own cancellation (a query unmounting) is not a network failure: pass it on.
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, message: msg('common.networkError') });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

let refreshing: Promise<string | null> | null = null;

/**
 * One refresh at a time: concurrent 401s share the same attempt. Resolves to the new token, or
 * null when the server refused. No answer, or a 5xx, rejects with that ApiError, so a dropped
 * connection or a restarting server does not log anybody out.
 */
/**
 * A session carried by the refresh cookie alone (a reload in a frame that refuses storage): the
 * new token, or null when the cookie is missing or refused. A success reaches `onRefreshed`.
 */
export function resumeFromRefreshCookie(): Promise<string | null> {
  return refreshSession().catch(() => null);
}

function refreshSession(): Promise<string | null> {
  refreshing ??= (async () => {
    try {
      const response = await send('POST', '/auth/refresh-token', {}, null);
      // Only a refusal (4xx) ends the session; a server error is no answer about it.
      if (response.status >= 500) {
        throw new ApiError({ status: response.status, message: catalogueMessage(response.status, response.body?.message) });
      }
      const data = response.ok ? (response.body?.data as Partial<AuthPayload> | undefined) : undefined;
      if (!data || typeof data.accessToken !== 'string' || !data.user) return null;
      const payload: AuthPayload = { accessToken: data.accessToken, user: data.user as User };
      storeSession(payload.accessToken, payload.user);
      handlers.onRefreshed?.(payload);
      return payload.accessToken;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function expireSession(redirect: boolean): void {
  // Only the first of several concurrent failures finds a token to clear: one toast, one redirect.
  const hadSession = readToken() !== null;
  clearStoredSession();
  if (hadSession && redirect) handlers.onExpired?.();
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
