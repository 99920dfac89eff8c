import { gradeSubmissionSchema, rubricPoints, type Rubric, type RubricChoice, type SubmissionAnswer } from '@exam/shared';
import { i18n } from '../../i18n';
import { formatNumber, translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import type { GradeEntry } from '../results/api';

/** What the teacher has typed for one question; '' means "no mark entered". */
export interface GradeDraft {
  marks: number | '';
  feedback: string;
  /** The rubric levels chosen (criterion id → level id), for a question with a rubric. */
  rubric?: RubricChoice;
  /**
   * The answer's markVersion when the teacher began this draft. Sent rather than the version on
   * screen: when the list is read again while a draft waits, another teacher's newer marks must
   * still refuse this save, not be silently written over.
   */
  version?: number;
}

export type Drafts = Record<string, GradeDraft>;

/** Read when called, in the language on screen. */
export const feedbackNeedsMarksText = () => i18n.t('grading:form.feedbackNeedsMarks');

/** What is stored for one answer, as both marking screens know it. */
export interface StoredMark {
  questionId: string;
  points: number;
  marks: number | null;
  feedback: string | null;
  /** The question's rubric to mark with, if it has one. */
  rubric: Rubric | null;
  /** The levels chosen when it was last marked with a rubric. */
  chosen: RubricChoice | null;
  /** The answer's markVersion as read; sent back so a stale save is refused. */
  version?: number;
}

export const storedMarkOf = (a: SubmissionAnswer): StoredMark => ({
  questionId: a.questionId,
  points: a.points,
  marks: a.marks,
  feedback: a.feedback,
  rubric: a.rubric ?? null,
  chosen: a.rubricAssessment?.chosen ?? null,
  version: a.markVersion,
});

export const draftOf = (s: StoredMark): GradeDraft => ({ marks: s.marks ?? '', feedback: s.feedback ?? '', rubric: { ...(s.chosen ?? {}) }, version: s.version });

/** The form starts from what is stored: current marks (automatic or a teacher's), levels and feedback. */
export function initialDrafts(answers: SubmissionAnswer[]): Drafts {
  return Object.fromEntries(answers.map((a) => [a.questionId, draftOf(storedMarkOf(a))]));
}

const sameFeedback = (draft: string, stored: string | null) => draft.trim() === (stored ?? '').trim();
const sameChoice = (a: RubricChoice, b: RubricChoice | null) => {
  const other = b ?? {};
  const keys = new Set([...Object.keys(a), ...Object.keys(other)]);
  return [...keys].every((k) => a[k] === other[k]);
};

/** The marks a draft gives: the chosen levels' points with a rubric, else what was typed. */
export function draftMarks(stored: StoredMark, draft: GradeDraft): number | '' {
  if (!stored.rubric) return draft.marks;
  return rubricPoints(stored.rubric, draft.rubric ?? {}) ?? '';
}

/** Whether the draft differs from what is stored (so saving it would change something). */
export function draftChanged(stored: StoredMark, draft: GradeDraft): boolean {
  if (!sameFeedback(draft.feedback, stored.feedback)) return true;
  if (stored.rubric) return !sameChoice(draft.rubric ?? {}, stored.chosen);
  return draft.marks !== (stored.marks ?? '');
}

/**
 * One answer's entry, or why it is refused; nothing when there is nothing to save. With a rubric
 * the levels are sent with the marks they give, so the server can check one against the other.
 */
export function checkEntry(stored: StoredMark, draft: GradeDraft): { entry?: GradeEntry; error?: string } {
  if (!draftChanged(stored, draft)) return {};
  const feedback = draft.feedback.trim() || stored.feedback ? { feedback: draft.feedback.trim() } : {};
  const base = draft.version ?? stored.version;
  const version = base === undefined ? {} : { version: base };
  if (stored.rubric) {
    const marks = rubricPoints(stored.rubric, draft.rubric ?? {});
    if (marks === null) return { error: msg('marking.rubricIncomplete') };
    return { entry: { questionId: stored.questionId, marks, rubric: { ...draft.rubric }, ...feedback, ...version } };
  }
  if (draft.marks === '') return draft.feedback.trim() ? { error: feedbackNeedsMarksText() } : {};
  if (draft.marks > stored.points) return { error: `${msg('grading.marksAbovePoints')} (${formatNumber(stored.points)})`, entry: { questionId: stored.questionId, marks: draft.marks } };
  return { entry: { questionId: stored.questionId, marks: draft.marks, ...feedback, ...version } };
}

export interface GradeCheck {
  /** Per question id: why its entry is refused. */
  errors: Record<string, string>;
  /** A problem with the whole form (nothing to save). */
  formError: string | null;
  grades: GradeEntry[];
}

/**
 * The changed entries, checked as the server will check them: the shared schema (marks a number,
 * not negative; at least one grade) plus marks no higher than the question's points. Unchanged
 * questions are not sent, so saving never rewrites history for marks nobody touched.
 */
export function checkGrades(answers: SubmissionAnswer[], drafts: Drafts): GradeCheck {
  return checkMarks(answers.map(storedMarkOf), drafts);
}

export function checkMarks(stored: StoredMark[], drafts: Drafts): GradeCheck {
  const errors: Record<string, string> = {};
  const grades: GradeEntry[] = [];
  for (const s of stored) {
    const d = drafts[s.questionId];
    if (!d) continue;
    const { entry, error } = checkEntry(s, d);
    if (error) errors[s.questionId] = error;
    if (entry) grades.push(entry);
  }
  const parsed = gradeSubmissionSchema.safeParse({ grades });
  let formError: string | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [, index] = issue.path;
      const questionId = typeof index === 'number' ? grades[index]?.questionId : undefined;
      if (questionId) errors[questionId] ??= translateMessage(issue.message);
      else formError ??= translateMessage(issue.message);
    }
  }
  return { errors, formError, grades };
}
