import type { Middleware } from 'koa';
import { STORABLE_MSG, findUnstorable } from '@exam/shared';
import { Errors } from '../errors';

/**
 * Refuses, before any route runs, a request whose path, query or body holds text PostgreSQL
 * cannot store (a NUL character, or a lone surrogate: half of a character, which jsonb refuses).
 * Done once here rather than in each schema, so a route added later is covered too and no such
 * text ever reaches a statement (where it would be a 500, or fail a batch shared with other
 * students' saves).
 */
export function storableInput(): Middleware {
  return async (ctx, next) => {
    const inPath = nulInPath(ctx.path);
    const found = inPath !== undefined ? { field: inPath, message: STORABLE_MSG.nul } : (findUnstorable(ctx.query) ?? findUnstorable((ctx.request as { body?: unknown }).body));
    if (found) throw Errors.validation([{ field: found.field || '_', msg: found.message }]);
    await next();
  };
}

function nulInPath(path: string): string | undefined {
  // ctx.path is still percent-encoded; the router decodes params later.
  return /%00/i.test(path) || path.includes('\u0000') ? 'path' : undefined;
}
