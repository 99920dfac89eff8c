import type { Context, Next, ParameterizedContext } from 'koa';
import type { Role } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { authenticate, type Authenticated } from '../services/sessions';

export interface AppState {
  auth?: Authenticated;
}

export type AppContext = ParameterizedContext<AppState>;

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** Requires a valid access token (and, when given, one of the roles). */
export function auth(deps: Deps, roles?: readonly Role[]) {
  return async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx.get('authorization'));
    if (!token) throw Errors.unauthorized();
    const authed = await authenticate(deps, token);
    if (roles && !roles.includes(authed.user.role)) throw Errors.forbidden();
    (ctx.state as AppState).auth = authed;
    await next();
  };
}

/** The signed-in caller of a route behind `auth()`. */
export function currentAuth(ctx: Context): Authenticated {
  const authed = (ctx.state as AppState).auth;
  if (!authed) throw Errors.unauthorized();
  return authed;
}
