import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/buildUser';
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
