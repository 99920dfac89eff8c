import type { Middleware } from 'koa';
import { MSG, SERVER_MSG } from '@exam/shared';
import type { DbOutage } from '../db/outage';
import { AppError, Errors, fromDatabaseError } from '../errors';
import { translateBody } from '../i18n/translator';
import type { Logger } from '../logger';
import { languageOf } from './language';

export const DB_UNAVAILABLE_MSG = SERVER_MSG.unavailable;

/**
 * Known errors become the documented envelope; anything else is logged with its stack and
 * answered with a generic 500 (no stack traces in responses). Every JSON answer's `message` and
 * `errors[].msg` are written in the request's language (middleware/language.ts); English ones
 * stay exactly as the code wrote them.
 */
export function errorHandler(log: Logger, dbOutage?: DbOutage): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && ctx.path.startsWith('/api')) {
        ctx.status = 404;
        ctx.body = { success: false, message: MSG.notFound };
      }
      const translated = translateBody(languageOf(ctx), ctx.body);
      if (translated !== ctx.body) ctx.body = translated;
    } catch (err) {
      // A database outage is a 503 the caller can retry, logged once per outage rather than per request.
      const outage = !(err instanceof AppError) && dbOutage?.failed(err) ? Errors.unavailable(DB_UNAVAILABLE_MSG) : undefined;
      const known = err instanceof AppError ? err : (outage ?? fromDatabaseError(err) ?? fromHttpError(err));
      if (known) {
        ctx.status = known.status;
        if (known.headers) ctx.set(known.headers);
        ctx.body = translateBody(languageOf(ctx), { success: false, message: known.message, ...(known.errors ? { errors: known.errors } : {}) }, known.text);
        return;
      }
      log.error({ err, method: ctx.method, path: ctx.path }, 'unhandled error');
      ctx.status = 500;
      ctx.body = translateBody(languageOf(ctx), { success: false, message: MSG.serverError });
    }
  };
}

/** Errors raised by Koa and koa-body themselves (malformed JSON, body too large). */
function fromHttpError(err: unknown): AppError | undefined {
  const e = err as { status?: unknown; expose?: unknown; message?: unknown } | null;
  if (e && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    const message =
      e.status === 413 ? SERVER_MSG.tooLarge : e.status === 400 || e.status === 415 ? SERVER_MSG.invalidJson : MSG.genericError;
    return new AppError(e.status, 'http', message);
  }
  return undefined;
}
