import Router from '@koa/router';
import type { Context } from 'koa';
import { EXAM_MSG, USER_MSG, accommodationSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { ACCOMMODATION_KEEPERS } from '../../policies/accommodations';
import { listExamAccommodations, removeExamAccommodation, removeStudentAccommodation, setExamAccommodation, setStudentAccommodation, studentAccommodation } from '../../services/accommodations';

/** A student's accommodations (issue 56): their standing one, and an exam's own for them (docs/accommodations.md). */
export function accommodationRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const keepers = auth(deps, ACCOMMODATION_KEEPERS);
  const userId = (ctx: Context) => idParam(ctx, 'id', USER_MSG.userNotFound);
  const examId = (ctx: Context) => idParam(ctx, 'id', EXAM_MSG.examNotFound);
  const studentId = (ctx: Context) => idParam(ctx, 'studentId', USER_MSG.userNotFound);

  router.get('/users/:id/accommodations', keepers, async (ctx) => {
    ctx.body = { success: true, data: await studentAccommodation(deps, userId(ctx)) };
  });

  router.put(
    '/users/:id/accommodations',
    keepers,
    validated(accommodationSchema, async (ctx, input) => {
      ctx.body = { success: true, data: await setStudentAccommodation(deps, await viewerOf(deps, ctx), userId(ctx), input) };
    }),
  );

  router.delete('/users/:id/accommodations', keepers, async (ctx) => {
    ctx.body = { success: true, data: await removeStudentAccommodation(deps, userId(ctx)) };
  });

  router.get('/exams/:id/accommodations', keepers, async (ctx) => {
    ctx.body = { success: true, data: { accommodations: await listExamAccommodations(deps, await viewerOf(deps, ctx), examId(ctx)) } };
  });

  router.put(
    '/exams/:id/accommodations/:studentId',
    keepers,
    validated(accommodationSchema, async (ctx, input) => {
      ctx.body = { success: true, data: await setExamAccommodation(deps, await viewerOf(deps, ctx), examId(ctx), studentId(ctx), input) };
    }),
  );

  router.delete('/exams/:id/accommodations/:studentId', keepers, async (ctx) => {
    ctx.body = { success: true, data: await removeExamAccommodation(deps, await viewerOf(deps, ctx), examId(ctx), studentId(ctx)) };
  });

  return router;
}
