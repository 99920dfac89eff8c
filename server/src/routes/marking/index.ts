import Router from '@koa/router';
import { EXAM_MSG, MARKING_MSG } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { viewerOf } from '../../middleware/viewer';
import { STAFF } from '../../policies/people';
import { markingOverview, questionMarking } from '../../services/markingByQuestion';

/** Marking by question: one question, every submitted attempt's answer in turn (issue 55). */
export function markingRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/exams' });
  // Who may mark is who may grade: the exam's editors (services/exams getExamFor 'update').
  const staff = auth(deps, STAFF);

  router.get('/:id/marking', staff, async (ctx) => {
    const examId = idParam(ctx, 'id', EXAM_MSG.examNotFound);
    ctx.body = { success: true, data: await markingOverview(deps.db, await viewerOf(deps, ctx), examId) };
  });

  router.get('/:id/marking/questions/:questionId', staff, async (ctx) => {
    const examId = idParam(ctx, 'id', EXAM_MSG.examNotFound);
    const questionId = idParam(ctx, 'questionId', MARKING_MSG.questionNotMarked);
    ctx.body = { success: true, data: await questionMarking(deps.db, await viewerOf(deps, ctx), examId, questionId) };
  });

  return router;
}
