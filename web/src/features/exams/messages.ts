import { ApiError, errorMessage, messageFromServer } from '../../api/http';
import { i18n } from '../../i18n';

const text = (key: string, values?: Record<string, unknown>) => i18n.t(`exams:messages.${key}`, values);

/**
 * The exam-management texts, as the screens show them, in the reader's
 * language: each is read when it is shown (a getter), never when this module loads.
 */
export const EXAM_TEXT = {
  get created() { return text('created'); },
  get updated() { return text('updated'); },
  get deleted() { return text('deleted'); },
  get published() { return text('published'); },
  get loadForEditFailed() { return text('loadForEditFailed'); },
  get deleteFallback() { return text('deleteFallback'); },
  get publishFallback() { return text('publishFallback'); },
  get fetchExamsFallback() { return text('fetchExamsFallback'); },
  get fetchExamFallback() { return text('fetchExamFallback'); },
  get updateFallback() { return text('updateFallback'); },
  get validationErrors() { return text('validationErrors'); },
  get createFailed() { return text('createFailed'); },
  get questionRemoved() { return text('questionRemoved'); },
  get questionsAdded() { return text('questionsAdded'); },
  get confirmRemoveQuestion() { return text('confirmRemoveQuestion'); },
  get confirmDeleteExam() { return text('confirmDeleteExam'); },
  get noQuestionsAdded() { return text('noQuestionsAdded'); },
  get noBankMatches() { return text('noBankMatches'); },
  get noExamsScheduled() { return text('noExamsScheduled'); },
  get examNotFound() { return text('examNotFound'); },
};

/** "Error updating exam: {reason}" and its kin: the failure and why, in one sentence. */
export const examFailure = (kind: 'updateFailed' | 'deleteFailed' | 'removeQuestionFailed' | 'addQuestionsFailed', reason: string) =>
  text(kind, { reason });

/**
 * Why a write failed, for "Error …: {reason}" texts: the server's own words (a 409 explains that
 * questions are frozen, a 400 which rule failed), else the catalogue text for the status, else
 * `fallback` when even that is missing.
 */
export function failureReason(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return messageFromServer(error, fallback ?? errorMessage(error));
  return fallback ?? errorMessage(error);
}
