import type { ReleasePreview, ReleaseResultsInput } from '@exam/shared';
import type { Deps } from '../deps';
import type { Viewer } from '../policies';
import { resultHoldSql, resultsVisible, type ResultsVisibilityFacts } from '../policies/results';
import type { AttemptRow } from '../presenters/attempt';
import { getExamFor } from './exams';
import { queueGradePosts } from './lti/gradeSync';
import { notifyResults } from './resultNotices';

/**
 * Releasing an exam's results (issue 55): what a release would cover, and the release itself,
 * of every result or of the marked ones only. Who then sees what is the one rule of
 * policies/results.ts; this module only moves the exam's release and the attempts' `release_held`.
 */

/** The attempts waiting for marks listed in the dialog at most; the counts stay exact beyond. */
const WAITING_LISTED = 500;

/** What a release would do now: the marked, the waiting (named), those under review and those left out before. */
export async function releasePreview(deps: Deps, viewer: Viewer, examId: string): Promise<ReleasePreview> {
  const exam = await getExamFor(deps.db, viewer, examId, 'update');
  const { db } = deps;
  const [counts] = (await db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .where('a.exam_id', examId)
    .select(
      db.raw(`count(*) filter (where a.status = 'graded' and not a.release_held and ${resultHoldSql('e', 'a')} is null)::int as marked`),
      db.raw(`count(*) filter (where a.status = 'submitted')::int as waiting`),
      db.raw(`count(*) filter (where a.status = 'graded' and ${resultHoldSql('e', 'a')} is not null)::int as under_review`),
      db.raw('count(*) filter (where a.release_held)::int as left_out'),
    )) as [{ marked: number; waiting: number; under_review: number; left_out: number }];
  const waiting = (await db('attempts as a')
    .join('users as u', 'u.id', 'a.student_id')
    .where({ 'a.exam_id': examId, 'a.status': 'submitted' })
    .orderBy([{ column: 'a.submitted_at', order: 'asc' }, 'a.id'])
    .limit(WAITING_LISTED)
    .select('a.id', 'a.submitted_at', 'u.first_name', 'u.last_name')) as { id: string; submitted_at: Date | null; first_name: string; last_name: string }[];
  return {
    released: resultsVisible(exam as typeof exam & Pick<ResultsVisibilityFacts, 'results_released_at'>),
    marked: counts.marked,
    waiting: counts.waiting,
    underReview: counts.under_review,
    leftOut: counts.left_out,
    waitingList: waiting.map((w) => ({ attemptId: w.id, studentName: `${w.first_name} ${w.last_name}`.trim(), submittedAt: w.submitted_at ? new Date(w.submitted_at).toISOString() : null })),
  };
}

/**
 * Releases an exam's results to students and parents (when it does not show them at once). Every
 * result by default: those still waiting for marks are shown as each is marked. With
 * `only: 'marked'`, the attempts waiting for marks now are left out, even once marked, until the
 * next release, which lets them out and tells them. Those the integrity review holds are not told
 * now: each is told as its review lets it out. The scores go to the gradebooks of the LMS courses
 * linked to the exam (services/lti/gradeSync.ts), which follow the same rule.
 */
export async function releaseResults(deps: Deps, viewer: Viewer, examId: string, { only }: ReleaseResultsInput = {}): Promise<void> {
  await getExamFor(deps.db, viewer, examId, 'update');
  const { released, letOut } = await deps.db.transaction(async (trx) => {
    const released = await trx('exams').where({ id: examId }).whereNull('results_released_at').update({ results_released_at: trx.fn.now() });
    // Those an earlier marked-only release left out: all of them now, or the marked ones of them.
    const leftOut = trx('attempts').where({ exam_id: examId, release_held: true });
    if (only === 'marked') leftOut.where('status', 'graded');
    const letOut = (await leftOut.update({ release_held: false }).returning('*')) as AttemptRow[];
    if (only === 'marked') await trx('attempts').where({ exam_id: examId, status: 'submitted', release_held: false }).update({ release_held: true });
    return { released, letOut };
  });
  // Before the early return: a release repeated after a failure here still queues the scores (queueing twice changes nothing).
  await queueGradePosts(deps.db, { examId });
  if (!released) return notifyResults(deps, letOut);
  const graded = (await deps.db('attempts').where({ exam_id: examId, status: 'graded' })) as AttemptRow[];
  await notifyResults(deps, graded);
}
