import type { Middleware } from 'koa';

/**
 * HTTP clients send the JSON `null` for a PUT or POST with no data (mark a notification read,
 * mark all read): that is an empty body, not a malformed one. Runs right after the body parser,
 * which is told to accept any JSON value so `null` reaches here; other non-objects are left for
 * the route's schema to refuse with a 400.
 */
export function nullBodyAsEmpty(): Middleware {
  return async (ctx, next) => {
    const request = ctx.request as { body?: unknown };
    if (request.body === null) request.body = {};
    await next();
  };
}
