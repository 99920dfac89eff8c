import Router from '@koa/router';
import { MARKING_MSG, markingCommentInputSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { COMMENT_BANK_KEEPERS } from '../../policies/markingComments';
import { presentMarkingComment } from '../../presenters/markingComment';
import { createMarkingComment, deleteMarkingComment, listMarkingComments, updateMarkingComment, useMarkingComment } from '../../services/markingComments';

/** A teacher's comment bank: comments saved once and inserted while marking, most used first (issue 55). */
export function markingCommentRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/marking-comments' });
  const keepers = auth(deps, COMMENT_BANK_KEEPERS);
  const commentId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', MARKING_MSG.commentNotFound);

  router.get('/', keepers, async (ctx) => {
    const rows = await listMarkingComments(deps.db, await viewerOf(deps, ctx));
    ctx.body = { success: true, data: { comments: rows.map(presentMarkingComment) } };
  });

  router.post(
    '/',
    keepers,
    validated(markingCommentInputSchema, async (ctx, input) => {
      const row = await createMarkingComment(deps.db, await viewerOf(deps, ctx), input);
      ctx.status = 201;
      ctx.body = { success: true, data: { comment: presentMarkingComment(row) } };
    }),
  );

  router.put(
    '/:id',
    keepers,
    validated(markingCommentInputSchema, async (ctx, input) => {
      const row = await updateMarkingComment(deps.db, await viewerOf(deps, ctx), commentId(ctx), input);
      ctx.body = { success: true, data: { comment: presentMarkingComment(row) } };
    }),
  );

  router.delete('/:id', keepers, async (ctx) => {
    await deleteMarkingComment(deps.db, await viewerOf(deps, ctx), commentId(ctx));
    ctx.body = { success: true };
  });

  router.post('/:id/use', keepers, async (ctx) => {
    const row = await useMarkingComment(deps.db, await viewerOf(deps, ctx), commentId(ctx));
    ctx.body = { success: true, data: { comment: presentMarkingComment(row) } };
  });

  return router;
}
