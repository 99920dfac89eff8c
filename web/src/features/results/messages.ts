import { msg } from '../../i18n/messages';
import { ApiError, messageFromServer } from '../../api/http';

/** The results texts of spec core §8 and surroundings §8, as the screens show them. */
export const RESULT_TEXT = {
  resultNotFound: msg('grading.resultNotFound'),
  resultsHidden: msg('grading.resultsHidden'),
  noSubmissions: 'No Submissions Found',
  noResults: 'No Results Found',
  noResultsYet: 'No Results Yet',
  loadExamResultsFailed: 'Failed to load exam results',
  fetchResultsFailed: 'Failed to fetch results',
  fetchSubmissionsFailed: 'Failed to fetch submissions',
  examNotFound: 'Exam Not Found',
  exportSubmissionsFailed: 'Error exporting submissions',
  exportResultsFailed: 'Failed to export results',
  pendingReview: 'Pending review',
  resultsReleased: 'Results released to students and parents',
} as const;

/** A load failure's text: the server's words, else the network text, else the screen's fallback. */
export const loadFailure = (error: unknown, fallback: string): string => messageFromServer(error, fallback);

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
