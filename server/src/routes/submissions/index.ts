import Router from '@koa/router';
import type { Context } from 'koa';
import { GRADING_MSG, SESSION_MSG, gradeSubmissionSchema, restAnswerSchema, restSubmitSchema, startAttemptSchema, submissionListQuerySchema, submitExamSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { STAFF, STUDENTS } from '../../policies/people';
import { AppError, Errors } from '../../errors';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { viewerOf } from '../../middleware/viewer';
import { SEB_TARGETS, sebCheck } from '../../middleware/seb';
import { presentAttempt } from '../../presenters/attempt';
import { attemptClosed, joinData, ownAttempt, questionsForAttempt, startAttempt, submitAttempt } from '../../services/attempts';
import { gradeSubmission } from '../../services/teacherGrading';
import { listSubmissions, submissionDetail } from '../../services/results';
import { requireOpenAttemptIfExpired } from '../../services/sessions';
import { submitExam } from '../../services/submitExam';
import type { SaveOutcome } from '../../services/answerSaver';

/** Starts (or resumes) and answers with what the taking screen needs to begin. */
export async function respondWithStartedAttempt(deps: Deps, ctx: Context, examId: string): Promise<void> {
  const { attempt, resumed, accommodation } = await startAttempt(deps, await viewerOf(deps, ctx), examId);
  const [questions, session] = await Promise.all([questionsForAttempt(deps.db, attempt), joinData(deps.db, attempt, accommodation)]);
  ctx.status = resumed ? 200 : 201;
  ctx.body = {
    success: true,
    message: resumed ? SESSION_MSG.resumed : SESSION_MSG.started,
    data: { submission: presentAttempt(attempt), questions, session },
  };
}

/** The submission calls the live session needs (start, answer, submit; docs/live-session.md). */
export function submissionRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/submissions' });
  const student = auth(deps, STUDENTS);
  // Submitting the exam a student is sitting never depends on their client refreshing its token.
  const finishing = auth(deps, STUDENTS, { allowExpired: true });

  router.post(
    '/start',
    student,
    sebCheck(deps, SEB_TARGETS.examInBody, { marks: true }),
    validated(startAttemptSchema, (ctx, input) => respondWithStartedAttempt(deps, ctx, input.examId)),
  );

  // REST autosave: without a seq, the write goes after whatever is stored (last writer wins).
  router.post(
    '/answer',
    student,
    sebCheck(deps, SEB_TARGETS.attemptInBody),
    validated(restAnswerSchema, async (ctx, input) => {
      const { user } = currentAuth(ctx);
      await ownAttempt(deps.db, input.submissionId, user.id);
      const stored = (await deps.db('answers').where({ attempt_id: input.submissionId, question_id: input.questionId }).first('seq')) as
        | { seq: number }
        | undefined;
      const seq = input.seq ?? (stored?.seq ?? 0) + 1;
      const outcome = await deps.answerSaver.save({ attemptId: input.submissionId, questionId: input.questionId, answer: input.answer, seq }, user.id);
      if (!outcome.ok) throw saveRefused(outcome);
      ctx.body = { success: true, message: SESSION_MSG.answerSaved, data: { savedAt: outcome.savedAt, seq } };
    }),
  );

  router.post(
    '/submit',
    finishing,
    sebCheck(deps, SEB_TARGETS.attemptInBody),
    validated(restSubmitSchema, async (ctx, input) => {
      const { user } = currentAuth(ctx);
      await requireOpenAttemptIfExpired(deps, currentAuth(ctx), { attemptId: input.submissionId });
      await ownAttempt(deps.db, input.submissionId, user.id);
      const { attempt } = await submitAttempt(deps, input.submissionId, 'student', user.id);
      ctx.body = { success: true, message: SESSION_MSG.submitted, data: { submissionId: attempt.id, submission: presentAttempt(attempt) } };
    }),
  );

  router.post(
    '/',
    finishing,
    sebCheck(deps, SEB_TARGETS.examInBody),
    validated(submitExamSchema, async (ctx, input) => {
      await requireOpenAttemptIfExpired(deps, currentAuth(ctx), { examId: input.examId });
      const answers = Array.isArray(input.answers)
        ? Object.fromEntries(input.answers.map((a) => [a.questionId, a.answer ?? a.userAnswer ?? null]))
        : input.answers;
      const attempt = await submitExam(deps, {
        examId: input.examId,
        studentId: currentAuth(ctx).user.id,
        answers,
        timeSpent: input.timeSpent,
        securityFlags: input.securityFlags,
      });
      ctx.body = { success: true, message: SESSION_MSG.submitted, data: { submissionId: attempt.id, submission: presentAttempt(attempt) } };
    }),
  );

  const signedIn = auth(deps);
  const staff = auth(deps, STAFF);

  router.get(
    '/',
    signedIn,
    validated(submissionListQuerySchema, async (ctx, query) => {
      ctx.body = { success: true, data: await listSubmissions(deps, await viewerOf(deps, ctx), query) };
    }, 'query'),
  );

  router.get('/:id', signedIn, async (ctx) => {
    ctx.body = { success: true, data: await submissionDetail(deps, await viewerOf(deps, ctx), idParam(ctx, 'id', GRADING_MSG.resultNotFound)) };
  });

  // The grading call is documented both ways, POST and PUT; both are served.
  const grade = validated(gradeSubmissionSchema, async (ctx, input) => {
    const viewer = await viewerOf(deps, ctx);
    const id = idParam(ctx, 'id', GRADING_MSG.resultNotFound);
    await gradeSubmission(deps, viewer, id, input.grades);
    ctx.body = { success: true, message: GRADING_MSG.gradesSaved, data: await submissionDetail(deps, viewer, id) };
  });
  router.post('/:id/grade', staff, grade);
  router.put('/:id/grade', staff, grade);

  return router;
}

/** A refused save as the REST error a caller can act on (a 400 for its own bad data, never a 500). */
function saveRefused(outcome: Extract<SaveOutcome, { ok: false }>) {
  switch (outcome.code) {
    case 'attempt-closed':
      return attemptClosed();
    case 'on-break':
      return new AppError(409, 'on-break', outcome.message);
    case 'forbidden':
      return Errors.forbidden(outcome.message);
    case 'not-found':
      return Errors.notFound(outcome.message);
    case 'invalid':
      return Errors.badRequest(outcome.message);
    default:
      return Errors.unavailable(outcome.message);
  }
}
