import Router from '@koa/router';
import type { Deps } from '../../deps';
import { ADMINS, PARENTS, STUDENTS, TEACHERS } from '../../policies/people';
import { translateMessage, translateTexts } from '../../i18n/translator';
import { auth, currentAuth, type AppState } from '../../middleware/auth';
import { languageOf } from '../../middleware/language';
import { viewerOf } from '../../middleware/viewer';
import { adminDashboard, studentDashboard, teacherDashboard } from '../../services/dashboards';
import { parentDashboard } from '../../services/parentDashboard';

/** One dashboard call per role (docs/dashboards.md); each refuses every other role with a 403. */
export function dashboardRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/dashboard' });

  router.get('/admin', auth(deps, ADMINS), async (ctx) => {
    const data = await adminDashboard(deps);
    const language = languageOf(ctx);
    const nodes = data.systemHealth.nodes.map((n) => ({ ...n, problems: translateTexts(language, n.problems) }));
    ctx.body = { success: true, data: { ...data, systemHealth: { ...data.systemHealth, nodes } } };
  });
  router.get('/teacher', auth(deps, TEACHERS), async (ctx) => {
    const data = await teacherDashboard(deps, currentAuth(ctx).user);
    const language = languageOf(ctx);
    const recentActivity = data.recentActivity.map((a) => ({ ...a, message: translateMessage(language, a.message) }));
    ctx.body = { success: true, data: { ...data, recentActivity } };
  });
  router.get('/student', auth(deps, STUDENTS), async (ctx) => {
    ctx.body = { success: true, data: await studentDashboard(deps, await viewerOf(deps, ctx), languageOf(ctx)) };
  });
  router.get('/parent', auth(deps, PARENTS), async (ctx) => {
    ctx.body = { success: true, data: await parentDashboard(deps, currentAuth(ctx).user, languageOf(ctx)) };
  });
  return router;
}
