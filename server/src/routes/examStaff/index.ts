import Router from '@koa/router';
import { EXAM_MSG, EXAM_STAFF_MSG, examStaffUpdateSchema, staffCandidatesQuerySchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { STAFF } from '../../policies/people';
import { hallStudents, listStaff, myStaff, putStaff, removeStaff, staffCandidates } from '../../services/examStaff';

/**
 * The teachers who share an exam's hall as its proctors and reviewers (issue 53). The owner and
 * admins manage them; the staff read the list and their own part of the hall.
 */
export function examStaffRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const staff = auth(deps, STAFF);
  const examId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', EXAM_MSG.examNotFound);
  const userId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'userId', EXAM_STAFF_MSG.teacherNotFound);

  router.get('/exams/:id/staff', staff, async (ctx) => {
    ctx.body = { success: true, data: { staff: await listStaff(deps, await viewerOf(deps, ctx), examId(ctx)) } };
  });

  router.get('/exams/:id/staff/me', staff, async (ctx) => {
    ctx.body = { success: true, data: await myStaff(deps, await viewerOf(deps, ctx), examId(ctx)) };
  });

  router.get('/exams/:id/staff/students', staff, async (ctx) => {
    ctx.body = { success: true, data: { students: await hallStudents(deps, await viewerOf(deps, ctx), examId(ctx)) } };
  });

  router.get(
    '/exams/:id/staff/candidates',
    staff,
    validated(
      staffCandidatesQuerySchema,
      async (ctx, { q }) => {
        ctx.body = { success: true, data: { candidates: await staffCandidates(deps, await viewerOf(deps, ctx), examId(ctx), q) } };
      },
      'query',
    ),
  );

  router.put(
    '/exams/:id/staff/:userId',
    staff,
    validated(examStaffUpdateSchema, async (ctx, input) => {
      const member = await putStaff(deps, await viewerOf(deps, ctx), examId(ctx), userId(ctx), input);
      ctx.body = { success: true, data: { member } };
    }),
  );

  router.delete('/exams/:id/staff/:userId', staff, async (ctx) => {
    await removeStaff(deps, await viewerOf(deps, ctx), examId(ctx), userId(ctx));
    ctx.body = { success: true };
  });

  return router;
}
