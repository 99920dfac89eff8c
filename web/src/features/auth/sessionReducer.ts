import type { User } from '@exam/shared';

/** The auth state of spec core §3/§4. */
export interface SessionState {
  user: User | null;
  token: string | null;
  isAuthenticated: boolean;
  /** True until the start-up check has decided (spec: "isLoading (initially true)"). */
  isLoading: boolean;
  error: string | null;
}

export type SessionAction =
  | { type: 'start' }
  | { type: 'success'; user: User; token: string }
  | { type: 'failure'; error: string }
  | { type: 'setError'; error: string }
  | { type: 'logout' }
  | { type: 'updateUser'; patch: Partial<User> }
  | { type: 'clearError' };

export const initialSession: SessionState = {
  user: null,
  token: null,
  isAuthenticated: false,
  isLoading: true,
  error: null,
};

/** The transitions of spec core §4, kept pure so they are testable without React. */
export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'start':
      return { ...state, isLoading: true, error: null };
    case 'success':
      return { user: action.user, token: action.token, isAuthenticated: true, isLoading: false, error: null };
    case 'failure':
      return { user: null, token: null, isAuthenticated: false, isLoading: false, error: action.error };
    case 'setError':
      return { ...state, isLoading: false, error: action.error };
    case 'logout':
      return { ...initialSession, isLoading: false };
    case 'updateUser':
      return state.user ? { ...state, user: { ...state.user, ...action.patch } } : state;
    case 'clearError':
      return { ...state, error: null };
  }
}
