import { unlink } from 'node:fs/promises';
import os from 'node:os';
import type { Context, Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { AVATAR_MAX_BYTES, PROFILE_MSG } from '@exam/shared';
import { AppError, Errors } from '../../errors';

/** formidable's codes for a file over maxFileSize / maxTotalFileSize. */
const TOO_LARGE = new Set([1009, 1016]);

/**
 * Multipart parsing for the one route that takes a file. formidable counts the bytes as they
 * stream in and stops at 5 MB, so an oversized upload is refused before it is read whole, and
 * never reaches memory (it is spooled to a temporary file, removed after the handler).
 */
export function avatarUpload() {
  const parse = koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    parsedMethods: [HttpMethodEnum.PUT, HttpMethodEnum.POST],
    formidable: {
      uploadDir: os.tmpdir(),
      maxFiles: 1,
      maxFileSize: AVATAR_MAX_BYTES,
      maxTotalFileSize: AVATAR_MAX_BYTES,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
      keepExtensions: false,
    },
    onError(err) {
      const code = (err as { code?: number }).code;
      if (code !== undefined && TOO_LARGE.has(code)) throw Errors.badRequest(PROFILE_MSG.avatarTooLarge, 'avatar');
      if (code === 1015) throw Errors.badRequest('Only one file can be uploaded.', 'avatar');
      if (code === 1010) throw Errors.badRequest(PROFILE_MSG.avatarInvalidType, 'avatar');
      throw err instanceof AppError ? err : Errors.badRequest('The form could not be read.');
    },
  });
  return async (ctx: Context, next: Next) => {
    try {
      await parse(ctx, next);
    } finally {
      const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
      for (const f of Object.values(files).flat()) {
        const p = (f as { filepath?: string }).filepath;
        if (p) await unlink(p).catch(() => undefined);
      }
    }
  };
}

/** The uploaded avatar's temporary path, if one was sent. */
export function uploadedAvatar(ctx: Context): string | undefined {
  const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
  const f = files.avatar;
  if (Array.isArray(f)) throw Errors.badRequest('Only one file can be uploaded.', 'avatar');
  return (f as { filepath?: string } | undefined)?.filepath;
}
