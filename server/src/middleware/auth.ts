import type { Context, Next, ParameterizedContext } from 'koa';
import { MSG, type Role } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { authenticate, type Authenticated } from '../services/sessions';
import { useLanguage, type LanguageState } from './language';
import { isUuid } from '../uuid';

export interface AppState extends LanguageState {
  auth?: Authenticated;
}

export type AppContext = ParameterizedContext<AppState>;

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * Requires a valid access token (and, when given, one of the roles). `allowExpired` is for the
 * exam's submit calls only: an expired token of a live session passes marked `expired`, and the
 * handler must then call `requireOpenAttemptIfExpired` for the attempt it acts on.
 */
export function auth(deps: Deps, roles?: readonly Role[], opts: { allowExpired?: boolean } = {}) {
  const middleware = async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw Errors.unauthorized();
    const authed = await authenticate(deps, token, opts);
    // The user's own language from here on, for this answer and whatever it throws.
    useLanguage(ctx, authed.language);
    if (roles && !roles.includes(authed.user.role)) throw Errors.forbidden();
    (ctx.state as AppState).auth = authed;
    await next();
  };
  // The API reference reads who may call a route from here.
  return Object.assign(middleware, { [AUTH_ROLES]: roles ?? ('any' as const) });
}

export const AUTH_ROLES = Symbol.for('exam.authRoles');

/** The signed-in caller of a route behind `auth()`. */
export function currentAuth(ctx: Context): Authenticated {
  const authed = (ctx.state as AppState).auth;
  if (!authed) throw Errors.unauthorized();
  return authed;
}

/** A path id that is not a UUID names nothing: the same 404 as a missing row. */
export function idParam(ctx: Context, name: string, notFound: string = MSG.notFound): string {
  const value = (ctx as unknown as { params: Record<string, string> }).params[name] ?? '';
  if (!isUuid(value)) throw Errors.notFound(notFound);
  return value.toLowerCase();
}
