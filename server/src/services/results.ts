import type { Knex } from 'knex';
import { stringify } from 'csv-stringify/sync';
import { GRADING_MSG, MSG, SCORE_BUCKETS, csvSafe, gradeRanges, itemAnalysis, percentileRank, scoreBucket, type ExamStatsResponse, type GradeChange, type SubmissionDetail, type SubmissionListQuery } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { mayListSubmissionsOf, readsOwnListAsEverything, scopeSubmissions, readsAsGrader } from '../policies/submissions';
import { resultHoldSql, resultShownSql, resultsVisible, resultsVisibleSql, type ReleaseAttemptFacts, type ResultsVisibilityFacts } from '../policies/results';
import type { QuestionRow } from '../presenters/question';
import { presentAnswers, presentAnswerSummaries, presentSubmission, type AnswerDetailRow, type AnswerSummaryRow, type SubmissionRow } from '../presenters/submission';
import { shownEmailSql } from './contactPrivacy';
import { getExamFor } from './exams';
import { getPlatformSettings, gradeLetters } from './platformSettings';

/** A student or parent sees an attempt's result: the exam's results are out and its integrity review holds nothing back. */
const VISIBLE = resultShownSql('e', 'a');

/** Attempts with their exam and student, limited to what the viewer may see. */
function submissions(db: Db | Knex.Transaction, viewer: Viewer): Knex.QueryBuilder {
  const q = db('attempts as a')
    .join('exams as e', 'e.id', 'a.exam_id')
    .join('users as u', 'u.id', 'a.student_id')
    .select(
      'a.*',
      'e.title as exam_title',
      'e.subject as exam_subject',
      'e.owner_id as exam_owner_id',
      'e.passing_marks',
      db.raw(`${VISIBLE} as show_results`),
      db.raw(`${resultsVisibleSql('e', 'a')} as results_out`),
      db.raw(`${resultHoldSql('e', 'a')} as hold`),
      db.raw("coalesce((e.settings->>'showCorrectAnswers')::boolean, false) as show_answers"),
      db.raw("coalesce((e.settings->>'anonymousMarking')::boolean, false) as anonymous_marking"),
      'u.first_name',
      'u.last_name',
      'u.avatar',
      db.raw('? as email', [shownEmailSql(db, viewer.user, 'u')]),
    );
  return scopeSubmissions(viewer, q);
}

const canSeeScore = (viewer: Viewer, row: SubmissionRow) => readsAsGrader(viewer) || row.show_results;

/**
 * How the integrity review shows on a result: staff see what holds it (or would, once results are
 * out) and its state; a student or parent sees the hold only once the exam's results are out (before
 * that, no result is shown anyway).
 */
const integrityOf = (viewer: Viewer, row: SubmissionRow) => {
  const asStaff = readsAsGrader(viewer);
  return { hold: asStaff || row.results_out ? (row.hold ?? null) : null, asStaff };
};

const SORTS: Record<string, string> = {
  submittedAt: 'a.submitted_at',
  percentage: 'a.percentage',
  score: 'a.score',
  timeTaken: '(a.submitted_at - a.started_at)',
  studentName: 'lower(u.last_name)',
  lastName: 'lower(u.last_name)',
};

/** Rank and percentile of each graded score among ALL graded attempts of the exam, not one page. */
async function standings(db: Db, examId: string) {
  const scores = ((await db('attempts').where({ exam_id: examId, status: 'graded' }).pluck('percentage')) as (number | null)[]).filter((s): s is number => s !== null);
  return {
    percentile: (p: number | null) => (p === null ? null : percentileRank(p, scores)),
    rank: (p: number | null) => (p === null ? null : 1 + scores.filter((s) => s > p).length),
  };
}

export async function listSubmissions(deps: Deps, viewer: Viewer, query: SubmissionListQuery) {
  const { db } = deps;
  if (query.examId && readsAsGrader(viewer)) await getExamFor(db, viewer, query.examId, 'read-questions');
  // `student` set to the caller's own id by a parent or teacher is the "my results list"
  // reading: every child's, or every submission to the teacher's exams (the scope already says which).
  const student = readsOwnListAsEverything(viewer, query.student) ? undefined : query.student;
  if (student && !mayListSubmissionsOf(viewer, student)) throw Errors.forbidden();
  const q = submissions(db, viewer);
  if (query.examId) q.where('a.exam_id', query.examId);
  if (student) q.where('a.student_id', student);
  if (query.isSubmitted === 'true') q.whereNot('a.status', 'in_progress');
  if (query.isSubmitted === 'false') q.where('a.status', 'in_progress');
  if (query.subject) q.where('e.subject', query.subject);
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q.where((w) => w.whereILike('u.first_name', like).orWhereILike('u.last_name', like).orWhereRaw('? ilike ?', [shownEmailSql(db, viewer.user, 'u'), like]).orWhereILike('e.title', like));
  }
  // A student or parent filtering by outcome only sees outcomes that are out.
  const outcome = readsAsGrader(viewer) ? (w: Knex.QueryBuilder) => w : (w: Knex.QueryBuilder) => w.whereRaw(VISIBLE);
  switch (query.status) {
    case 'submitted':
      q.whereIn('a.status', ['submitted', 'graded']);
      break;
    case 'graded':
      q.where('a.status', 'graded');
      break;
    case 'reviewing':
      q.where('a.status', 'submitted');
      break;
    case 'in-progress':
      q.where('a.status', 'in_progress');
      break;
    case 'passed':
      outcome(q.where('a.status', 'graded').where('a.passed', true));
      break;
    case 'failed':
      outcome(q.where('a.status', 'graded').where('a.passed', false));
      break;
  }
  if (query.grade) {
    // A letter of the school's scale; one it does not have matches nothing.
    const ranges = gradeRanges((await getPlatformSettings(deps)).gradingScale, query.grade);
    outcome(q.where('a.status', 'graded').where((w) => (ranges.length ? ranges.forEach(([lo, hi]) => w.orWhereBetween('a.percentage', [lo, hi])) : w.whereRaw('false'))));
  }
  const counted = (await q.clone().clearSelect().clearOrder().count({ n: '*' })) as { n: number | string }[];
  const total = Number(counted[0]?.n ?? 0);
  // A student or parent may not learn the order of scores that are not out yet.
  let sort = SORTS[query.sortBy] ?? 'a.submitted_at';
  if (!readsAsGrader(viewer) && (query.sortBy === 'percentage' || query.sortBy === 'score')) sort = `case when ${VISIBLE} then ${sort} end`;
  const rows = (await q
    .orderByRaw(`${sort} ${query.sortOrder} nulls last, a.id`)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as SubmissionRow[];
  const byExam = new Map<string, Awaited<ReturnType<typeof standings>>>();
  for (const examId of new Set(rows.map((r) => r.exam_id))) byExam.set(examId, await standings(db, examId));
  const answers = await answersOfPage(db, rows.filter((r) => r.status !== 'in_progress' || readsAsGrader(viewer)).map((r) => r.id));
  const letter = await gradeLetters(deps);
  return {
    submissions: rows.map((r) => {
      const s = byExam.get(r.exam_id)!;
      const graded = r.status === 'graded';
      const withScore = canSeeScore(viewer, r);
      return {
        ...presentSubmission(r, { withScore, letter, percentile: graded ? s.percentile(r.percentage) : null, rank: graded ? s.rank(r.percentage) : null, ...integrityOf(viewer, r) }),
        answers: presentAnswerSummaries(r.question_order, answers.get(r.id), withScore),
      };
    }),
    currentPage: query.page,
    total,
    totalPages: Math.ceil(total / query.limit),
  };
}

/** The saved answers of a page of attempts, one query for the page. */
async function answersOfPage(db: Db, attemptIds: string[]): Promise<Map<string, Map<string, AnswerSummaryRow>>> {
  const byAttempt = new Map<string, Map<string, AnswerSummaryRow>>();
  if (!attemptIds.length) return byAttempt;
  const rows = (await db('answers').whereIn('attempt_id', attemptIds).select('attempt_id', 'question_id', 'answer', 'marks', 'is_correct')) as (AnswerSummaryRow & {
    attempt_id: string;
  })[];
  for (const r of rows) {
    if (!byAttempt.has(r.attempt_id)) byAttempt.set(r.attempt_id, new Map());
    byAttempt.get(r.attempt_id)!.set(r.question_id, r);
  }
  return byAttempt;
}

async function questionsOf(db: Db, ids: string[]) {
  return new Map(((await db('questions').whereIn('id', ids)) as QuestionRow[]).map((q) => [q.id, q]));
}

/** One submission with its answers, for its student, their parents, or the exam's staff. */
export async function submissionDetail(deps: Deps, viewer: Viewer, id: string): Promise<SubmissionDetail> {
  const row = (await submissions(deps.db, viewer).where('a.id', id).first()) as SubmissionRow | undefined;
  if (!row) {
    const exists = await deps.db('attempts').where({ id }).first('id');
    throw exists ? Errors.forbidden(MSG.forbidden) : Errors.notFound(GRADING_MSG.resultNotFound);
  }
  const isStaff = readsAsGrader(viewer);
  const withScore = canSeeScore(viewer, row);
  const questions = await questionsOf(deps.db, row.question_order);
  const answers = new Map(
    ((await deps.db('answers').where({ attempt_id: id }).select('question_id', 'answer', 'marks', 'is_correct', 'feedback', 'graded_at', 'rubric_assessment', 'mark_version')) as AnswerDetailRow[]).map((a) => [a.question_id, a]),
  );
  const s = await standings(deps.db, row.exam_id);
  const graded = row.status === 'graded';
  const letter = await gradeLetters(deps);
  return {
    submission: {
      ...presentSubmission(row, { withScore, letter, percentile: graded ? s.percentile(row.percentage) : null, rank: graded ? s.rank(row.percentage) : null, ...integrityOf(viewer, row) }),
      answers:
        row.status === 'in_progress' && !isStaff
          ? []
          : presentAnswers(row.question_order, questions, answers, { withKeys: isStaff || (withScore && row.show_answers), withMarks: withScore, staff: isStaff, waiting: row.status !== 'graded' }),
      showCorrectAnswers: isStaff || (withScore && row.show_answers),
    },
    history: isStaff ? await gradeHistory(deps.db, id) : undefined,
    ...(isStaff ? { anonymousMarking: row.anonymous_marking ?? false } : {}),
  };
}

async function gradeHistory(db: Db, attemptId: string): Promise<GradeChange[]> {
  const rows = (await db('grade_history as h')
    .leftJoin('users as u', 'u.id', 'h.graded_by')
    .where('h.attempt_id', attemptId)
    .orderBy('h.id')
    .select('h.question_id', 'h.before_marks', 'h.after_marks', 'h.before_feedback', 'h.after_feedback', 'h.created_at', 'u.first_name', 'u.last_name')) as {
    question_id: string;
    before_marks: number | string | null;
    after_marks: number | string;
    before_feedback: string | null;
    after_feedback: string | null;
    created_at: Date;
    first_name: string | null;
    last_name: string | null;
  }[];
  return rows.map((r) => ({
    questionId: r.question_id,
    before: r.before_marks === null ? null : Number(r.before_marks),
    after: Number(r.after_marks),
    beforeFeedback: r.before_feedback,
    afterFeedback: r.after_feedback,
    at: new Date(r.created_at).toISOString(),
    by: r.first_name ? `${r.first_name} ${r.last_name}` : null,
  }));
}

/** A student's latest submitted attempt at an exam (GET /exams/{id}/result). */
export async function latestResult(deps: Deps, viewer: Viewer, examId: string): Promise<SubmissionDetail> {
  const latest = (await deps.db('attempts').where({ exam_id: examId, student_id: viewer.user.id }).whereNot('status', 'in_progress').orderBy('attempt_number', 'desc').first('id')) as
    | { id: string }
    | undefined;
  if (!latest) throw Errors.notFound(GRADING_MSG.resultNotFound);
  return submissionDetail(deps, viewer, latest.id);
}

/** Exam statistics, score distribution and item analysis (owner or admin). */
export async function examStats(deps: Deps, viewer: Viewer, examId: string): Promise<ExamStatsResponse> {
  const exam = await getExamFor(deps.db, viewer, examId, 'read-questions');
  const attempts = (await deps.db('attempts').where({ exam_id: examId }).whereNot('status', 'in_progress')) as SubmissionRow[];
  const graded = attempts.filter((a) => a.status === 'graded' && a.percentage !== null);
  const pcts = graded.map((a) => a.percentage!);
  const distribution = Object.fromEntries(SCORE_BUCKETS.map((b) => [b, 0])) as Record<(typeof SCORE_BUCKETS)[number], number>;
  for (const p of pcts) distribution[scoreBucket(p)]++;
  const questionRows = (await deps.db('exam_questions as eq').join('questions as q', 'q.id', 'eq.question_id').where('eq.exam_id', examId).orderBy('eq.position').select('q.*')) as QuestionRow[];
  const marks = (await deps.db('answers').whereIn('attempt_id', graded.map((a) => a.id)).select('attempt_id', 'question_id', 'answer', 'marks')) as {
    attempt_id: string;
    question_id: string;
    answer: string | null;
    marks: number | string | null;
  }[];
  const perAttempt = new Map(graded.map((a) => [a.id, { total: Number(a.score ?? 0), marks: {} as Record<string, number | null>, answers: {} as Record<string, string | null> }]));
  for (const a of graded) for (const q of a.question_order) perAttempt.get(a.id)!.marks[q] = 0;
  for (const m of marks) {
    const p = perAttempt.get(m.attempt_id);
    if (!p) continue;
    p.marks[m.question_id] = m.marks === null ? null : Number(m.marks);
    p.answers[m.question_id] = m.answer;
  }
  const analysis = itemAnalysis(
    questionRows.map((q) => ({ questionId: q.id, points: q.points, type: q.type, options: q.options.map((o) => o.text) })),
    [...perAttempt.values()],
  );
  const text = new Map(questionRows.map((q) => [q.id, q]));
  const avg = pcts.length ? Math.round((pcts.reduce((a, b) => a + b, 0) / pcts.length) * 10) / 10 : 0;
  return {
    stats: {
      totalSubmissions: attempts.length,
      gradedSubmissions: graded.length,
      // Waiting for marks: counted apart, never in the average, passed or failed (the page says how many).
      pendingGrading: attempts.filter((a) => a.status === 'submitted').length,
      leftOutOfRelease: attempts.filter((a) => (a as SubmissionRow & ReleaseAttemptFacts).release_held).length,
      averageScore: avg,
      passedCount: graded.filter((a) => a.passed).length,
      // Only a known outcome counts: no pass mark yet is not a fail.
      failedCount: graded.filter((a) => a.passed === false).length,
      highestScore: pcts.length ? Math.max(...pcts) : 0,
      lowestScore: pcts.length ? Math.min(...pcts) : 0,
      passingMarks: exam.passing_marks,
      resultsReleased: resultsVisible(exam as typeof exam & Pick<ResultsVisibilityFacts, 'results_released_at'>),
    },
    distribution: SCORE_BUCKETS.map((range) => ({ range, count: distribution[range] })),
    analysis: {
      reliability: analysis.reliability,
      method: analysis.method,
      items: analysis.items.map((i) => ({ ...i, question: text.get(i.questionId)?.text ?? '', type: text.get(i.questionId)?.type, points: text.get(i.questionId)?.points })),
    },
  };
}

/** A spreadsheet cell that would run as a formula is turned into text: the one guard, shared with the web's exports. */
export { csvSafe };

/** Every submission of an exam as CSV (owner or admin). */
export async function exportCsv(deps: Deps, viewer: Viewer, examId: string): Promise<{ filename: string; csv: string }> {
  const exam = await getExamFor(deps.db, viewer, examId, 'read-questions');
  const rows = (await submissions(deps.db, viewer).where('a.exam_id', examId).orderByRaw('a.percentage desc nulls last, lower(u.last_name)')) as SubmissionRow[];
  const s = await standings(deps.db, examId);
  const letter = await gradeLetters(deps);
  const header = ['Rank', 'Percentile', 'First name', 'Last name', 'Email', 'Attempt', 'Status', 'Score', 'Total marks', 'Percentage', 'Grade', 'Passed', 'Time spent (min)', 'Submitted at', 'Submit reason', 'Tab switches', 'Fullscreen exits'];
  const body = rows.map((r) => {
    const p = presentSubmission(r, { withScore: true, letter, percentile: r.status === 'graded' ? s.percentile(r.percentage) : null, rank: r.status === 'graded' ? s.rank(r.percentage) : null, asStaff: true });
    return [p.rank ?? '', p.percentile ?? '', r.first_name, r.last_name, r.email ?? '', r.attempt_number, p.displayStatus, p.score ?? '', p.totalMarks ?? '', p.percentage ?? '', p.grade ?? '', p.isPassed === null ? '' : p.isPassed ? 'yes' : 'no', p.timeTaken ?? '', p.submittedAt ?? '', r.submit_reason ?? '', r.tab_switches, r.fullscreen_exits].map(csvSafe);
  });
  const slug = exam.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'exam';
  return { filename: `${slug}-submissions.csv`, csv: stringify([header.map(csvSafe), ...body]) };
}
