import Router from '@koa/router';
import { EXAM_MSG, questionInputSchema, questionListQuerySchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { STAFF } from '../../policies/people';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { presentQuestion } from '../../presenters/question';
import * as questions from '../../services/questions';

/** The question bank: teachers' own questions, admins' view of all. */
export function questionRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/questions' });
  const staff = auth(deps, STAFF);

  router.get(
    '/',
    staff,
    validated(
      questionListQuerySchema,
      async (ctx, query) => {
        const { rows, total } = await questions.listQuestions(deps.db, await viewerOf(deps, ctx), query);
        ctx.body = {
          success: true,
          data: { questions: rows.map(presentQuestion), currentPage: query.page, total, totalPages: Math.ceil(total / query.limit) },
        };
      },
      'query',
    ),
  );

  router.post(
    '/',
    staff,
    validated(questionInputSchema, async (ctx, input) => {
      const [row] = await questions.insertQuestions(deps.db, (await viewerOf(deps, ctx)).user.id, [input]);
      ctx.status = 201;
      ctx.body = { success: true, message: EXAM_MSG.questionCreated, data: { question: presentQuestion(row!) } };
    }),
  );

  router.get('/:id', staff, async (ctx) => {
    const row = await questions.getOwnedQuestion(deps.db, await viewerOf(deps, ctx), idParam(ctx, 'id', 'Question not found.'), 'read');
    ctx.body = { success: true, data: { question: presentQuestion(row) } };
  });

  router.put(
    '/:id',
    staff,
    validated(questionInputSchema, async (ctx, input) => {
      const row = await questions.updateQuestion(deps.db, await viewerOf(deps, ctx), idParam(ctx, 'id', 'Question not found.'), input);
      ctx.body = { success: true, message: EXAM_MSG.questionUpdated, data: { question: presentQuestion(row) } };
    }),
  );

  router.delete('/:id', staff, async (ctx) => {
    await questions.deleteQuestion(deps.db, await viewerOf(deps, ctx), idParam(ctx, 'id', 'Question not found.'));
    ctx.body = { success: true, message: EXAM_MSG.questionDeleted };
  });

  return router;
}
