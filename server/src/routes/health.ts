import Router from '@koa/router';
import type { Deps } from '../deps';
import type { AppState } from '../middleware/auth';

/** Liveness says the process answers; readiness says it can do its work (database, Redis). */
export function healthRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', (ctx) => {
    ctx.body = { success: true, data: { status: 'ok', uptime: process.uptime() } };
  });
  router.get('/ready', async (ctx) => {
    const checks: Record<string, 'ok' | 'fail'> = {};
    checks.database = await deps.db
      .raw('select 1')
      .then(() => 'ok' as const)
      .catch(() => 'fail' as const);
    if (deps.redis) {
      checks.redis = await withTimeout(deps.redis.ping(), 1000)
        .then(() => 'ok' as const)
        .catch(() => 'fail' as const);
    }
    const ready = Object.values(checks).every((c) => c === 'ok');
    ctx.status = ready ? 200 : 503;
    ctx.body = ready
      ? { success: true, data: { status: 'ready', checks } }
      : { success: false, message: 'Service not ready', data: { status: 'not-ready', checks } };
  });
  return router;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}
