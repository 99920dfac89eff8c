import Router from '@koa/router';
import { EXAM_MSG, LTI_MSG } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { viewerOf } from '../../middleware/viewer';
import { STAFF } from '../../policies/people';
import { examGradePosts, examLinks, retryFailedGradePosts } from '../../services/lti/gradeSyncViews';
import { syncRosterNow } from '../../services/lti/roster';

/**
 * The course roster and gradebook of each exam linked from an LMS (docs/lti.md, "The course's
 * students and the gradebook"), for the exam's owner and admins: its links with their roster's
 * last sync, the grade posts and where each stands, a retry of the failed ones, a sync now.
 */
export function ltiServiceRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const staff = auth(deps, STAFF);
  const examId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'examId', EXAM_MSG.examNotFound);

  router.get('/exams/:examId/links', staff, async (ctx) => {
    ctx.body = { success: true, data: { links: await examLinks(deps, await viewerOf(deps, ctx), examId(ctx)) } };
  });

  router.get('/exams/:examId/grade-posts', staff, async (ctx) => {
    ctx.body = { success: true, data: { posts: await examGradePosts(deps, await viewerOf(deps, ctx), examId(ctx)) } };
  });

  router.post('/exams/:examId/grade-posts/retry', staff, async (ctx) => {
    const retried = await retryFailedGradePosts(deps, await viewerOf(deps, ctx), examId(ctx));
    ctx.body = { success: true, message: LTI_MSG.gradesRetried, data: { retried } };
  });

  router.post('/links/:linkId/roster-sync', staff, async (ctx) => {
    const link = await syncRosterNow(deps, await viewerOf(deps, ctx), idParam(ctx, 'linkId', LTI_MSG.rosterLinkNotFound));
    ctx.body = { success: true, data: { link } };
  });

  return router;
}
