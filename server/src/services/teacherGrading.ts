import { GRADING_MSG, MARKING_MSG, type GradeInput } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { Errors, withValues } from '../errors';
import type { Viewer } from '../policies';
import type { AttemptRow } from '../presenters/attempt';
import type { QuestionRow } from '../presenters/question';
import { attemptsChangedDashboards } from './dashboardEvents';
import { getExamFor } from './exams';
import { keepZero } from './integrity/decisions';
import { queueGradePosts } from './lti/gradeSync';
import { marksOf, rewriteTotals } from './marking';
import { notifyResults } from './resultNotices';

/** A teacher grading a submitted attempt by hand: essays, and overriding automatic marks. */

async function questionsById(db: Db, ids: string[]): Promise<Map<string, QuestionRow>> {
  const rows = (await db('questions').whereIn('id', [...new Set(ids)])) as QuestionRow[];
  return new Map(rows.map((q) => [q.id, q]));
}

/**
 * A teacher's marks (and feedback) for questions of a submitted attempt: essays, or overriding an
 * automatic mark. Every change is kept in the grade history; totals are recomputed, and when
 * nothing is left pending the attempt is graded and the student and parents are told.
 */
export async function gradeSubmission(deps: Deps, viewer: Viewer, attemptId: string, grades: GradeInput[]): Promise<AttemptRow> {
  const attempt = (await deps.db('attempts').where({ id: attemptId }).first()) as AttemptRow | undefined;
  if (!attempt) throw Errors.notFound(GRADING_MSG.resultNotFound);
  const exam = await getExamFor(deps.db, viewer, attempt.exam_id, 'update');
  if (attempt.status === 'in_progress') throw Errors.conflict(GRADING_MSG.notSubmitted);
  const questions = await questionsById(deps.db, attempt.question_order);
  for (const g of grades) {
    // Rubric marking is issue 55's next step; until then marks are required.
    if (g.marks === undefined) throw Errors.badRequest(MARKING_MSG.marksOrRubric, 'grades');
    const q = attempt.question_order.includes(g.questionId) ? questions.get(g.questionId) : undefined;
    if (!q) throw Errors.badRequest(GRADING_MSG.questionNotInAttempt, 'grades');
    if (g.marks! > q.points) throw Errors.badRequest(withValues('grading.marksAbovePointsOf', { points: q.points }), 'grades');
  }
  const wasGraded = attempt.status === 'graded';
  const updated = await deps.db.transaction(async (trx) => {
    const locked = (await trx('attempts').where({ id: attemptId }).forUpdate().first()) as AttemptRow;
    if (locked.status === 'in_progress') throw Errors.conflict(GRADING_MSG.notSubmitted);
    for (const g of grades) {
      const before = (await trx('answers').where({ attempt_id: attemptId, question_id: g.questionId }).first('marks', 'feedback')) as
        { marks: number | string | null; feedback: string | null } | undefined;
      const q = questions.get(g.questionId)!;
      const row = { marks: g.marks!, is_correct: g.marks! >= q.points, feedback: g.feedback ?? before?.feedback ?? null, graded_by: viewer.user.id, graded_at: trx.fn.now() };
      if (before) await trx('answers').where({ attempt_id: attemptId, question_id: g.questionId }).update(row);
      else await trx('answers').insert({ attempt_id: attemptId, question_id: g.questionId, answer: null, seq: 1, ...row });
      await trx('grade_history').insert({
        attempt_id: attemptId,
        question_id: g.questionId,
        graded_by: viewer.user.id,
        before_marks: marksOf(before?.marks),
        after_marks: g.marks!,
        before_feedback: before?.feedback ?? null,
        after_feedback: row.feedback,
      });
    }
    // A result a confirmed breach set to zero stays at zero (services/integrity/decisions.ts).
    const marked = await keepZero(trx, await rewriteTotals(trx, locked, questions, exam.passing_marks), exam.passing_marks);
    // The LMS gradebook's score changes with the marks, or neither does.
    await queueGradePosts(trx, { attemptIds: [marked.id] });
    return marked;
  });
  await notifyResults(deps, [updated], { updated: wasGraded });
  await attemptsChangedDashboards(deps, [updated], 'graded');
  return updated;
}
