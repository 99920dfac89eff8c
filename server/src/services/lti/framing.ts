import type { Middleware } from 'koa';
import type { Db } from '../../db';
import type { Deps } from '../../deps';

/**
 * Who may frame the web app: nobody (frame-ancestors 'none'), except the LMSs the school
 * registered, whose course pages show an exam in an iframe. Their origins (each active platform's
 * issuer and authorisation URL) are read at most every 30 s per node, and at once after a
 * platform is added, changed or removed on this node (platformAdmin.ts calls `forgetFramingOrigins`). The same origins
 * may receive the form the deep-linking page posts back to the LMS (form-action).
 */
export const FRAMING_CACHE_MS = 30_000;

interface Cached {
  origins: string[];
  /** When the list was last read (0: never, or forgotten). */
  at: number;
  pending?: Promise<void>;
}
/** One list per database (a node's, or a test server's). */
const caches = new WeakMap<Db, Cached>();

function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hosted Canvas names every school by one issuer (canvas.instructure.com, and its beta and test
 * twins) while its course pages are on each school's own `*.instructure.com`: those may frame us.
 */
const HOSTED_CANVAS = /^https:\/\/canvas(?:\.beta|\.test)?\.instructure\.com$/;

async function readOrigins(deps: Deps): Promise<string[]> {
  const rows = (await deps.db('lti_platforms').where({ active: true }).select('issuer', 'auth_login_url')) as { issuer: string; auth_login_url: string }[];
  const origins = rows
    .flatMap((r) => {
      const issuer = originOf(r.issuer);
      return [issuer, originOf(r.auth_login_url), issuer && HOSTED_CANVAS.test(issuer) ? 'https://*.instructure.com' : undefined];
    })
    .filter((o): o is string => !!o);
  return [...new Set(origins)].sort();
}

/**
 * The origins of the active platforms. A stale copy is answered while it is read again in the
 * background; only a list never read (or just forgotten) is waited for. A database that cannot
 * answer keeps the last list, tried again 30 s later: pages never wait on an outage for it.
 */
export async function framingOrigins(deps: Deps): Promise<string[]> {
  let entry = caches.get(deps.db);
  if (!entry) caches.set(deps.db, (entry = { origins: [], at: 0 }));
  const cached = entry;
  if (Date.now() - cached.at >= FRAMING_CACHE_MS && !cached.pending) {
    cached.pending = readOrigins(deps)
      .then(
        (origins) => void (cached.origins = origins),
        () => undefined,
      )
      .finally(() => {
        cached.at = Date.now();
        cached.pending = undefined;
      });
  }
  if (cached.at === 0 && cached.pending) await cached.pending;
  return cached.origins;
}

/** Call after a platform is added, changed or removed, so its course pages may frame the app at once. */
export function forgetFramingOrigins(db: Db): void {
  const cached = caches.get(db);
  if (cached) cached.at = 0;
}

/**
 * The security headers' framing and form targets, widened to the registered LMSs (after helmet
 * has set them).
 */
export function lmsFraming(deps: Deps): Middleware {
  return async (ctx, next) => {
    const origins = await framingOrigins(deps);
    const csp = ctx.response.get('Content-Security-Policy');
    if (origins.length && csp) {
      const list = origins.join(' ');
      ctx.set(
        'Content-Security-Policy',
        csp
          .replace(/(^|;)\s*frame-ancestors [^;]*/, `$1frame-ancestors 'self' ${list}`)
          .replace(/(^|;)\s*form-action ([^;]*)/, `$1form-action $2 ${list}`),
      );
      // frame-ancestors decides where it is understood; X-Frame-Options cannot name several origins.
      ctx.remove('X-Frame-Options');
    }
    await next();
  };
}
