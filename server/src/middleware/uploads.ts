import type { Middleware } from 'koa';
import send from 'koa-send';
import { uploadsDir } from '../services/avatars';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Serves stored uploads under /uploads. Names are content hashes (a change gets a new URL), so a
 * file is cached for a year as immutable. Only files we wrote are served: no directory listing,
 * no dot files, and a missing file is a plain 404 (never the web app's index.html).
 */
export function serveUploads(dataDir: string): Middleware {
  const root = uploadsDir(dataDir);
  return async (ctx, next) => {
    if (!ctx.path.startsWith('/uploads/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const rel = ctx.path.slice('/uploads/'.length);
    if (!/^avatars\/[0-9a-f]{32}\.webp$/.test(rel)) {
      ctx.status = 404;
      return;
    }
    try {
      await send(ctx, rel, { root, immutable: true, maxage: YEAR_SECONDS * 1000 });
    } catch {
      ctx.status = 404;
      return;
    }
    ctx.set('X-Content-Type-Options', 'nosniff');
  };
}
