import type { Middleware } from 'koa';
import { STORABLE_MSG, findNul } from '@exam/shared';
import { Errors } from '../errors';

/**
 * Refuses, before any route runs, a request whose path, query or body holds text PostgreSQL
 * cannot store (a NUL character). Done once here rather than in each schema, so a route added
 * later is covered too and no NUL ever reaches a statement (where it would be a 500, or fail a
 * batch shared with other students' saves).
 */
export function storableInput(): Middleware {
  return async (ctx, next) => {
    const field = nulInPath(ctx.path) ?? findNul(ctx.query) ?? findNul((ctx.request as { body?: unknown }).body);
    if (field !== undefined) throw Errors.validation([{ field: field || '_', msg: STORABLE_MSG.nul }]);
    await next();
  };
}

function nulInPath(path: string): string | undefined {
  // ctx.path is still percent-encoded; the router decodes params later.
  return /%00/i.test(path) || path.includes('\u0000') ? 'path' : undefined;
}
