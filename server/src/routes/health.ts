import Router from '@koa/router';
import { SERVER_MSG } from '@exam/shared';
import type { Deps } from '../deps';
import type { AppState } from '../middleware/auth';
import type { RedisStatus } from '../ports/redis';
import { withStatementDeadline } from '../db/deadlines';

/** How long readiness waits for the database's answer: a load balancer's check must not hang with it. */
const READY_DB_MS = 2000;

/** Redis as the health payloads report it: null when this deployment runs without Redis. */
export function redisHealth(deps: Deps): RedisStatus | null {
  return deps.redisLink?.status() ?? null;
}

/**
 * Liveness says the process answers; readiness says it can do its work. The database is required;
 * Redis is not (a node serves through an outage, docs/operations.md), so Redis down makes the node
 * "degraded", still 200: taking every node out of a load balancer because the one shared Redis
 * is down would turn a degraded service into none.
 */
export function healthRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/health', (ctx) => {
    ctx.body = { success: true, data: { status: 'ok', uptime: process.uptime(), redis: redisHealth(deps) } };
  });
  router.get('/ready', async (ctx) => {
    const checks: Record<string, 'ok' | 'fail'> = {};
    // During a declared outage the tracker's own probe says when it ends; a failed check here
    // declares one (a hung database included: its deadline counts as unavailable).
    checks.database = deps.dbOutage.down
      ? 'fail'
      : await withStatementDeadline(READY_DB_MS, () => deps.db.raw('select 1')).then(
          () => 'ok' as const,
          (err: unknown) => {
            deps.dbOutage.failed(err);
            return 'fail' as const;
          },
        );
    if (deps.redis) {
      checks.redis = await withTimeout(deps.redis.ping(), 1000)
        .then(() => 'ok' as const)
        .catch(() => 'fail' as const);
    }
    const ready = checks.database === 'ok';
    const status = !ready ? 'not-ready' : checks.redis === 'fail' ? 'degraded' : 'ready';
    const data = { status, checks, redis: redisHealth(deps) };
    ctx.status = ready ? 200 : 503;
    ctx.body = ready ? { success: true, data } : { success: false, message: SERVER_MSG.notReady, data };
  });
  return router;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);
}
