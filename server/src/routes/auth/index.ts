import Router from '@koa/router';
import type { Context } from 'koa';
import {
  MSG,
  browserStart,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from '@exam/shared';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import { auth, bearerToken, currentAuth, type AppState } from '../../middleware/auth';
import { useLanguage } from '../../middleware/language';
import { validated } from '../../middleware/validate';
import { chosenLanguage } from '../../services/settings';
import { presentUser } from '../../presenters/user';
import * as accounts from '../../services/accounts';
import { authenticate, endSessionOfRefreshToken, endSessions, rotateRefreshToken } from '../../services/sessions';
import { createByAdmin } from '../users/createByAdmin';
import { getPlatformSettings, registrationRefusal } from '../../services/platformSettings';
import { clearRefreshCookie, readDeviceCookie, readRefreshCookie, refreshCookieIsFramed, setDeviceCookie, setRefreshCookie } from './cookies';
import { signInQueue } from '../../auth/signInQueue';

/**
 * Aborts when the client closes the request before the answer: in a sign-in storm the browser
 * gives up after 30 s and retries, and the abandoned sign-in must not still take a hashing slot.
 */
function abandoned(ctx: Context): AbortSignal {
  const controller = new AbortController();
  ctx.res.once('close', () => {
    if (!ctx.res.writableFinished) controller.abort(Errors.clientGone());
  });
  // Or when the sign-in has waited too long and is to be told its place in line (signInQueue.ts).
  const overdue = (ctx.state as { signInDeadline?: AbortSignal }).signInDeadline;
  return overdue ? AbortSignal.any([controller.signal, overdue]) : controller.signal;
}

/** Every auth call, under /api/auth (docs/api.md). */
export function authRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/auth' });
  const requireUser = auth(deps);

  router.post(
    '/register',
    // An admin's token turns this into the admin's Add user (docs/people.md); otherwise self-registration.
    createByAdmin(deps),
    validated(registerSchema, async (ctx, input) => {
      // Admins never reach this handler (createByAdmin answers them), so every caller here is a
      // visitor: bound by the school's registration settings and limited per address.
      const refused = registrationRefusal(await getPlatformSettings(deps), input);
      if (refused) throw refused;
      // The same answer whether or not the address already has an account (see registerUser).
      // The account starts in the browser's zone and language (sent with the form, or Accept-Language), else the school's.
      const browser = browserStart((ctx.request as { body?: unknown }).body, ctx.get('accept-language'));
      await accounts.registerUser(deps, input, ctx.ip, browser);
      ctx.status = 201;
      ctx.body = { success: true, message: MSG.registered };
    }),
  );

  router.post(
    '/login',
    // A hall signing in at once: past a few seconds' wait for the hashing lanes, a place in line at once.
    signInQueue(deps),
    validated(loginSchema, async (ctx, input) => {
      // A browser that signed in to this account before is counted apart from its address (signInLimits.ts).
      const device = readDeviceCookie(ctx, deps.config, input.email.toLowerCase());
      const { user, session } = await accounts.login(deps, { ...input, ip: ctx.ip, device, userAgent: ctx.get('user-agent'), signal: abandoned(ctx) });
      setRefreshCookie(ctx, deps.config, session.refreshToken, session.refreshExpiresAt);
      setDeviceCookie(ctx, deps.config, input.email.toLowerCase(), device);
      // Signed in: the answer speaks the user's own language, as every later request will.
      useLanguage(ctx, await chosenLanguage(deps.db, user.id));
      ctx.body = { success: true, message: MSG.loginSuccess, data: { user: presentUser(user), accessToken: session.accessToken } };
    }),
  );

  router.post('/logout', async (ctx) => {
    const refresh = readRefreshCookie(ctx);
    if (refresh) await endSessionOfRefreshToken(deps, refresh);
    // A client without the cookie still ends the session its access token belongs to.
    const token = bearerToken(ctx.get('authorization'));
    const authed = token ? await authenticate(deps, token).catch(() => undefined) : undefined;
    if (authed) await endSessions(deps, { sessionId: authed.sessionId }, 'logout');
    clearRefreshCookie(ctx, deps.config);
    ctx.body = { success: true, message: MSG.logoutSuccess };
  });

  router.get('/me', requireUser, async (ctx) => {
    ctx.body = { success: true, data: { user: presentUser(currentAuth(ctx).user) } };
  });

  router.post('/refresh-token', async (ctx) => {
    const presented = readRefreshCookie(ctx);
    if (!presented) throw Errors.unauthorized(MSG.refreshTokenInvalid);
    try {
      const { user, issued } = await rotateRefreshToken(deps, presented);
      setRefreshCookie(ctx, deps.config, issued.refreshToken, issued.refreshExpiresAt, refreshCookieIsFramed(ctx));
      ctx.body = { success: true, data: { user: presentUser(user), accessToken: issued.accessToken } };
    } catch (err) {
      clearRefreshCookie(ctx, deps.config);
      throw err;
    }
  });

  router.post(
    '/forgot-password',
    validated(forgotPasswordSchema, async (ctx, input) => {
      await accounts.requestPasswordReset(deps, { email: input.email, ip: ctx.ip });
      ctx.body = { success: true, message: MSG.forgotPasswordSent };
    }),
  );

  router.post(
    '/reset-password',
    validated(resetPasswordSchema, async (ctx, input) => {
      await accounts.resetPassword(deps, input);
      ctx.body = { success: true, message: MSG.passwordResetSuccess };
    }),
  );

  router.post(
    '/verify-email',
    validated(verifyEmailSchema, async (ctx, input) => {
      const user = await accounts.verifyEmail(deps, input.token);
      ctx.body = { success: true, message: MSG.emailVerified, data: { user: presentUser(user) } };
    }),
  );

  router.post('/resend-verification', requireUser, async (ctx) => {
    const { user } = currentAuth(ctx);
    if (user.is_verified) {
      ctx.body = { success: true, message: MSG.alreadyVerified };
      return;
    }
    await accounts.resendVerification(deps, user);
    ctx.body = { success: true, message: MSG.verificationSent };
  });

  router.post(
    '/change-password',
    requireUser,
    validated(changePasswordSchema, async (ctx, input) => {
      const { user, sessionId } = currentAuth(ctx);
      await accounts.changePassword(deps, { user, sessionId, ...input });
      ctx.body = { success: true, message: MSG.passwordChanged };
    }),
  );

  return router;
}
