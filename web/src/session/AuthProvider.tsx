import { msg } from '../i18n/messages';
import { type LoginInput, type RegisterInput, type User } from '@exam/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { retryWithBackoff } from '../api/backoff';
import { keepTokenFresh, messageFromServer, resumeFromRefreshCookie, setSessionHandlers } from '../api/http';
import { notifyError, notifySuccess } from '../lib/notify';
import { clearStoredSession, readStoredUser, readToken, storageRefused, storeSession, storeUser } from '../api/storedSession';
import { authApi } from '../api/auth';
import { checkSession, storedSession } from './sessionCheck';
import { initialSession, sessionReducer } from './sessionReducer';
import { AuthContext, type AuthContextValue } from './useAuth';
import { useOnCleared } from './useOnReconnected';

/**
 * Owns the session. Must sit inside the router: an expired session navigates to
 * /login, remembering the page so signing in again returns there. A server that cannot be reached
 * never ends it: the session is kept, marked reconnecting, and checked again with backoff.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(sessionReducer, initialSession);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  // The expiry handler outlives renders; it reads the current page through a ref.
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  useEffect(
    () =>
      setSessionHandlers({
        onRefreshed: ({ user, accessToken }) => dispatch({ type: 'success', user, token: accessToken }),
        onExpired: () => {
          queryClient.clear();
          dispatch({ type: 'logout' });
          notifyError(msg('common.sessionExpired'), 'session-expired');
          const { pathname, search, hash } = locationRef.current;
          navigate('/login', { replace: true, state: { from: `${pathname}${search}${hash}` } });
        },
        onUnreachable: () => {
          const stored = storedSession();
          if (stored) dispatch({ type: 'unreachable', ...stored });
        },
      }),
    [navigate, queryClient],
  );

  // Refresh ahead of expiry while signed in, not only on a 401: a screen that talks only over
  // the socket (a three-hour exam) must never find its token expired when it reconnects.
  useEffect(() => (state.token ? keepTokenFresh() : undefined), [state.token]);

  // Start-up check: a stored session counts once the server confirms it, or is kept as it is
  // while the server cannot be reached (a reload during a restart). The ref keeps StrictMode's
  // second effect run from asking twice.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (storedSession()) void checkSession().then(dispatch);
    // Nothing stored because the browser refuses storage (a reload in an LMS's frame): the
    // partitioned refresh cookie may still carry the session. Not on /lti/ pages, whose launch
    // ticket opens a newer session than any cookie the frame holds.
    else if (storageRefused() && !window.location.pathname.startsWith('/lti/')) {
      void resumeFromRefreshCookie().then((token) => token ?? dispatch({ type: 'logout' }));
    }
    // Nothing stored: signed out at once, without a round trip.
    else dispatch({ type: 'logout' });
  }, []);

  // While reconnecting, ask again with backoff until the server answers either way.
  useEffect(() => {
    if (!state.reconnecting) return;
    return retryWithBackoff(async () => {
      const action = await checkSession();
      dispatch(action);
      return action.type !== 'unreachable';
    });
  }, [state.reconnecting]);

  // Back online: what failed to load during the outage loads again by itself.
  useOnCleared(state.reconnecting, () => {
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
  });

  const login = useCallback(async (input: LoginInput, queueTicket?: string) => {
    dispatch({ type: 'start' });
    try {
      const { data, message } = await authApi.login(input, queueTicket);
      if (!data?.user || !data.accessToken) throw new Error('Malformed login response');
      storeSession(data.accessToken, data.user);
      dispatch({ type: 'success', user: data.user, token: data.accessToken });
      return { user: data.user, message };
    } catch (error) {
      clearStoredSession();
      dispatch({ type: 'failure', error: messageFromServer(error, msg('common.loginFailed')) });
      throw error;
    }
  }, []);

  const register = useCallback(async (input: RegisterInput) => {
    try {
      const { message } = await authApi.register(input);
      dispatch({ type: 'clearError' });
      return { message };
    } catch (error) {
      dispatch({ type: 'setError', error: messageFromServer(error, msg('common.registrationFailed')) });
      throw error;
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // The session ends on this device whatever the server answers.
    }
    clearStoredSession();
    // Leave first: dropping the session while a guarded page is still shown would make its
    // guard bounce to /login instead of the home page. flushSync commits the
    // new page now; the router's default transition would render after the logout.
    await navigate('/', { flushSync: true });
    queryClient.clear();
    dispatch({ type: 'logout' });
    notifySuccess(msg('common.logoutSuccess'));
  }, [navigate, queryClient]);

  const updateUser = useCallback((patch: Partial<User>) => {
    const stored = readStoredUser();
    if (stored) storeUser({ ...stored, ...patch });
    dispatch({ type: 'updateUser', patch });
  }, []);

  const clearError = useCallback(() => dispatch({ type: 'clearError' }), []);

  const refreshMe = useCallback(async () => {
    const token = readToken();
    if (!token) return null;
    const { data } = await authApi.me();
    storeUser(data.user);
    dispatch({ type: 'success', user: data.user, token: readToken() ?? token });
    return data.user;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, login, register, logout, updateUser, clearError, refreshMe }),
    [state, login, register, logout, updateUser, clearError, refreshMe],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
