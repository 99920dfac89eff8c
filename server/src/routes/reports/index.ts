import Router from '@koa/router';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { viewerOf } from '../../middleware/viewer';
import { REPORT_MSG } from '@exam/shared';
import { progressReport } from '../../services/progressReport';

export function reportRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/reports' });
  router.get('/student/:studentId/progress', auth(deps), async (ctx) => {
    const data = await progressReport(deps, await viewerOf(deps, ctx), idParam(ctx, 'studentId', REPORT_MSG.notFound));
    ctx.body = { success: true, data };
  });
  return router;
}
