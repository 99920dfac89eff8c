import { unlink } from 'node:fs/promises';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { AVATAR_MAX_BYTES, MAX_EVIDENCE_BYTES, MAX_IMPORT_BYTES, PROCTORING_MSG, PROFILE_MSG } from '@exam/shared';
import { AppError, Errors, withValues, type ErrorText } from '../errors';

/** Where uploads are spooled while they stream in (same disk as their destination). */
export const uploadSpoolDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

/** formidable's codes for a file over maxFileSize / maxTotalFileSize. */
const TOO_LARGE = new Set([1009, 1016]);

/** One route's file upload: its field, its size limit and the texts of its refusals. */
export interface UploadRules {
  field: string;
  maxBytes: number;
  /** 400 for a file over maxBytes (413 when `tooLargeStatus` says so). */
  tooLarge: ErrorText;
  tooLargeStatus?: 400 | 413;
  oneFileOnly: string;
  invalidType?: string;
  unreadable: string;
}

export const AVATAR_UPLOAD: UploadRules = {
  field: 'avatar',
  maxBytes: AVATAR_MAX_BYTES,
  tooLarge: PROFILE_MSG.avatarTooLarge,
  oneFileOnly: PROFILE_MSG.oneFileOnly,
  invalidType: PROFILE_MSG.avatarInvalidType,
  unreadable: PROFILE_MSG.formUnreadable,
};

export const QUESTION_FILE_UPLOAD: UploadRules = {
  field: 'file',
  maxBytes: MAX_IMPORT_BYTES,
  tooLarge: withValues('interop.fileTooLarge', { max: MAX_IMPORT_BYTES / (1024 * 1024) }),
  tooLargeStatus: 413,
  oneFileOnly: PROFILE_MSG.oneFileOnly,
  unreadable: PROFILE_MSG.formUnreadable,
};

/** One evidence picture of a flag (at most 60 KB; its JPEG type is judged by its bytes after the upload). */
export const EVIDENCE_UPLOAD: UploadRules = {
  field: 'picture',
  maxBytes: MAX_EVIDENCE_BYTES,
  tooLarge: PROCTORING_MSG.evidenceTooLarge,
  oneFileOnly: PROFILE_MSG.oneFileOnly,
  invalidType: PROCTORING_MSG.evidenceNotJpeg,
  unreadable: PROFILE_MSG.formUnreadable,
};

/**
 * Multipart parsing for a route that takes a file. formidable counts the bytes as they stream in
 * and stops at the route's limit, so an oversized upload is refused before it is read whole, and
 * never reaches memory (it is spooled to a temporary file, removed after the handler).
 */
export function fileUpload(dataDir: string, rules: UploadRules) {
  const spool = uploadSpoolDir(dataDir);
  mkdirSync(spool, { recursive: true });
  return async (ctx: Context, next: Next) => {
    const spooled = new SpoolFiles();
    try {
      await parser(spool, spooled, rules)(ctx, next);
    } finally {
      await spooled.removeAll();
      // A refusal can leave the request paused half-read (formidable stops reading mid-write):
      // read the rest and drop it, so the browser gets the 400 instead of a reset connection.
      if (!ctx.req.complete) ctx.req.resume();
    }
  };
}

/**
 * Every temporary file of one request, opened by us rather than by formidable, so each can be
 * closed and removed whatever the outcome. formidable opens a file after announcing it, even the
 * one past `maxFiles` that it has just refused, and removing it by name then raced its opening:
 * a refused two-file upload left that file in the spool for good (and its descriptor open).
 */
class SpoolFiles {
  private readonly streams: WriteStream[] = [];
  private removed = false;

  open(filepath: string): WriteStream {
    const stream = createWriteStream(filepath);
    // formidable listens for errors too; this one only keeps a late failure from going unhandled.
    stream.on('error', () => undefined);
    this.streams.push(stream);
    if (this.removed) void SpoolFiles.remove(stream);
    return stream;
  }

  async removeAll(): Promise<void> {
    this.removed = true;
    await Promise.all(this.streams.map((s) => SpoolFiles.remove(s)));
  }

  /** Closed first (waiting for an open still under way), then unlinked, so nothing recreates it. */
  private static async remove(stream: WriteStream): Promise<void> {
    if (!stream.closed) {
      await new Promise<void>((resolve) => {
        stream.once('close', () => resolve());
        stream.destroy();
      });
    }
    await unlink(stream.path).catch(() => undefined);
  }
}

/** A parser per request, so the files it opens are known to that request alone. */
function parser(spool: string, spooled: SpoolFiles, rules: UploadRules) {
  return koaBody({
    multipart: true,
    urlencoded: false,
    json: false,
    text: false,
    parsedMethods: [HttpMethodEnum.PUT, HttpMethodEnum.POST],
    formidable: {
      uploadDir: spool,
      maxFiles: 1,
      maxFileSize: rules.maxBytes,
      maxTotalFileSize: rules.maxBytes,
      maxFields: 20,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
      keepExtensions: false,
      fileWriteStreamHandler: (file) => spooled.open((file as unknown as { filepath: string }).filepath),
    },
    onError(err) {
      const code = (err as { code?: number }).code;
      if (code !== undefined && TOO_LARGE.has(code)) {
        if (rules.tooLargeStatus === 413) throw Errors.payloadTooLarge(rules.tooLarge);
        throw Errors.badRequest(rules.tooLarge, rules.field);
      }
      if (code === 1015) throw Errors.badRequest(rules.oneFileOnly, rules.field);
      if (code === 1010) throw Errors.badRequest(rules.invalidType ?? rules.unreadable, rules.field);
      throw err instanceof AppError ? err : Errors.badRequest(rules.unreadable);
    },
  });
}

/** The uploaded file's temporary path (and its name as sent), if one was sent in the rules' field. */
export function uploadedFile(ctx: Context, rules: UploadRules): { path: string; name: string } | undefined {
  const files = (ctx.request as { files?: Record<string, unknown> }).files ?? {};
  const f = files[rules.field];
  if (Array.isArray(f)) throw Errors.badRequest(rules.oneFileOnly, rules.field);
  const file = f as { filepath?: string; originalFilename?: string | null } | undefined;
  return file?.filepath ? { path: file.filepath, name: file.originalFilename ?? '' } : undefined;
}
