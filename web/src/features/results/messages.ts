import { i18n } from '../../i18n';
import { msg } from '../../i18n/messages';
import { ApiError, messageFromServer } from '../../api/http';

const t = (key: string) => i18n.t(key, { ns: 'results' });

/**
 * The results texts, as the screens show them, in the reader's
 * language. Each is a getter, read when a screen shows it: the catalogues load after the modules.
 */
export const RESULT_TEXT = {
  get resultNotFound() {
    return msg('grading.resultNotFound');
  },
  get resultsHidden() {
    return msg('grading.resultsHidden');
  },
  get noSubmissions() {
    return t('messages.noSubmissions');
  },
  get noResults() {
    return t('messages.noResults');
  },
  get noResultsYet() {
    return t('messages.noResultsYet');
  },
  get loadExamResultsFailed() {
    return t('messages.loadExamResultsFailed');
  },
  get fetchResultsFailed() {
    return t('messages.fetchResultsFailed');
  },
  get fetchSubmissionsFailed() {
    return t('messages.fetchSubmissionsFailed');
  },
  get examNotFound() {
    return t('messages.examNotFound');
  },
  get exportSubmissionsFailed() {
    return t('messages.exportSubmissionsFailed');
  },
  get exportResultsFailed() {
    return t('messages.exportResultsFailed');
  },
  get pendingReview() {
    return t('messages.pendingReview');
  },
  get resultsReleased() {
    return t('messages.resultsReleased');
  },
};

/** A load failure's text: the server's words, else the network text, else the screen's fallback. */
export const loadFailure = (error: unknown, fallback: string): string => messageFromServer(error, fallback);

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
