import { unlink } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { AVATAR_MAX_BYTES, PROFILE_MSG } from '@exam/shared';
import { AppError, Errors } from '../../errors';

/** Where uploads are spooled while they stream in (same disk as their destination). */
export const uploadSpoolDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

/** formidable's codes for a file over maxFileSize / maxTotalFileSize. */
const TOO_LARGE = new Set([1009, 1016]);

/**
 * Multipart parsing for the one route that takes a file. formidable counts the bytes as they
 * stream in and stops at 5 MB, so an oversized upload is refused before it is read whole, and
 * never reaches memory (it is spooled to a temporary file, removed after the handler).
 */
export function avatarUpload(dataDir: string) {
  const spool = uploadSpoolDir(dataDir);
  mkdirSync(spool, { recursive: true });
  return async (ctx: Context, next: Next) => {
    // Every temporary file formidable opens, including one abandoned half-way by the size limit.
    const opened: string[] = [];
    try {
      await parser(spool, opened)(ctx, next);
    } finally {
      await Promise.all(opened.map((p) => unlink(p).catch(() => undefined)));
    }
  };
}

/** A parser per request, so the files it opens are known to that request alone. */
function parser(spool: string, opened: string[]) {
  return koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    parsedMethods: [HttpMethodEnum.PUT, HttpMethodEnum.POST],
    formidable: {
      uploadDir: spool,
      maxFiles: 1,
      maxFileSize: AVATAR_MAX_BYTES,
      maxTotalFileSize: AVATAR_MAX_BYTES,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
      keepExtensions: false,
      onFileBegin: (_name, file) => {
        opened.push(file.filepath);
      },
    },
    onError(err) {
      const code = (err as { code?: number }).code;
      if (code !== undefined && TOO_LARGE.has(code)) throw Errors.badRequest(PROFILE_MSG.avatarTooLarge, 'avatar');
      if (code === 1015) throw Errors.badRequest(PROFILE_MSG.oneFileOnly, 'avatar');
      if (code === 1010) throw Errors.badRequest(PROFILE_MSG.avatarInvalidType, 'avatar');
      throw err instanceof AppError ? err : Errors.badRequest(PROFILE_MSG.formUnreadable);
    },
  });
}

/** The uploaded avatar's temporary path, if one was sent. */
export function uploadedAvatar(ctx: Context): string | undefined {
  const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
  const f = files.avatar;
  if (Array.isArray(f)) throw Errors.badRequest(PROFILE_MSG.oneFileOnly, 'avatar');
  return (f as { filepath?: string } | undefined)?.filepath;
}
