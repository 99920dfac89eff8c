import type { Middleware } from 'koa';
import type { FileStore } from '../ports/fileStore';
import { avatarKey } from '../services/avatars';
import { questionImageKey } from '../services/questionImages';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves avatars under /uploads/avatars/ and imported questions' pictures under
 * /uploads/questions/ from the file store, so any node answers for a file any other node took.
 * Names are hashes (a change gets a new URL), so a file is cached for a year as immutable. Only
 * those names are public: anything else under /uploads (and later files in the store, such as
 * evidence pictures, which are not public) is a plain 404, never the web app's index.html.
 */
export function serveUploads(files: FileStore): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/uploads/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const key = avatarKey(ctx.path) ?? questionImageKey(ctx.path);
    const file = key ? await files.get(key) : undefined;
    if (!file) {
      ctx.status = 404;
      return;
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
    ctx.etag = key!.slice(key!.lastIndexOf('/') + 1);
    ctx.lastModified = file.createdAt;
    ctx.type = file.contentType;
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = file.bytes;
  };
}
