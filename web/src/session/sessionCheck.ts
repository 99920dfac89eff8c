import type { User } from '@exam/shared';
import { isUnreachable } from '../api/http';
import { clearStoredSession, readStoredUser, readToken, storeUser } from '../api/storedSession';
import { authApi } from '../api/auth';
import type { SessionAction } from './sessionReducer';

/**
 * Asks the server (GET /auth/me) what it thinks of the stored session, and answers with what the
 * session reducer should do about it:
 * - the user: 'success' (a 401 that a refresh fixed counts too: the client retried with the new token);
 * - no answer, 502, 503, 504: 'unreachable', keeping the stored session (a blip, a server restart);
 * - a 401 the refresh could not fix, or anything else: 'logout', with the stored session removed.
 * Used at start-up and by the reconnect loop alike.
 */
export async function checkSession(): Promise<SessionAction> {
  const stored = storedSession();
  if (!stored) return { type: 'logout' };
  const { token, user } = stored;
  try {
    const { data } = await authApi.me({ redirectOnExpiry: false });
    // A refresh during the call stored a new token: the session goes on with that one.
    const current = readToken();
    if (data?.user && current) {
      storeUser(data.user);
      return { type: 'success', user: data.user, token: current };
    }
  } catch (error) {
    if (isUnreachable(error)) return { type: 'unreachable', user: readStoredUser() ?? user, token: readToken() ?? token };
  }
  clearStoredSession();
  return { type: 'logout' };
}

/** The stored token and user, or null (with any half of a session removed) when there is none. */
export function storedSession(): { token: string; user: User } | null {
  const token = readToken();
  const user = readStoredUser();
  if (token && user) return { token, user };
  clearStoredSession();
  return null;
}
