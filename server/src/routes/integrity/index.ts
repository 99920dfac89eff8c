import Router from '@koa/router';
import { EXAM_MSG, INTEGRITY_MSG, SESSION_MSG, flagDecisionInputSchema, outcomeInputSchema, reviewQueueQuerySchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { STAFF } from '../../policies/people';
import { decideFlag, decideOutcome } from '../../services/integrity/decisions';
import { reviewQueue } from '../../services/integrity/queue';
import { attemptTimeline } from '../../services/integrity/timeline';

/** The integrity review: attempt timelines, decisions on flags and outcomes, an exam's review queue (issue 53). */
export function integrityRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const signedIn = auth(deps);
  const staff = auth(deps, STAFF);
  const attemptId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'attemptId', SESSION_MSG.attemptNotFound);
  // A flag is named by its event's id (a bigint, as text): anything else names no flag.
  const eventId = (ctx: Parameters<typeof idParam>[0]) => {
    const value = (ctx as unknown as { params: Record<string, string> }).params.eventId ?? '';
    if (!/^[1-9]\d{0,17}$/.test(value)) throw Errors.notFound(INTEGRITY_MSG.flagNotFound);
    return value;
  };

  router.get('/attempts/:attemptId/timeline', signedIn, async (ctx) => {
    ctx.body = { success: true, data: await attemptTimeline(deps, await viewerOf(deps, ctx), attemptId(ctx)) };
  });

  router.post(
    '/attempts/:attemptId/flags/:eventId/decision',
    staff,
    validated(flagDecisionInputSchema, async (ctx, input) => {
      ctx.body = { success: true, data: await decideFlag(deps, await viewerOf(deps, ctx), attemptId(ctx), eventId(ctx), input) };
    }),
  );

  router.post(
    '/attempts/:attemptId/outcome',
    staff,
    validated(outcomeInputSchema, async (ctx, input) => {
      ctx.body = { success: true, data: await decideOutcome(deps, await viewerOf(deps, ctx), attemptId(ctx), input) };
    }),
  );

  router.get(
    '/exams/:id/review-queue',
    staff,
    validated(
      reviewQueueQuerySchema,
      async (ctx, query) => {
        ctx.body = { success: true, data: await reviewQueue(deps, await viewerOf(deps, ctx), idParam(ctx, 'id', EXAM_MSG.examNotFound), query) };
      },
      'query',
    ),
  );

  return router;
}
