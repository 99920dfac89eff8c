import Router from '@koa/router';
import { MARKING_MSG, rubricTemplateInputSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { RUBRIC_KEEPERS } from '../../policies/rubrics';
import { presentRubric } from '../../presenters/rubric';
import { createRubric, deleteRubric, getRubric, listRubrics, updateRubric } from '../../services/rubrics';

/** A teacher's library of rubrics, to put on their essay questions (issue 55). */
export function rubricRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/rubrics' });
  const keepers = auth(deps, RUBRIC_KEEPERS);
  const rubricId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', MARKING_MSG.rubricNotFound);

  router.get('/', keepers, async (ctx) => {
    const rows = await listRubrics(deps.db, await viewerOf(deps, ctx));
    ctx.body = { success: true, data: { rubrics: rows.map(presentRubric) } };
  });

  router.post(
    '/',
    keepers,
    validated(rubricTemplateInputSchema, async (ctx, input) => {
      const row = await createRubric(deps.db, await viewerOf(deps, ctx), input);
      ctx.status = 201;
      ctx.body = { success: true, data: { rubric: presentRubric(row) } };
    }),
  );

  router.get('/:id', keepers, async (ctx) => {
    const row = await getRubric(deps.db, await viewerOf(deps, ctx), rubricId(ctx));
    ctx.body = { success: true, data: { rubric: presentRubric(row) } };
  });

  router.put(
    '/:id',
    keepers,
    validated(rubricTemplateInputSchema, async (ctx, input) => {
      const row = await updateRubric(deps.db, await viewerOf(deps, ctx), rubricId(ctx), input);
      ctx.body = { success: true, data: { rubric: presentRubric(row) } };
    }),
  );

  router.delete('/:id', keepers, async (ctx) => {
    await deleteRubric(deps.db, await viewerOf(deps, ctx), rubricId(ctx));
    ctx.body = { success: true };
  });

  return router;
}
