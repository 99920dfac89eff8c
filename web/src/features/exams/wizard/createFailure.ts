import type { FormErrors } from '@mantine/form';
import { ApiError, messageFromServer } from '../../../api/http';
import { i18n } from '../../../i18n';
import { apiFieldErrors } from '../../../lib/zodForm';
import { fieldLabel } from '../form/fieldLabels';
import { toExamFormErrors } from '../form/examForm';
import { EXAM_TEXT } from '../messages';

/** The wizard's steps, by their key in exams:wizard.steps. */
export const WIZARD_STEPS = ['details', 'questions', 'review'] as const;
export const DETAILS_STEP = 0;
export const QUESTIONS_STEP = 1;
export const REVIEW_STEP = 2;

/** What the wizard shows after POST /exams failed, and where it sends the teacher. */
export interface CreateFailure {
  /** 'Validation errors:', or the server's message, or the generic creation failure. */
  title: string;
  /** One "field: message" line per failed field (validation failures only). */
  lines: string[];
  /** The earliest step holding a failed field; null keeps the teacher where they are. */
  step: number | null;
  detailErrors: FormErrors;
  /** By position among the wizard's new questions (the server's `questions.N`). */
  questionErrors: Record<number, FormErrors>;
}

function stepOf(field: string): number {
  if (field === 'questions' || field.startsWith('questions.') || field.startsWith('questionIds')) return QUESTIONS_STEP;
  if (field === 'isPublished') return REVIEW_STEP;
  return DETAILS_STEP;
}

/** 'Validation errors:' with field lines; else the server message; else the fallback. */
export function describeCreateFailure(error: unknown): CreateFailure {
  const empty = { lines: [], step: null, detailErrors: {}, questionErrors: {} };
  if (!(error instanceof ApiError)) return { ...empty, title: EXAM_TEXT.createFailed };
  if (error.errors.length === 0) return { ...empty, title: messageFromServer(error, EXAM_TEXT.createFailed) };

  const questionErrors: Record<number, FormErrors> = {};
  const detailFields = [];
  for (const e of error.errors) {
    const q = /^questions\.(\d+)\.?(.*)$/.exec(e.field);
    if (q) {
      const errors = (questionErrors[Number(q[1])] ??= {});
      const field = q[2]?.split('.')[0] || 'text';
      if (!(field in errors)) errors[field] = e.msg;
    } else if (stepOf(e.field) === DETAILS_STEP) {
      detailFields.push(e);
    }
  }
  return {
    title: EXAM_TEXT.validationErrors,
    lines: error.errors.map((e) => i18n.t('exams:wizard.failureLine', { field: fieldLabel(e.field), message: e.msg })),
    step: Math.min(...error.errors.map((e) => stepOf(e.field))),
    detailErrors: toExamFormErrors(apiFieldErrors(detailFields)),
    questionErrors,
  };
}
