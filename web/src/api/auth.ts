import type { AuthPayload, LoginInput, RegisterInput, User } from '@exam/shared';
import { http } from './http';
import { browserStartValues } from '../i18n/browserPreferences';

/** The auth calls, as the server answers them. */
export const authApi = {
  /** `queueTicket`: the place in line a crowded server gave this sign-in (see signInQueue.ts). */
  login: (input: LoginInput, queueTicket?: string) =>
    http.post<AuthPayload>('/auth/login', input, queueTicket ? { headers: { 'X-Sign-In-Ticket': queueTicket } } : undefined),
  /**
   * Answered the same whether or not the e-mail has an account: a message, no data. The browser's
   * zone and languages go with it, so the new account starts in them.
   */
  register: (input: RegisterInput) => http.post<undefined>('/auth/register', { ...input, ...browserStartValues() }),
  logout: () => http.post<undefined>('/auth/logout'),
  /** The start-up check passes redirectOnExpiry false: a stale session ends quietly. */
  me: (options?: { redirectOnExpiry?: boolean }) => http.get<{ user: User }>('/auth/me', options),
  forgotPassword: (email: string) => http.post<undefined>('/auth/forgot-password', { email }),
  resetPassword: (token: string, password: string) => http.post<undefined>('/auth/reset-password', { token, password }),
  verifyEmail: (token: string) => http.post<{ user?: User }>('/auth/verify-email', { token }),
  resendVerification: () => http.post<undefined>('/auth/resend-verification'),
  changePassword: (currentPassword: string, newPassword: string) =>
    http.post<undefined>('/auth/change-password', { currentPassword, newPassword }),
};
