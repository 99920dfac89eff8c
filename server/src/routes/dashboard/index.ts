import Router from '@koa/router';
import type { Deps } from '../../deps';
import { auth, currentAuth, type AppState } from '../../middleware/auth';
import { viewerOf } from '../../middleware/viewer';
import { adminDashboard, parentDashboard, studentDashboard, teacherDashboard } from '../../services/dashboards';

/** One dashboard call per role (surroundings §7); each refuses every other role with a 403. */
export function dashboardRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/dashboard' });

  router.get('/admin', auth(deps, ['admin']), async (ctx) => {
    ctx.body = { success: true, data: await adminDashboard(deps) };
  });
  router.get('/teacher', auth(deps, ['teacher']), async (ctx) => {
    ctx.body = { success: true, data: await teacherDashboard(deps, currentAuth(ctx).user) };
  });
  router.get('/student', auth(deps, ['student']), async (ctx) => {
    ctx.body = { success: true, data: await studentDashboard(deps, await viewerOf(deps, ctx)) };
  });
  router.get('/parent', auth(deps, ['parent']), async (ctx) => {
    ctx.body = { success: true, data: await parentDashboard(deps, currentAuth(ctx).user) };
  });
  return router;
}
