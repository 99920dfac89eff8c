import Router from '@koa/router';
import {
  EXAM_MSG,
  PROCTORING_MSG,
  SESSION_MSG,
  evidenceUploadSchema,
  feedHistoryQuerySchema,
  helpListQuerySchema,
  helpRequestInputSchema,
  waiverInputSchema,
  waiverParamsSchema,
} from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { EVIDENCE_UPLOAD, fileUpload, uploadedFile } from '../../middleware/fileUpload';
import { languageOf } from '../../middleware/language';
import { parseInput, validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { SEB_TARGETS, sebCheck } from '../../middleware/seb';
import { STAFF, STUDENTS } from '../../policies/people';
import { listEvidence, openEvidence, storeEvidence } from '../../services/evidence';
import { listHelpRequests, requestHelp, resolveHelpRequest } from '../../services/helpRequests';
import { proctorFeedHistory } from '../../services/proctorFeedHistory';
import { grantWaiver, listWaivers, revokeWaiver } from '../../services/waivers';

/**
 * Proctoring that sees (issue 58), over REST: evidence pictures of flags, waived checks, students'
 * requests for help, and the board's feed history. Evidence is served here, never with the public
 * uploads, and only to the student it shows, the exam's teacher and the staff of its hall, and admins.
 */
export function proctoringRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const signedIn = auth(deps);
  const staff = auth(deps, STAFF);
  const students = auth(deps, STUDENTS);
  const examId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', EXAM_MSG.examNotFound);
  const attemptId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'attemptId', SESSION_MSG.attemptNotFound);

  router.post('/attempts/:attemptId/evidence', students, sebCheck(deps, SEB_TARGETS.attemptInPath), fileUpload(deps.config.dataDir, EVIDENCE_UPLOAD), async (ctx) => {
    const input = parseInput(evidenceUploadSchema, (ctx.request as { body?: unknown }).body, languageOf(ctx));
    const item = await storeEvidence(deps, await viewerOf(deps, ctx), attemptId(ctx), input, uploadedFile(ctx, EVIDENCE_UPLOAD)?.path);
    ctx.status = 201;
    ctx.body = { success: true, data: { evidence: item } };
  });

  router.get('/attempts/:attemptId/evidence', signedIn, async (ctx) => {
    ctx.body = { success: true, data: { evidence: await listEvidence(deps, await viewerOf(deps, ctx), attemptId(ctx)) } };
  });

  router.get('/evidence/:id', signedIn, async (ctx) => {
    const file = await openEvidence(deps, await viewerOf(deps, ctx), idParam(ctx, 'id', PROCTORING_MSG.evidenceNotFound));
    // A picture of someone's home: never kept by a browser or a proxy, never read as anything but a JPEG.
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'image/jpeg';
    ctx.body = file.bytes;
  });

  router.get('/exams/:id/waivers', staff, async (ctx) => {
    ctx.body = { success: true, data: { waivers: await listWaivers(deps, await viewerOf(deps, ctx), examId(ctx)) } };
  });

  router.put(
    '/exams/:id/waivers/:studentId/:check',
    staff,
    validated(waiverInputSchema, async (ctx, input) => {
      const { studentId, check } = parseInput(waiverParamsSchema, ctx.params, languageOf(ctx));
      const waiver = await grantWaiver(deps, await viewerOf(deps, ctx), examId(ctx), studentId, check, input.reason);
      ctx.body = { success: true, data: { waiver } };
    }),
  );

  router.delete('/exams/:id/waivers/:studentId/:check', staff, async (ctx) => {
    const { studentId, check } = parseInput(waiverParamsSchema, ctx.params, languageOf(ctx));
    await revokeWaiver(deps, await viewerOf(deps, ctx), examId(ctx), studentId, check);
    ctx.body = { success: true };
  });

  router.post(
    '/exams/:id/help',
    students,
    sebCheck(deps, SEB_TARGETS.examInPath),
    validated(helpRequestInputSchema, async (ctx, input) => {
      const request = await requestHelp(deps, await viewerOf(deps, ctx), examId(ctx), input);
      ctx.status = 201;
      ctx.body = { success: true, data: { request } };
    }),
  );

  router.get(
    '/exams/:id/help',
    staff,
    validated(
      helpListQuerySchema,
      async (ctx, q) => {
        ctx.body = { success: true, data: { requests: await listHelpRequests(deps, await viewerOf(deps, ctx), examId(ctx), q.status) } };
      },
      'query',
    ),
  );

  router.post('/help/:id/resolve', staff, async (ctx) => {
    const request = await resolveHelpRequest(deps, await viewerOf(deps, ctx), idParam(ctx, 'id'));
    ctx.body = { success: true, data: { request } };
  });

  router.get(
    '/exams/:id/proctor-feed',
    staff,
    validated(
      feedHistoryQuerySchema,
      async (ctx, q) => {
        ctx.body = { success: true, data: await proctorFeedHistory(deps, await viewerOf(deps, ctx), examId(ctx), q) };
      },
      'query',
    ),
  );

  return router;
}
