import type { Role } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { guardDecision, type GuardSession } from './guardDecision';

function signedIn(overrides: Partial<{ role: Role; isVerified: boolean; isActive: boolean }> = {}): GuardSession {
  return {
    isLoading: false,
    isAuthenticated: true,
    user: { role: 'student', isVerified: true, isActive: true, ...overrides },
  };
}

describe('guardDecision', () => {
  it('waits while the session is still loading, even with a user', () => {
    expect(guardDecision({ ...signedIn(), isLoading: true }, ['student'])).toBe('loading');
  });

  it('sends a signed-out visitor to login', () => {
    expect(guardDecision({ isLoading: false, isAuthenticated: false, user: null }, ['student'])).toBe('login');
  });

  it('asks an unverified user to verify before checking the role', () => {
    expect(guardDecision(signedIn({ isVerified: false, role: 'parent' }), ['admin'])).toBe('verify');
  });

  it('denies a role that is not in the allowed list', () => {
    expect(guardDecision(signedIn({ role: 'student' }), ['teacher', 'admin'])).toBe('denied');
  });

  it('checks the role before the deactivated state', () => {
    expect(guardDecision(signedIn({ role: 'student', isActive: false }), ['admin'])).toBe('denied');
  });

  it('stops a deactivated user whose role is allowed', () => {
    expect(guardDecision(signedIn({ role: 'teacher', isActive: false }), ['teacher'])).toBe('deactivated');
  });

  it('lets an allowed, verified, active user through', () => {
    expect(guardDecision(signedIn({ role: 'admin' }), ['admin'])).toBe('allow');
  });

  it('accepts any signed-in role when no list is given', () => {
    expect(guardDecision(signedIn({ role: 'parent' }))).toBe('allow');
  });
});
