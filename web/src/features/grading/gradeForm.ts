import { gradeSubmissionSchema, type SubmissionAnswer } from '@exam/shared';
import { i18n } from '../../i18n';
import { formatNumber, translateMessage } from '../../i18n/format';
import { msg } from '../../i18n/messages';
import type { GradeEntry } from '../results/api';

/** What the teacher has typed for one question; '' means "no mark entered". */
export interface GradeDraft {
  marks: number | '';
  feedback: string;
}

export type Drafts = Record<string, GradeDraft>;

/** Read when called, in the language on screen. */
export const feedbackNeedsMarksText = () => i18n.t('grading:form.feedbackNeedsMarks');

/** The form starts from what is stored: current marks (automatic or a teacher's) and feedback. */
export function initialDrafts(answers: SubmissionAnswer[]): Drafts {
  return Object.fromEntries(answers.map((a) => [a.questionId, { marks: a.marks ?? '', feedback: a.feedback ?? '' }]));
}

const sameFeedback = (draft: string, stored: string | null) => draft.trim() === (stored ?? '').trim();

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
  const errors: Record<string, string> = {};
  const grades: GradeEntry[] = [];
  for (const a of answers) {
    const d = drafts[a.questionId];
    if (!d) continue;
    const feedbackChanged = !sameFeedback(d.feedback, a.feedback);
    if (d.marks === '') {
      if (feedbackChanged && d.feedback.trim()) errors[a.questionId] = feedbackNeedsMarksText();
      continue;
    }
    if (d.marks === a.marks && !feedbackChanged) continue;
    if (d.marks > a.points) errors[a.questionId] = `${msg('grading.marksAbovePoints')} (${formatNumber(a.points)})`;
    grades.push({ questionId: a.questionId, marks: d.marks, ...(d.feedback.trim() || a.feedback ? { feedback: d.feedback.trim() } : {}) });
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
