import Router from '@koa/router';
import type { Context } from 'koa';
import { LTI_MSG, MSG, loginSchema, ltiDeepLinkingChoiceSchema, ltiSessionRequestSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { translateMessage } from '../../i18n/translator';
import { auth, currentAuth, type AppState } from '../../middleware/auth';
import { languageOf, useLanguage } from '../../middleware/language';
import { validated } from '../../middleware/validate';
import { STAFF } from '../../policies/people';
import { presentUser } from '../../presenters/user';
import { answerDeepLinking, deepLinkingContext, linkExistingAccount } from '../../services/lti/deepLinking';
import { completeLaunch } from '../../services/lti/launch';
import { LaunchRefusal } from '../../services/lti/launchChecks';
import { LOGIN_STATE_TTL_MS, loginParamsFrom, startLogin, stateCookieName, STATE_COOKIE_PREFIX } from '../../services/lti/login';
import { redeemTicket } from '../../services/lti/tickets';
import { escapeHtml } from '../../services/mail';
import { chosenLanguage } from '../../services/settings';
import { setCrossSiteCookie, setRefreshCookie } from '../auth/cookies';

/** The state cookie goes only to the launch, which is the only reader of it. */
const STATE_COOKIE_PATH = '/api/lti/launch';

/**
 * A refused login or launch, as the LMS's frame shows it: a short page in the reader's language
 * (their browser's: nobody is signed in yet), and "Open in a new window" when the frame lost the
 * state cookie. It holds no action but that link, so any page may frame it.
 */
function refusalPage(ctx: Context, err: LaunchRefusal): void {
  const language = languageOf(ctx);
  const say = (text: string) => escapeHtml(translateMessage(language, text));
  const relaunch = err.relaunchUrl
    ? `<p><a href="${escapeHtml(err.relaunchUrl)}" target="_blank" rel="noopener" style="font-weight: 600">${say(LTI_MSG.launchOpenInNewWindow)}</a></p>`
    : '';
  ctx.status = err.status;
  ctx.remove('X-Frame-Options');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *");
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${say(LTI_MSG.launchPageTitle)}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem; max-width: 40rem"><main><h1 style="font-size: 1.25rem">${say(LTI_MSG.launchPageTitle)}</h1>
<p role="alert" data-lti-refusal="${err.status}">${say(err.message)}</p>${relaunch}</main></body></html>`;
}

/** Runs a login or launch step; its refusal becomes the page above, anything else the usual error. */
async function asPage(ctx: Context, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (err) {
    if (!(err instanceof LaunchRefusal)) throw err;
    refusalPage(ctx, err);
  }
}

const formOf = (ctx: Context): Record<string, unknown> => {
  const body = (ctx.request as { body?: unknown }).body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
};

/**
 * The LTI launch under /api/lti (docs/lti.md "Launch: signing in from the LMS"): the OIDC login,
 * the launch the platform posts back, the session its ticket opens, and the teacher's pick of an
 * exam for a new activity (Deep Linking).
 */
export function ltiLaunchRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  // Step one: the platform sends the browser here (GET, or POST from a form) to start a launch.
  const login = (ctx: Context) =>
    asPage(ctx, async () => {
      const params = loginParamsFrom({ ...ctx.query, ...formOf(ctx) }, deps.config.publicUrl);
      const { state, redirectUrl } = await startLogin(deps, params);
      setCrossSiteCookie(ctx, stateCookieName(state), state, { path: STATE_COOKIE_PATH, expires: new Date(Date.now() + LOGIN_STATE_TTL_MS) });
      ctx.set('Cache-Control', 'no-store');
      ctx.redirect(redirectUrl);
    });
  router.get('/login', login);
  router.post('/login', login);

  // Step two: the platform's form post with the signed id token; a session ticket in the page's fragment.
  router.post('/launch', (ctx) =>
    asPage(ctx, async () => {
      const form = formOf(ctx);
      const state = typeof form.state === 'string' ? form.state : undefined;
      const idToken = typeof form.id_token === 'string' ? form.id_token : undefined;
      const name = state ? stateCookieName(state) : undefined;
      const value = name ? ctx.cookies.get(name) || undefined : undefined;
      const otherLogins = (ctx.get('cookie') ?? '').split(/;\s*/).some((c) => c.startsWith(STATE_COOKIE_PREFIX) && !c.startsWith(`${name}=`));
      // The state serves once whatever happens: its cookie goes too.
      if (value) setCrossSiteCookie(ctx, name!, '', { path: STATE_COOKIE_PATH, expires: new Date(0) });
      const { ticket } = await completeLaunch(deps, { idToken, state, stateCookie: { value, otherLogins } });
      ctx.status = 303;
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Location', `/lti/start#${ticket}`);
    }),
  );

  // The web page /lti/start trades the launch's ticket for a session, as a sign-in would answer.
  router.post(
    '/session',
    validated(ltiSessionRequestSchema, async (ctx, input) => {
      const { user, session, target } = await redeemTicket(deps, input.ticket, { ip: ctx.ip, userAgent: ctx.get('user-agent') });
      setRefreshCookie(ctx, deps.config, session.refreshToken, session.refreshExpiresAt, true);
      useLanguage(ctx, await chosenLanguage(deps.db, user.id));
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { success: true, message: MSG.loginSuccess, data: { user: presentUser(user), accessToken: session.accessToken, target } };
    }),
  );

  const staff = auth(deps, STAFF);
  router.get('/deep-linking', staff, async (ctx) => {
    ctx.body = { success: true, data: await deepLinkingContext(deps, currentAuth(ctx)) };
  });
  router.post(
    '/deep-linking/response',
    staff,
    validated(ltiDeepLinkingChoiceSchema, async (ctx, input) => {
      ctx.body = { success: true, data: await answerDeepLinking(deps, currentAuth(ctx), input.examId) };
    }),
  );

  // The picker's "use my exam platform account": the teacher's password account takes over the LMS identity.
  router.post(
    '/deep-linking/account',
    staff,
    validated(loginSchema, async (ctx, input) => {
      const { user, session } = await linkExistingAccount(deps, currentAuth(ctx), { ...input, ip: ctx.ip, userAgent: ctx.get('user-agent') });
      setRefreshCookie(ctx, deps.config, session.refreshToken, session.refreshExpiresAt, true);
      useLanguage(ctx, await chosenLanguage(deps.db, user.id));
      ctx.body = { success: true, message: MSG.loginSuccess, data: { user: presentUser(user), accessToken: session.accessToken } };
    }),
  );

  return router;
}
