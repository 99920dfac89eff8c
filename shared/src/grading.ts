import messages from './locales/en/messages.json' with { type: 'json' };
import { englishFormat, type Translate } from './i18n/translate';
import { z } from 'zod';
import { subjectSlug, type QuestionType } from './exams';
import { decodeChoices, decodeMatching, matchingCredit, multipleResponseCredit, numericalCredit, shortAnswerCredit, type QuestionScoring } from './questionKeys';
import { limitQueryField, pageQueryField } from './validation';

/**
 * Grading and result figures, shared by the server that
 * computes them and the screens that show them.
 *
 * passingMarks is read as a PERCENTAGE of the exam's total marks (0–100): the form's default of 60
 * with the 60 % pass mark used elsewhere, and it keeps meaning the same thing when questions are
 * added or re-weighted. A student passes when their rounded percentage is at least passingMarks.
 */
export interface GradableQuestion extends Partial<QuestionScoring> {
  type: QuestionType;
  points: number;
  correctAnswer: string;
  acceptedAnswers: string[];
  /** Multiple response: each option's credit. */
  options?: { text: string; fraction?: number }[];
}

export type AnswerStatus = 'correct' | 'partial' | 'incorrect' | 'pending' | 'skipped';

export interface AutoGrade {
  marks: number | null;
  isCorrect: boolean | null;
  status: AnswerStatus;
}

const normalise = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const isBlank = (a: string | null | undefined) => a === null || a === undefined || a.trim() === '';

/**
 * Grades one answer automatically: choices against the key, blanks against any accepted answer
 * (ignoring case and surrounding spaces); an answered essay waits for a teacher, an empty one
 * earns nothing.
 */
export function autoGrade(q: GradableQuestion, answer: string | null | undefined): AutoGrade {
  if (isBlank(answer)) return { marks: 0, isCorrect: false, status: 'skipped' };
  if (q.type === 'essay') return { marks: null, isCorrect: null, status: 'pending' };
  const credit = partialCredit(q, answer!);
  if (credit !== null) {
    const marks = Math.round(q.points * credit * 100) / 100;
    return { marks, isCorrect: marks >= q.points, status: marks >= q.points ? 'correct' : marks > 0 ? 'partial' : 'incorrect' };
  }
  const given = normalise(answer!);
  const accepted = (q.type === 'fill-blank' ? (q.acceptedAnswers.length ? q.acceptedAnswers : [q.correctAnswer]) : [q.correctAnswer]).filter((a) => !isBlank(a));
  // A blank created without a key is marked by the teacher, like an essay.
  if (q.type === 'fill-blank' && !accepted.length) return { marks: null, isCorrect: null, status: 'pending' };
  const ok = accepted.some((a) => normalise(a) === given);
  return { marks: ok ? q.points : 0, isCorrect: ok, status: ok ? 'correct' : 'incorrect' };
}

/** The credit (0…1) of an answer to a partial-credit type; null for the others. */
function partialCredit(q: GradableQuestion, answer: string): number | null {
  switch (q.type) {
    case 'multiple-response':
      return multipleResponseCredit(q.options ?? [], decodeChoices(answer));
    case 'numerical':
      return numericalCredit(q.numericAnswers ?? [], answer);
    case 'short-answer':
      return shortAnswerCredit(q.shortAnswers ?? [], answer, q.caseSensitive ?? false);
    case 'matching':
      return matchingCredit(q.pairs ?? [], decodeMatching(answer));
    default:
      return null;
  }
}

export function percentageOf(score: number, maxScore: number): number {
  return maxScore > 0 ? Math.round((score / maxScore) * 100) : 0;
}

export function hasPassed(percentage: number, passingMarks: number): boolean {
  return percentage >= passingMarks;
}

/** Parent performance labels (words, not a grade scale: letters come from the school's scale only). */
export function performanceLabel(pct: number, t: Translate = englishFormat): string {
  if (pct >= 90) return t('performance.excellent');
  if (pct >= 80) return t('performance.good');
  if (pct >= 70) return t('performance.average');
  if (pct >= 60) return t('performance.belowAverage');
  return t('performance.needsImprovement');
}

export interface MarkedAnswer {
  /** Whether the student wrote or chose anything. */
  answered: boolean;
  /** Marks earned; null while a teacher has not marked it yet. */
  marks: number | null;
  points: number;
  /** A teacher's mark stands even on a blank answer. */
  markedByTeacher?: boolean;
}

/**
 * The one classification of a marked answer, used by the server's totals and by every screen:
 * full marks are correct, some marks (an essay given 3 of 5) partially correct, none incorrect;
 * an answer waiting for a teacher is pending, a blank one skipped.
 */
export function classifyAnswer(a: MarkedAnswer): AnswerStatus {
  if (a.marks === null) return a.answered ? 'pending' : 'skipped';
  if (!a.answered && !a.markedByTeacher) return 'skipped';
  if (a.marks >= a.points) return 'correct';
  if (a.marks > 0) return 'partial';
  return 'incorrect';
}

/** '3 / 5', '2.5 / 4': marks against the question's points. */
export const marksText = (marks: number, points: number) => `${marks} / ${points}`;

/** The result screen's message, changing at 90, 80, 70, 60 and 50. */
export function resultMessage(pct: number): string {
  if (pct >= 90) return GRADING_MSG.resultOutstanding;
  if (pct >= 80) return GRADING_MSG.resultGreat;
  if (pct >= 70) return GRADING_MSG.resultGood;
  if (pct >= 60) return GRADING_MSG.resultFair;
  if (pct >= 50) return GRADING_MSG.resultHalfway;
  return GRADING_MSG.resultKeepStudying;
}

export const SCORE_BUCKETS = ['90-100', '80-89', '70-79', '60-69', '0-59'] as const;
export function scoreBucket(pct: number): (typeof SCORE_BUCKETS)[number] {
  if (pct >= 90) return '90-100';
  if (pct >= 80) return '80-89';
  if (pct >= 70) return '70-79';
  if (pct >= 60) return '60-69';
  return '0-59';
}

/**
 * Percentile rank of a score among all of an exam's scores (not one page): the share of scores
 * below it plus half of those equal to it, as a whole percentage.
 */
export function percentileRank(score: number, all: number[]): number {
  if (!all.length) return 0;
  const below = all.filter((s) => s < score).length;
  const equal = all.filter((s) => s === score).length;
  return Math.round(((below + 0.5 * equal) / all.length) * 100);
}

/**
 * Display status on the submissions screen. No outcome yet (isPassed null: an essay
 * waiting for its marks) reads as Reviewing, never as Failed.
 */
export function submissionDisplayStatus(s: { isSubmitted: boolean; isGraded: boolean; isPassed: boolean | null }): 'In Progress' | 'Reviewing' | 'Passed' | 'Failed' {
  if (!s.isSubmitted) return 'In Progress';
  if (!s.isGraded || s.isPassed === null) return 'Reviewing';
  return s.isPassed ? 'Passed' : 'Failed';
}

const variance = (xs: number[]) => {
  if (xs.length < 2) return 0;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / xs.length;
};

export interface ItemInput {
  questionId: string;
  points: number;
  type: GradableQuestion['type'];
  options: string[];
}

export interface AttemptMarks {
  total: number;
  /** questionId → marks earned (null while pending); answers for option counts. */
  marks: Record<string, number | null>;
  answers: Record<string, string | null>;
}

export interface ItemStatistics {
  questionId: string;
  /** Share of attempts earning full marks (objective items) or mean marks / points (essays). */
  facility: number | null;
  /** Facility among the top 27 % by total minus facility among the bottom 27 %. */
  discrimination: number | null;
  averageMarks: number | null;
  optionCounts: Record<string, number> | null;
  graded: number;
}

/** Minimum graded attempts before reliability is reported. */
export const MIN_ATTEMPTS_FOR_RELIABILITY = 5;

/**
 * Classical item analysis over an exam's graded attempts. Facility is the share correct (or mean
 * fraction of points for essays); discrimination compares the upper and lower 27 % by total
 * score; reliability is Cronbach's alpha on the item scores (KR-20 when every item is
 * right/wrong), reported from MIN_ATTEMPTS_FOR_RELIABILITY attempts on.
 */
export function itemAnalysis(items: ItemInput[], attempts: AttemptMarks[]): { items: ItemStatistics[]; reliability: number | null; method: 'KR-20' | "Cronbach's alpha" | null } {
  const ranked = [...attempts].sort((a, b) => b.total - a.total);
  const groupSize = Math.max(1, Math.round(ranked.length * 0.27));
  const upper = ranked.slice(0, groupSize);
  const lower = ranked.slice(-groupSize);
  const fraction = (a: AttemptMarks, q: ItemInput) => (a.marks[q.questionId] ?? 0) / q.points;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

  const stats = items.map((q): ItemStatistics => {
    const graded = attempts.filter((a) => a.marks[q.questionId] !== null && a.marks[q.questionId] !== undefined);
    const facility = mean(graded.map((a) => fraction(a, q)));
    const up = mean(upper.filter((a) => graded.includes(a)).map((a) => fraction(a, q)));
    const low = mean(lower.filter((a) => graded.includes(a)).map((a) => fraction(a, q)));
    let optionCounts: Record<string, number> | null = null;
    if (q.type === 'multiple-choice' || q.type === 'true-false' || q.type === 'multiple-response') {
      const counts: Record<string, number> = Object.fromEntries(q.options.map((o) => [o, 0]));
      for (const a of attempts) {
        const answer = a.answers[q.questionId];
        // A multiple response counts every option chosen.
        const chosen = q.type === 'multiple-response' ? decodeChoices(answer) : answer === null || answer === undefined ? [] : [answer];
        for (const c of chosen) if (Object.hasOwn(counts, c)) counts[c]!++;
      }
      optionCounts = counts;
    }
    return {
      questionId: q.questionId,
      facility: facility === null ? null : round(facility),
      discrimination: ranked.length >= 2 && up !== null && low !== null ? round(up - low) : null,
      averageMarks: q.type === 'essay' ? (mean(graded.map((a) => a.marks[q.questionId] ?? 0)) === null ? null : round(mean(graded.map((a) => a.marks[q.questionId] ?? 0))!)) : null,
      optionCounts,
      graded: graded.length,
    };
  });

  const complete = attempts.filter((a) => items.every((q) => a.marks[q.questionId] !== null && a.marks[q.questionId] !== undefined));
  if (items.length < 2 || complete.length < MIN_ATTEMPTS_FOR_RELIABILITY) return { items: stats, reliability: null, method: null };
  const k = items.length;
  const itemVariances = items.map((q) => variance(complete.map((a) => a.marks[q.questionId] ?? 0)));
  const totalVariance = variance(complete.map((a) => items.reduce((s, q) => s + (a.marks[q.questionId] ?? 0), 0)));
  // Partial credit (essays, multiple response, numerical, short answer, matching) makes an item non-binary.
  const dichotomous = items.every((q) => q.type === 'multiple-choice' || q.type === 'true-false' || q.type === 'fill-blank');
  if (totalVariance === 0) return { items: stats, reliability: null, method: null };
  const alpha = (k / (k - 1)) * (1 - itemVariances.reduce((s, v) => s + v, 0) / totalVariance);
  return { items: stats, reliability: round(alpha), method: dichotomous ? 'KR-20' : "Cronbach's alpha" };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export const gradeSubmissionSchema = z.object({
  grades: z
    .array(
      z
        .object({
          questionId: z.uuid(),
          // Optional when rubric levels are chosen: the marks are then their points (the server works them out).
          marks: z.number({ error: messages.grading.marksNumber }).min(0, messages.grading.marksNegative).optional(),
          feedback: z.string().trim().max(5000).optional(),
          // Criterion id → level id, for a question with a rubric (shared/src/rubrics.ts).
          rubric: z.record(z.string().max(40), z.string().max(40)).optional(),
          // The answer's markVersion as the marker read it: a save against an older one is refused (409).
          version: z.number().int().min(0).optional(),
        })
        .refine((g) => g.marks !== undefined || g.rubric !== undefined, { message: messages.marking.marksOrRubric, path: ['marks'] }),
    )
    .min(1, messages.grading.gradeAtLeastOne)
    .max(500),
});

/** One question's grade in PUT /submissions/{id}/grade. */
export type GradeInput = z.output<typeof gradeSubmissionSchema>['grades'][number];

export const SUBMISSION_STATUS_FILTERS = ['all', 'submitted', 'graded', 'passed', 'failed', 'in-progress', 'reviewing'] as const;
export const SUBMISSION_SORTS = ['submittedAt', 'percentage', 'timeTaken', 'studentName', 'lastName', 'score'] as const;

export const submissionListQuerySchema = z.object({
  examId: z.uuid().optional(),
  student: z.uuid().optional(),
  isSubmitted: z.enum(['true', 'false']).optional(),
  page: pageQueryField,
  limit: limitQueryField(10),
  search: z.string().trim().max(100).optional(),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SUBMISSION_STATUS_FILTERS).default('all')),
  sortBy: z.preprocess((v) => (v === '' ? undefined : v), z.enum(SUBMISSION_SORTS).default('submittedAt')),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  // A letter of the school's grading scale (platform settings).
  grade: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.string().trim().min(1).max(3, messages.grading.gradeLetterTooLong).optional()),
  subject: z.preprocess(subjectSlug, z.string().trim().max(40).optional()),
});
export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;

export const GRADING_MSG = messages.grading;
