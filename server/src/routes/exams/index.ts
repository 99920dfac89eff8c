import Router from '@koa/router';
import { EXAM_ARCHIVED_MSG, EXAM_MSG, addQuestionsSchema, audienceZonesSchema, consentAcceptSchema, examCreateSchema, examListQuerySchema, examUpdateSchema, releaseResultsSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { managesExam } from '../../policies/exams';
import { STAFF, STUDENTS, sitsExams } from '../../policies/people';
import { auth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { SEB_TARGETS, sebCheck } from '../../middleware/seb';
import { presentExam, presentExamListItem } from '../../presenters/exam';
import { presentQuestion } from '../../presenters/question';
import { findExam, listExams } from '../../services/examCatalogue';
import { inProgressAttempt, joinData, questionsForAttempt } from '../../services/attempts';
import { consentStatus, giveConsent } from '../../services/consents';
import { notifyExamPublished } from '../../services/examNotifications';
import { getPlatformSettings } from '../../services/platformSettings';
import { audienceZones } from '../../services/audienceZones';
import { releasePreview, releaseResults } from '../../services/resultRelease';
import { examStats, exportCsv, latestResult } from '../../services/results';
import { withStatementDeadline } from '../../db/deadlines';
import * as exams from '../../services/exams';
import { respondWithStartedAttempt } from '../submissions';

/** The exams calls (docs/api.md). */
export function examRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/exams' });
  const signedIn = auth(deps);
  const staff = auth(deps, STAFF);
  const examId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', EXAM_MSG.examNotFound);

  router.get(
    '/',
    signedIn,
    validated(
      examListQuerySchema,
      async (ctx, query) => {
        const viewer = await viewerOf(deps, ctx);
        const page = await listExams(deps.db, viewer, query);
        const now = Date.now();
        ctx.body = {
          success: true,
          data: {
            exams: page.rows.map((r) => presentExamListItem(r, viewer, now)),
            currentPage: query.page,
            total: page.total,
            totalPages: Math.ceil(page.total / query.limit),
            stats: page.stats,
          },
        };
      },
      'query',
    ),
  );

  router.post(
    '/',
    staff,
    validated(examCreateSchema, async (ctx, input) => {
      const viewer = await viewerOf(deps, ctx);
      const given = (ctx.request as { body?: { settings?: { proctoring?: Record<string, unknown> } } }).body?.settings?.proctoring;
      const id = await exams.createExam(deps.db, viewer, input, (await getPlatformSettings(deps)).examDefaults, given);
      if (input.isPublished) await notifyExamPublished(deps, id);
      const row = await findExam(deps.db, viewer, id);
      ctx.status = 201;
      ctx.body = { success: true, message: EXAM_MSG.created, data: { exam: presentExam(row!, viewer) } };
    }),
  );

  // A read, sent as POST: an eligible list of thousands of ids does not fit a URL.
  router.post(
    '/audience-zones',
    staff,
    validated(audienceZonesSchema, async (ctx, input) => {
      ctx.body = { success: true, data: { zones: await audienceZones(deps.db, input) } };
    }),
  );

  // A student's read of an SEB exam (its attempt's questions among it) comes from SEB, or is refused with the way there.
  router.get('/:id', signedIn, sebCheck(deps, SEB_TARGETS.examInPath), async (ctx) => {
    const viewer = await viewerOf(deps, ctx);
    const row = await exams.getExamFor(deps.db, viewer, examId(ctx), 'read');
    const exam = presentExam(row, viewer);
    const manages = managesExam(viewer, row);
    const questions = manages ? (await exams.examQuestions(deps.db, row.id)).map((q) => presentQuestion(q, viewer)) : undefined;
    // A student sees the questions only while an attempt of theirs is in progress, in its order, without keys.
    const attempt = sitsExams(viewer.user.role) ? await inProgressAttempt(deps.db, row.id, viewer.user.id) : undefined;
    // Before the clock runs a student learns only the exam's shape: reading the questions here
    // would let them study the paper without the timer.
    const outline = sitsExams(viewer.user.role) && !attempt ? await exams.questionOutline(deps.db, row.id) : undefined;
    ctx.body = {
      success: true,
      data: {
        exam: questions ? { ...exam, questions } : exam,
        ...(attempt ? { questions: await questionsForAttempt(deps.db, attempt), attemptId: attempt.id, session: await joinData(deps.db, attempt) } : {}),
        ...(outline ? { questions: outline } : {}),
      },
    };
  });

  router.post('/:id/start', auth(deps, STUDENTS), sebCheck(deps, SEB_TARGETS.examInPath, { marks: true }), (ctx) => respondWithStartedAttempt(deps, ctx, examId(ctx)));

  router.get('/:id/consent', auth(deps, STUDENTS), sebCheck(deps, SEB_TARGETS.examInPath), async (ctx) => {
    ctx.body = { success: true, data: await consentStatus(deps, await viewerOf(deps, ctx), examId(ctx)) };
  });

  router.post(
    '/:id/consent',
    auth(deps, STUDENTS),
    sebCheck(deps, SEB_TARGETS.examInPath),
    validated(consentAcceptSchema, async (ctx, { profileHash }) => {
      await giveConsent(deps, await viewerOf(deps, ctx), examId(ctx), profileHash);
      ctx.status = 201;
      ctx.body = { success: true, data: { accepted: true, profileHash } };
    }),
  );

  router.put(
    '/:id',
    staff,
    validated(examUpdateSchema, async (ctx, input) => {
      const viewer = await viewerOf(deps, ctx);
      await exams.updateExam(deps.db, viewer, examId(ctx), input);
      const row = await findExam(deps.db, viewer, examId(ctx));
      ctx.body = { success: true, message: EXAM_MSG.updated, data: { exam: presentExam(row!, viewer) } };
    }),
  );

  router.delete('/:id', staff, async (ctx) => {
    const outcome = await exams.deleteExam(deps.db, await viewerOf(deps, ctx), examId(ctx));
    ctx.body =
      outcome === 'archived'
        ? { success: true, message: EXAM_ARCHIVED_MSG, data: { archived: true } }
        : { success: true, message: EXAM_MSG.deleted, data: { archived: false } };
  });

  router.put('/:id/publish', staff, async (ctx) => {
    const viewer = await viewerOf(deps, ctx);
    if (await exams.publishExam(deps.db, viewer, examId(ctx))) await notifyExamPublished(deps, examId(ctx));
    const row = await findExam(deps.db, viewer, examId(ctx));
    ctx.body = { success: true, message: EXAM_MSG.published, data: { exam: presentExam(row!, viewer) } };
  });

  router.get('/:id/result', auth(deps, STUDENTS), async (ctx) => {
    const viewer = await viewerOf(deps, ctx);
    const exam = await exams.getExamFor(deps.db, viewer, examId(ctx), 'read');
    const result = await latestResult(deps, viewer, exam.id);
    ctx.body = { success: true, data: { result: result.submission, submission: result.submission, exam: presentExam(exam, viewer) } };
  });

  router.get('/:id/stats', staff, async (ctx) => {
    ctx.body = { success: true, data: await examStats(deps, await viewerOf(deps, ctx), examId(ctx)) };
  });

  router.get('/:id/export', staff, async (ctx) => {
    // A whole exam's results: the long deadline (still inside the web app's 30 s), not a request's.
    const { filename, csv } = await withStatementDeadline(deps.config.deadlines.dbLongStatementMs, async () => exportCsv(deps, await viewerOf(deps, ctx), examId(ctx)));
    ctx.set('Content-Type', 'text/csv; charset=utf-8');
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.body = `\ufeff${csv}`;
  });

  router.get('/:id/release-preview', staff, async (ctx) => {
    ctx.body = { success: true, data: await releasePreview(deps, await viewerOf(deps, ctx), examId(ctx)) };
  });

  router.put(
    '/:id/release-results',
    staff,
    validated(releaseResultsSchema, async (ctx, input) => {
      await releaseResults(deps, await viewerOf(deps, ctx), examId(ctx), input);
      ctx.body = { success: true, message: EXAM_MSG.resultsReleased };
    }),
  );

  router.get('/:id/questions', staff, async (ctx) => {
    const viewer = await viewerOf(deps, ctx);
    const row = await exams.getExamFor(deps.db, viewer, examId(ctx), 'read-questions');
    ctx.body = { success: true, data: { questions: (await exams.examQuestions(deps.db, row.id)).map((q) => presentQuestion(q, viewer)) } };
  });

  // The owner's (or an admin's) look at the exam as a student sees it; nothing is recorded.
  router.get('/:id/preview', staff, async (ctx) => {
    const viewer = await viewerOf(deps, ctx);
    const { exam, questions } = await exams.previewExam(deps.db, viewer, examId(ctx));
    ctx.body = { success: true, data: { exam: presentExam(exam, viewer), questions } };
  });

  router.post(
    '/:id/questions',
    staff,
    validated(addQuestionsSchema, async (ctx, input) => {
      const viewer = await viewerOf(deps, ctx);
      const added = await exams.addQuestionsToExam(deps.db, viewer, examId(ctx), input.questionIds);
      const questions = (await exams.examQuestions(deps.db, examId(ctx))).map((q) => presentQuestion(q, viewer));
      ctx.body = { success: true, message: EXAM_MSG.questionsAdded, data: { added, questions } };
    }),
  );

  router.delete('/:id/questions/:questionId', staff, async (ctx) => {
    await exams.removeQuestionFromExam(deps.db, await viewerOf(deps, ctx), examId(ctx), idParam(ctx, 'questionId', 'Question not found.'));
    ctx.body = { success: true, message: EXAM_MSG.questionRemoved };
  });

  return router;
}
