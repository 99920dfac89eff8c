import Router from '@koa/router';
import { LTI_MSG } from '@exam/shared';
import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { translateMessage } from '../../i18n/translator';
import type { AppState } from '../../middleware/auth';
import { languageOf } from '../../middleware/language';
import { escapeHtml } from '../../services/mail';
import { registerWithPlatform } from '../../services/lti/registration';

/** Tells the LMS the registration is over, so it closes its frame or window (the spec's message). */
const CLOSE_SCRIPT = "(window.opener || window.parent).postMessage({ subject: 'org.imsglobal.lti.close' }, '*');";
const CLOSE_SCRIPT_HASH = createHash('sha256').update(CLOSE_SCRIPT).digest('base64');

/**
 * The page the LMS shows in its own frame or pop-up: a sentence in the reader's language and, once
 * registered, the script that closes it. Our security headers forbid framing, inline scripts and
 * cross-origin openers; this page alone is framed or opened by any LMS (it holds no action to trick
 * anyone into) and runs that one script, allowed by its hash.
 */
function registrationPage(ctx: Context, text: string, done: boolean): void {
  const language = languageOf(ctx);
  const title = translateMessage(language, LTI_MSG.registrationPageTitle);
  ctx.remove('X-Frame-Options');
  // An LMS that opens the page as a pop-up reads the close message through window.opener, which
  // our usual same-origin opener policy would cut.
  ctx.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  ctx.set('Content-Security-Policy', `default-src 'none'; script-src 'sha256-${CLOSE_SCRIPT_HASH}'; style-src 'unsafe-inline'; frame-ancestors *`);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 2rem"><h1 style="font-size: 1.25rem">${escapeHtml(title)}</h1><p>${escapeHtml(translateMessage(language, text))}</p>${done ? `<script>${CLOSE_SCRIPT}</script>` : ''}</body></html>`;
}

const param = (ctx: Context, name: string): string | undefined => {
  const value = ctx.query[name];
  return typeof value === 'string' && value ? value : undefined;
};

/**
 * GET /api/lti/register: the LMS opens our one-time link (docs/lti.md) with its OpenID
 * configuration and registration token; the answer is the page above, a 4xx when the link or the
 * request is wrong and a 502 when the LMS's side failed.
 */
export function ltiRegistrationRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/register', async (ctx) => {
    try {
      await registerWithPlatform(deps, {
        token: param(ctx, 'token'),
        openidConfiguration: param(ctx, 'openid_configuration'),
        registrationToken: param(ctx, 'registration_token'),
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      ctx.status = err.status;
      return registrationPage(ctx, err.message, false);
    }
    registrationPage(ctx, LTI_MSG.registrationDone, true);
  });
  return router;
}
