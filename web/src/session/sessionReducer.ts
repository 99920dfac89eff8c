import type { User } from '@exam/shared';

/** The auth state: the session, its user and whether the start-up check is still running. */
export interface SessionState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True until the start-up check has decided (spec: "isLoading (initially true)"). */
  isLoading: boolean;
  error: string | null;
  /**
   * The server cannot be reached (no answer, 502/503/504) while a session is held: the session
   * and its user stay, the shell says it reconnects, and the provider retries with backoff.
   */
  reconnecting: boolean;
}

export type SessionAction =
  | { type: 'start' }
  | { type: 'success'; user: User; token: string }
  | { type: 'failure'; error: string }
  | { type: 'setError'; error: string }
  | { type: 'logout' }
  | { type: 'updateUser'; patch: Partial<User> }
  | { type: 'clearError' }
  /** The server could not be reached; `user` and `token` are the stored session to keep. */
  | { type: 'unreachable'; user: User; token: string };

export const initialSession: SessionState = {
  user: null,
  token: null,
  isAuthenticated: false,
  isLoading: true,
  error: null,
  reconnecting: false,
};

/**
 * The transitions, kept pure so they are testable without React. Only a refused
 * session ('logout', 'failure') ends it; 'unreachable' keeps it and marks it reconnecting until
 * the next 'success'.
 */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'start':
      return { ...state, isLoading: true, error: null };
    case 'success':
      return { user: action.user, token: action.token, isAuthenticated: true, isLoading: false, error: null, reconnecting: false };
    case 'failure':
      return { user: null, token: null, isAuthenticated: false, isLoading: false, error: action.error, reconnecting: false };
    case 'setError':
      return { ...state, isLoading: false, error: action.error };
    case 'logout':
      return { ...initialSession, isLoading: false };
    case 'updateUser':
      return state.user ? { ...state, user: { ...state.user, ...action.patch } } : state;
    case 'clearError':
      return { ...state, error: null };
    case 'unreachable':
      // Mid-session the user known in memory stays; at start-up the stored one is restored.
      if (state.isAuthenticated) return state.reconnecting ? state : { ...state, isLoading: false, reconnecting: true };
      return { user: action.user, token: action.token, isAuthenticated: true, isLoading: false, error: null, reconnecting: true };
  }
}
