import type { Context, Middleware, Next } from 'koa';
import { SEB_MSG } from '@exam/shared';
import type { Deps } from '../deps';
import { sitsExams } from '../policies/people';
import { sebLinks } from '../services/seb/examFile';
import { markAttemptInSeb, requestUrlOf, sebEvidenceOf, sebRequirementOf, sebVerified } from '../services/seb/requestCheck';
import { isUuid } from '../uuid';
import { currentAuth } from './auth';

/** Which exam (or attempt of one) a call is about, read from its path or body; undefined: none named. */
export type SebTarget = (ctx: Context) => { examId: unknown } | { attemptId: unknown } | undefined;

const body = (ctx: Context) => ((ctx.request as { body?: unknown }).body ?? {}) as Record<string, unknown>;
const params = (ctx: Context) => (ctx as unknown as { params: Record<string, string> }).params;

/** The exam in the path (`/:id`), the exam or the attempt in the body. */
export const SEB_TARGETS = {
  examInPath: (ctx: Context) => ({ examId: params(ctx).id }),
  attemptInPath: (ctx: Context) => ({ attemptId: params(ctx).attemptId }),
  examInBody: (ctx: Context) => ({ examId: body(ctx).examId }),
  attemptInBody: (ctx: Context) => ({ attemptId: body(ctx).submissionId }),
} satisfies Record<string, SebTarget>;

/**
 * A call of an attempt (after `auth()`): when the exam requires Safe Exam Browser, a student's
 * call must carry SEB's proof for the exam's file (services/seb/requestCheck.ts), or it is
 * refused with 403 "This exam requires Safe Exam Browser" and the links to the exam's file, so
 * the page can offer to open the exam in SEB. `marks`: the call starts the attempt, which is then
 * marked as sat in SEB when the proof holds (the proctor board shows it). Staff are not checked:
 * they never sit the exam. A target that names no exam goes on to the route, which says so.
 */
export function sebCheck(deps: Deps, target: SebTarget, opts: { marks?: boolean } = {}): Middleware {
  return async (ctx: Context, next: Next) => {
    const { user } = currentAuth(ctx);
    const named = sitsExams(user.role) ? target(ctx) : undefined;
    const id = named && ('examId' in named ? named.examId : named.attemptId);
    if (!named || typeof id !== 'string' || !isUuid(id)) return next();
    const requirement = await sebRequirementOf(deps, 'examId' in named ? { examId: id } : { attemptId: id });
    if (!requirement) return next();
    const { publicUrl } = deps.config;
    const verified = sebVerified(sebEvidenceOf(ctx.headers, requestUrlOf(publicUrl, ctx.originalUrl)), requirement, publicUrl);
    if (requirement.required && !verified) {
      ctx.status = 403;
      ctx.body = { success: false, message: SEB_MSG.required, data: { seb: sebLinks(requirement.examId, publicUrl) } };
      return;
    }
    await next();
    if (verified && opts.marks && ctx.status < 300) await markAttemptInSeb(deps, user.id, { examId: requirement.examId });
  };
}
