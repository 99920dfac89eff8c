import Router from '@koa/router';
import { addChildSchema, adminLinkSchema, childRangeQuerySchema, PARENT_MSG } from '@exam/shared';
import type { Deps } from '../../deps';
import { ADMINS, PARENTS, STUDENTS } from '../../policies/people';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { parseInput, validated } from '../../middleware/validate';
import { languageOf } from '../../middleware/language';
import { viewerOf } from '../../middleware/viewer';
import { childExams, childProgress, childResults, listChildren } from '../../services/parentArea';
import { parentAreaDashboard } from '../../services/parentDashboard';
import { adminLink, pendingRequests, removeChildLink, requestChildLink, respondToRequest } from '../../services/parentLinks';

/**
 * The parent area (the /parent/* calls of docs/api.md), the student's answers to link requests, and
 * the admin's direct link. Every child call goes through an accepted link (services/parentArea).
 */
export function parentRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/parent' });
  const parent = auth(deps, PARENTS);
  const student = auth(deps, STUDENTS);
  const childId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', PARENT_MSG.childNotFound);
  const range = (ctx: Parameters<typeof idParam>[0]) => parseInput(childRangeQuerySchema, ctx.query, languageOf(ctx)).range;

  router.post(
    '/add-child',
    parent,
    validated(addChildSchema, async (ctx, input) => {
      const link = await requestChildLink(deps, currentAuth(ctx).user, input);
      ctx.status = 201;
      ctx.body = { success: true, message: PARENT_MSG.requestSent, data: { linkId: link.id, childId: link.child_id, linkStatus: link.status } };
    }),
  );

  router.get('/dashboard', parent, async (ctx) => {
    ctx.body = { success: true, data: await parentAreaDashboard(deps, currentAuth(ctx).user) };
  });

  router.get('/children', parent, async (ctx) => {
    const { children } = await listChildren(deps, currentAuth(ctx).user);
    ctx.body = { success: true, data: { children } };
  });

  router.delete('/child/:id/remove', parent, async (ctx) => {
    await removeChildLink(deps, currentAuth(ctx).user, childId(ctx));
    ctx.body = { success: true, message: PARENT_MSG.childRemoved };
  });

  router.get('/child/:id/progress', parent, async (ctx) => {
    const id = childId(ctx);
    const r = range(ctx);
    ctx.body = { success: true, data: await childProgress(deps, await viewerOf(deps, ctx), id, r) };
  });

  router.get('/child/:id/exams', parent, async (ctx) => {
    const id = childId(ctx);
    const r = range(ctx);
    ctx.body = { success: true, data: await childExams(deps, await viewerOf(deps, ctx), id, r) };
  });

  router.get('/child/:id/results', parent, async (ctx) => {
    const id = childId(ctx);
    const r = range(ctx);
    ctx.body = { success: true, data: await childResults(deps, await viewerOf(deps, ctx), id, r) };
  });

  // The child's own view of who asked to follow them.
  router.get('/requests', student, async (ctx) => {
    ctx.body = { success: true, data: { requests: await pendingRequests(deps, currentAuth(ctx).user) } };
  });

  for (const answer of ['accept', 'decline'] as const) {
    router.post(`/requests/:id/${answer}`, student, async (ctx) => {
      await respondToRequest(deps, currentAuth(ctx).user, idParam(ctx, 'id', PARENT_MSG.requestNotFound), answer);
      ctx.body = { success: true, message: answer === 'accept' ? PARENT_MSG.accepted : PARENT_MSG.declined };
    });
  }

  router.post(
    '/links',
    auth(deps, ADMINS),
    validated(adminLinkSchema, async (ctx, input) => {
      const link = await adminLink(deps, input);
      ctx.status = 201;
      ctx.body = { success: true, message: PARENT_MSG.linked, data: { linkId: link.id, linkStatus: link.status } };
    }),
  );

  return router;
}
