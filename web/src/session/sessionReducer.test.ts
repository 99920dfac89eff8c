import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/buildUser';
import { initialSession, sessionReducer } from './sessionReducer';

describe('sessionReducer', () => {
  it('starts loading, with nobody signed in', () => {
    expect(initialSession).toMatchObject({ isLoading: true, isAuthenticated: false, user: null, token: null, error: null });
  });

  it('authenticates on success', () => {
    const user = buildUser();
    expect(sessionReducer(initialSession, { type: 'success', user, token: 't' })).toEqual({
      user,
      token: 't',
      isAuthenticated: true,
      isLoading: false,
      error: null,
      reconnecting: false,
    });
  });

  it('clears user and token and keeps the message on failure', () => {
    const signedIn = sessionReducer(initialSession, { type: 'success', user: buildUser(), token: 't' });
    expect(sessionReducer(signedIn, { type: 'failure', error: 'Login failed' })).toMatchObject({
      user: null,
      token: null,
      isAuthenticated: false,
      isLoading: false,
      error: 'Login failed',
    });
  });

  it('resets to signed out, not loading, on logout', () => {
    const signedIn = sessionReducer(initialSession, { type: 'success', user: buildUser(), token: 't' });
    expect(sessionReducer(signedIn, { type: 'logout' })).toEqual({ ...initialSession, isLoading: false });
  });

  it('merges fields into the user on update', () => {
    const signedIn = sessionReducer(initialSession, { type: 'success', user: buildUser({ isVerified: false }), token: 't' });
    expect(sessionReducer(signedIn, { type: 'updateUser', patch: { isVerified: true } }).user?.isVerified).toBe(true);
  });

  it('empties the error on clearError', () => {
    const failed = sessionReducer(initialSession, { type: 'failure', error: 'x' });
    expect(sessionReducer(failed, { type: 'clearError' }).error).toBeNull();
  });
});

describe('sessionReducer when the server cannot be reached', () => {
  const user = buildUser({ firstName: 'Kept' });

  it('keeps the signed-in user and marks the session reconnecting', () => {
    const signedIn = sessionReducer(initialSession, { type: 'success', user, token: 't' });
    expect(sessionReducer(signedIn, { type: 'unreachable', user: buildUser({ firstName: 'Stored' }), token: 'old' })).toEqual({
      ...signedIn,
      reconnecting: true,
    });
  });

  it('restores the stored session at start-up instead of signing out', () => {
    expect(sessionReducer(initialSession, { type: 'unreachable', user, token: 't' })).toEqual({
      user,
      token: 't',
      isAuthenticated: true,
      isLoading: false,
      error: null,
      reconnecting: true,
    });
  });

  it('stays the same state when told again (no re-render storm during an outage)', () => {
    const reconnecting = sessionReducer(initialSession, { type: 'unreachable', user, token: 't' });
    expect(sessionReducer(reconnecting, { type: 'unreachable', user, token: 't' })).toBe(reconnecting);
  });

  it('is connected again on success, and signed out only by logout', () => {
    const reconnecting = sessionReducer(initialSession, { type: 'unreachable', user, token: 't' });
    expect(sessionReducer(reconnecting, { type: 'success', user, token: 't2' }).reconnecting).toBe(false);
    expect(sessionReducer(reconnecting, { type: 'logout' })).toEqual({ ...initialSession, isLoading: false });
  });
});
