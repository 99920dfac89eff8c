import { autoGrade, classifyAnswer, describeKey, matchingChoicesForStudents, submissionDisplayStatus, type AnswerSummary, type RubricAssessment, type Submission, type ResultHold, type SubmissionAnswer } from '@exam/shared';
import { gradableOf, scoringOf, type QuestionRow } from './question';
import { serverTimeSpent, type AttemptRow } from './attempt';

/** An attempt joined with its exam and student, as the results queries return it. */
export interface SubmissionRow extends AttemptRow {
  exam_title: string;
  exam_subject: string;
  exam_owner_id: string;
  passing_marks: number;
  /** A student or parent may see its score: the exam's results are out and nothing holds this one (resultShown). */
  show_results: boolean;
  /** The exam's results are out (resultsVisible), whatever holds this attempt. */
  results_out?: boolean;
  /** What holds the result from the student and parents (resultHold), when anything does. */
  hold?: ResultHold | null;
  show_answers: boolean;
  first_name: string;
  last_name: string;
  /** Null where the student hides it from this viewer (privacy: showEmail). */
  email: string | null;
  avatar: string | null;
  /** The exam is marked anonymously (settings.anonymousMarking): staff screens then leave names out. */
  anonymous_marking?: boolean;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/**
 * A submission as the results calls answer it. `withScore` is false for a student or parent before
 * the exam's results are out: the attempt is listed, its score is not. Nor is it while the attempt
 * waits for marks (status `submitted`), unless `asStaff`.
 */
export function presentSubmission(row: SubmissionRow, opts: { withScore: boolean; letter: (pct: number) => string; percentile?: number | null; rank?: number | null; hold?: ResultHold | null; asStaff?: boolean }): Submission {
  const timeSpent = serverTimeSpent(row);
  const isSubmitted = row.status !== 'in_progress';
  const isGraded = row.status === 'graded';
  // Waiting for a teacher's marks: a student or parent gets no score at all (a partial total would
  // read as a result, "0 %" for an essay exam); staff see the partial total.
  const show = opts.withScore && (isGraded || !!opts.asStaff);
  const letter = show && row.percentage !== null && isGraded ? opts.letter(row.percentage) : null;
  return {
    _id: row.id,
    examId: row.exam_id,
    exam: { _id: row.exam_id, title: row.exam_title, subject: row.exam_subject },
    student: { _id: row.student_id, firstName: row.first_name, lastName: row.last_name, email: row.email, avatar: row.avatar },
    attemptNumber: row.attempt_number,
    status: row.status,
    // 'Reviewing' says an attempt waits for marks, which the reader may know once results are out.
    displayStatus: opts.withScore || !isSubmitted ? submissionDisplayStatus({ isSubmitted, isGraded, isPassed: row.passed }) : 'Submitted',
    isSubmitted,
    isGraded,
    resultsReleased: opts.withScore,
    integrityHold: opts.hold ?? null,
    integrityState: opts.asStaff ? (row.integrity_state ?? 'clear') : null,
    isPassed: show && isGraded ? row.passed : null,
    score: show ? num(row.score) : null,
    marksObtained: show ? num(row.score) : null,
    totalMarks: row.max_score,
    percentage: show ? row.percentage : null,
    // One letter on the school's scale; letterGrade is kept for clients that read the old name.
    grade: letter,
    letterGrade: letter,
    totalQuestions: row.question_order.length,
    correctAnswers: show ? row.correct_count : null,
    partialAnswers: show ? (row.partial_count ?? 0) : null,
    incorrectAnswers: show ? row.incorrect_count : null,
    skippedAnswers: show ? row.skipped_count : null,
    pendingAnswers: row.pending_count,
    passingMarks: row.passing_marks,
    timeSpent,
    timeTaken: timeSpent === null ? null : Math.round(timeSpent / 60),
    startedAt: iso(row.started_at),
    submittedAt: iso(row.submitted_at),
    gradedAt: iso(row.graded_at),
    submitReason: row.submit_reason,
    securityFlags: { tabSwitches: row.tab_switches, fullscreenExited: row.fullscreen_exits, warningsReceived: row.warnings },
    percentile: show ? (opts.percentile ?? null) : null,
    rank: show ? (opts.rank ?? null) : null,
  };
}

export interface AnswerDetailRow {
  question_id: string;
  answer: string | null;
  marks: number | string | null;
  is_correct: boolean | null;
  feedback: string | null;
  graded_at: Date | null;
  /** The rubric and levels it was marked with (shared/src/rubrics.ts), if any. */
  rubric_assessment?: RubricAssessment | null;
  mark_version?: number;
}

/**
 * The answer list of a submission. Keys and explanations only when `withKeys` (staff always; a
 * student when the exam shows correct answers and results are out). The rubric levels an answer
 * was marked with go wherever its marks go, except to a student or parent while the attempt still
 * waits for marks (`waiting`): levels are a verdict, and the verdict is not out until it is graded.
 */
export function presentAnswers(
  order: string[],
  questions: Map<string, QuestionRow>,
  answers: Map<string, AnswerDetailRow>,
  opts: { withKeys: boolean; withMarks: boolean; staff: boolean; waiting: boolean },
): SubmissionAnswer[] {
  const withAssessment = opts.staff || (opts.withMarks && !opts.waiting);
  return order
    .map((qid, index): SubmissionAnswer | undefined => {
      const q = questions.get(qid);
      if (!q) return undefined;
      const a = answers.get(qid);
      const userAnswer = a?.answer ?? null;
      const marks = a ? num(a.marks) : null;
      const blank = userAnswer === null || userAnswer.trim() === '';
      const status = classifyAnswer({ answered: !blank, marks, points: q.points, markedByTeacher: !!a?.graded_at });
      return {
        index: index + 1,
        questionId: q.id,
        question: q.text,
        text: q.text,
        type: q.type,
        points: q.points,
        options: q.type === 'matching' ? matchingChoicesForStudents(scoringOf(q).pairs, scoringOf(q).distractors) : q.options.map((o) => o.text),
        ...(q.type === 'matching' ? { stems: scoringOf(q).pairs.map((p) => p.stem) } : {}),
        userAnswer,
        marks: opts.withMarks ? (blank && marks === null ? 0 : marks) : null,
        isCorrect: opts.withMarks && status !== 'pending' ? status === 'correct' : null,
        partiallyCorrect: opts.withMarks ? status === 'partial' : null,
        status: opts.withMarks ? status : blank ? 'skipped' : 'submitted',
        feedback: opts.withMarks ? (a?.feedback ?? null) : null,
        gradedAt: opts.staff && a?.graded_at ? new Date(a.graded_at).toISOString() : null,
        correctAnswer: opts.withKeys ? describeKey({ ...gradableOf(q), options: q.options }) : undefined,
        explanation: opts.withKeys ? q.explanation || null : undefined,
        sampleAnswer: opts.staff ? q.sample_answer || null : undefined,
        autoMarks: opts.staff && q.type !== 'essay' ? autoGrade(gradableOf(q), userAnswer).marks : undefined,
        rubricAssessment: withAssessment ? (a?.rubric_assessment ?? null) : null,
        ...(opts.staff ? { rubric: q.rubric ?? null, markVersion: a?.mark_version ?? 0 } : {}),
      };
    })
    .filter((x) => x !== undefined);
}

export type AnswerSummaryRow = Pick<AnswerDetailRow, 'question_id' | 'answer' | 'marks' | 'is_correct'>;

/**
 * A result's answers as the results list carries them: question id, the answer,
 * and whether it was right once results are out. Never a key: the list is not the review screen.
 */
export function presentAnswerSummaries(order: string[], answers: Map<string, AnswerSummaryRow> | undefined, withMarks: boolean): AnswerSummary[] {
  if (!answers) return [];
  return order.map((questionId) => {
    const a = answers.get(questionId);
    const userAnswer = a?.answer ?? null;
    const blank = userAnswer === null || userAnswer.trim() === '';
    // An answer still waiting for a teacher's mark is neither right nor wrong yet; a blank one is wrong.
    const pending = !blank && (a?.marks ?? null) === null;
    return { questionId, userAnswer, answer: userAnswer, isCorrect: withMarks && !pending ? !blank && a?.is_correct === true : null };
  });
}
