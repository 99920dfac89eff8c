import { ROLES, STORAGE_KEYS, type User } from '@exam/shared';

/**
 * The session as the browser keeps it: the access token and the user under the
 * localStorage keys `token` and `user`. Both the HTTP client (refresh, expiry) and the session
 * provider read and write it, so it lives below both of them.
 */

export function readToken(): string | null {
  return safeGet(STORAGE_KEYS.token);
}

/** The stored user, or null when missing or not shaped like a user (storage is user-editable). */
export function readStoredUser(): User | null {
  const raw = safeGet(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isUserLike(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: User): void {
  safeSet(STORAGE_KEYS.token, token);
  storeUser(user);
}

export function storeUser(user: User): void {
  safeSet(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredSession(): void {
  memory.clear();
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // Storage disabled (private mode): nothing was stored either.
  }
}

function isUserLike(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v._id === 'string' && typeof v.role === 'string' && (ROLES as readonly string[]).includes(v.role);
}

/**
 * Whether the browser refuses storage altogether (an LMS's frame that blocks third-party storage,
 * some private modes): the session then lives in the page and in the refresh cookie only.
 */
export function storageRefused(): boolean {
  try {
    localStorage.getItem(STORAGE_KEYS.token);
    return false;
  } catch {
    return true;
  }
}

/**
 * The session when the browser refuses storage altogether: an LMS's frame in a browser that blocks
 * third-party storage (docs/lti.md), private modes. It lasts as long as the page.
 */
const memory = new Map<string, string>();

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // A full or disabled storage only costs persistence across reloads.
    memory.set(key, value);
  }
}
