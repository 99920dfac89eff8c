import { ApiError, errorMessage, messageFromServer } from '../../api/http';

/** The exam-management texts of spec core §8 and §5, as the screens show them. */
export const EXAM_TEXT = {
  created: 'Exam created successfully!',
  updated: 'Exam updated successfully!',
  deleted: 'Exam deleted successfully!',
  published: 'Exam published successfully!',
  loadForEditFailed: 'Error loading exam data',
  updateFailed: 'Error updating exam: ',
  deleteFailed: 'Error deleting exam: ',
  deleteFallback: 'Failed to delete exam',
  publishFallback: 'Failed to publish exam',
  fetchExamsFallback: 'Failed to fetch exams',
  fetchExamFallback: 'Failed to fetch exam',
  updateFallback: 'Failed to update exam',
  validationErrors: 'Validation errors:',
  createFailed: 'Error creating exam. Please try again.',
  questionRemoved: 'Question removed successfully!',
  removeQuestionFailed: 'Error removing question: ',
  questionsAdded: 'Questions added successfully!',
  addQuestionsFailed: 'Error adding questions: ',
  confirmRemoveQuestion: 'Are you sure you want to remove this question from the exam?',
  confirmDeleteExam: 'Are you sure you want to delete this exam? This action cannot be undone.',
  noQuestionsAdded: 'No Questions Added',
  noBankMatches: 'No questions found matching your criteria.',
  noExamsScheduled: 'No Exams Scheduled',
  examNotFound: 'Exam Not Found',
} as const;

/**
 * Why a write failed, for "Error …: {reason}" texts: the server's own words (a 409 explains that
 * questions are frozen, a 400 which rule failed), else the catalogue text for the status, else
 * `fallback` when even that is missing.
 */
export function failureReason(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return messageFromServer(error, fallback ?? errorMessage(error));
  return fallback ?? errorMessage(error);
}
