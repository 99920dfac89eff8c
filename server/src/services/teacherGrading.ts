import { GRADING_MSG, MARKING_MSG, rubricPoints, type GradeInput, type RubricAssessment } from '@exam/shared';
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

/** One grade as it will be written: its marks worked out, and the rubric assessment it brings (if any). */
interface ResolvedGrade {
  input: GradeInput;
  question: QuestionRow;
  marks: number;
  assessment: RubricAssessment | null;
}

/**
 * The marks a grade gives. With rubric levels chosen they are the levels' points, taken from the
 * question's rubric as it stands now (and stored with the answer, so a later edit of the rubric
 * does not change what this answer was marked against).
 */
function resolveGrade(g: GradeInput, q: QuestionRow): ResolvedGrade {
  if (g.rubric === undefined) {
    const marks = g.marks!;
    if (marks > q.points) throw Errors.badRequest(withValues('grading.marksAbovePointsOf', { points: q.points }), 'grades');
    return { input: g, question: q, marks, assessment: null };
  }
  if (!q.rubric) throw Errors.badRequest(MARKING_MSG.noRubric, 'grades');
  const points = rubricPoints(q.rubric, g.rubric);
  if (points === null) throw Errors.badRequest(MARKING_MSG.rubricIncomplete, 'grades');
  if (g.marks !== undefined && g.marks !== points) throw Errors.badRequest(MARKING_MSG.marksNotRubric, 'grades');
  // A question's points may have been lowered below its rubric's best since: never above the points.
  if (points > q.points) throw Errors.badRequest(withValues('grading.marksAbovePointsOf', { points: q.points }), 'grades');
  return { input: g, question: q, marks: points, assessment: { rubric: q.rubric, chosen: g.rubric } };
}

interface StoredMarks {
  question_id: string;
  marks: number | string | null;
  feedback: string | null;
  mark_version: number;
}

/**
 * A teacher's marks (and feedback) for questions of a submitted attempt: essays, or overriding an
 * automatic mark. Every change is kept in the grade history; totals are recomputed, and when
 * nothing is left pending the attempt is graded and the student and parents are told.
 *
 * Two teachers may mark the same attempt at once (marking by question): a save writes only the
 * answers it names, and a grade naming the answer's `version` as its marker read it is refused
 * (409, the whole save) when someone has saved that answer since. A grade without a version is
 * written whatever happened meanwhile, as older clients expect.
 */
export async function gradeSubmission(deps: Deps, viewer: Viewer, attemptId: string, grades: GradeInput[]): Promise<AttemptRow> {
  const attempt = (await deps.db('attempts').where({ id: attemptId }).first()) as AttemptRow | undefined;
  if (!attempt) throw Errors.notFound(GRADING_MSG.resultNotFound);
  const exam = await getExamFor(deps.db, viewer, attempt.exam_id, 'mark');
  if (attempt.status === 'in_progress') throw Errors.conflict(GRADING_MSG.notSubmitted);
  const questions = await questionsById(deps.db, attempt.question_order);
  const resolved = grades.map((g) => {
    const q = attempt.question_order.includes(g.questionId) ? questions.get(g.questionId) : undefined;
    if (!q) throw Errors.badRequest(GRADING_MSG.questionNotInAttempt, 'grades');
    return resolveGrade(g, q);
  });
  const wasGraded = attempt.status === 'graded';
  const updated = await deps.db.transaction(async (trx) => {
    // The lock makes saves of one attempt take turns, so the versions read below are the latest.
    const locked = (await trx('attempts').where({ id: attemptId }).forUpdate().first()) as AttemptRow;
    if (locked.status === 'in_progress') throw Errors.conflict(GRADING_MSG.notSubmitted);
    const named = [...new Set(grades.map((g) => g.questionId))];
    const stored = new Map(
      ((await trx('answers').where({ attempt_id: attemptId }).whereIn('question_id', named).select('question_id', 'marks', 'feedback', 'mark_version')) as StoredMarks[]).map((a) => [a.question_id, a]),
    );
    // Checked for every grade before anything is written: a stale save lands not at all, never in part.
    if (resolved.some(({ input }) => input.version !== undefined && input.version !== (stored.get(input.questionId)?.mark_version ?? 0))) {
      throw Errors.conflict(MARKING_MSG.markedMeanwhile, 'grades');
    }
    for (const { input: g, question: q, marks, assessment } of resolved) {
      const before = stored.get(g.questionId);
      const feedback = g.feedback ?? before?.feedback ?? null;
      const version = (before?.mark_version ?? 0) + 1;
      // Plain marks replace a rubric's assessment, unless they are the same marks (a feedback-only edit).
      const keepsAssessment = !assessment && before !== undefined && marksOf(before.marks) === marks;
      const row = {
        marks,
        is_correct: marks >= q.points,
        feedback,
        graded_by: viewer.user.id,
        graded_at: trx.fn.now(),
        mark_version: version,
        ...(keepsAssessment ? {} : { rubric_assessment: assessment ? JSON.stringify(assessment) : null }),
      };
      if (before) await trx('answers').where({ attempt_id: attemptId, question_id: g.questionId }).update(row);
      else await trx('answers').insert({ attempt_id: attemptId, question_id: g.questionId, answer: null, seq: 1, ...row });
      await trx('grade_history').insert({
        attempt_id: attemptId,
        question_id: g.questionId,
        graded_by: viewer.user.id,
        before_marks: marksOf(before?.marks),
        after_marks: marks,
        before_feedback: before?.feedback ?? null,
        after_feedback: feedback,
      });
      // A question named twice in one save: its second grade follows the first.
      stored.set(g.questionId, { question_id: g.questionId, marks, feedback, mark_version: version });
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
