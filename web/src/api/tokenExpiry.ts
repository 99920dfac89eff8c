/**
 * When to refresh an access token, read from its own claims (a JWT's middle part is plain
 * base64url JSON; checking the signature is the server's business). Null for anything unreadable:
 * such a token is simply not refreshed ahead, and a 401 still refreshes it.
 */

/** A minute before expiry, or a fifth of the lifetime when tokens are shorter than five minutes. */
export const REFRESH_AHEAD_MS = 60_000;

function claims(token: string): { exp?: unknown; iat?: unknown } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const padded = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const value: unknown = JSON.parse(atob(padded));
    return typeof value === 'object' && value !== null ? value : null;
  } catch {
    return null;
  }
}

/** The instant (ms) at which the token should be refreshed, or null when it cannot be told. */
export function refreshDueAt(token: string | null): number | null {
  const c = token ? claims(token) : null;
  if (!c || typeof c.exp !== 'number' || !Number.isFinite(c.exp)) return null;
  const expiresAt = c.exp * 1000;
  const lifetime = typeof c.iat === 'number' ? expiresAt - c.iat * 1000 : Infinity;
  return expiresAt - Math.min(REFRESH_AHEAD_MS, lifetime / 5);
}
