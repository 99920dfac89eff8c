import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { SERVER_MSG } from '@exam/shared';
import { AppError } from '../errors';

/** What the JSON, form and text parsers decompress (the `inflation` module under co-body). */
const DECODED = new Set(['identity', 'gzip', 'deflate', 'br']);

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * Refuses, with a 415 the caller can read, a body in a Content-Encoding no parser here decodes,
 * before anything reads it: an unknown coding, a list of codings, or any coding on a multipart
 * upload (formidable reads those bytes as they come). The coding's name is matched without regard
 * to case, as HTTP has it.
 */
export function requestEncoding(): Middleware {
  return async (ctx, next) => {
    const raw = ctx.req.headers['content-encoding'];
    if (raw !== undefined && hasBody(ctx.req)) {
      const coding = raw.trim().toLowerCase();
      if (!DECODED.has(coding) || (coding !== 'identity' && ctx.is('multipart'))) {
        throw new AppError(415, 'unsupported-encoding', SERVER_MSG.encodingUnsupported);
      }
      ctx.req.headers['content-encoding'] = coding;
    }
    await next();
  };
}

/**
 * koa-body's `onError`: a body whose bytes are not what its Content-Encoding says (garbage sent
 * as `br`, a cut-off gzip) fails inside zlib with no HTTP status, which used to be a 500; it is
 * the caller's mistake, a 400 that says so. Every other parsing error (malformed JSON, too large)
 * goes on as it was. What is left of the request is read and dropped, so the caller gets the
 * answer rather than a reset connection.
 */
export function rethrowBodyError(err: Error, ctx: Context): never {
  if (!ctx.req.complete) ctx.req.resume();
  const coding = ctx.req.headers['content-encoding'];
  if (typeof (err as { status?: unknown }).status !== 'number' && coding && coding !== 'identity') {
    throw new AppError(400, 'undecodable-body', SERVER_MSG.bodyUndecodable);
  }
  throw err;
}
