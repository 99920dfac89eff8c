import type { LoginInput, RegisterInput, User } from '@exam/shared';
import { createContext, useContext } from 'react';
import type { SessionState } from './sessionReducer';

export interface AuthContextValue extends SessionState {
  /** Signs in; resolves with the user and the server's message, rejects with an ApiError (a crowded server's place in line: see signInQueue.ts). */
  login: (input: LoginInput, queueTicket?: string) => Promise<{ user: User; message?: string }>;
  /** Asks for an account (no sign-in: the address must be verified); resolves with the message, the same whether or not the e-mail had one. */
  register: (input: RegisterInput) => Promise<{ message?: string }>;
  logout: () => Promise<void>;
  /** Merges fields into the signed-in user, in state and in storage. */
  updateUser: (patch: Partial<User>) => void;
  clearError: () => void;
  /** Re-reads the signed-in user from GET /auth/me. */
  refreshMe: () => Promise<User | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
