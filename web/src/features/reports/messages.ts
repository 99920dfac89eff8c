import { msg } from '../../i18n/messages';
import { ApiError } from '../../api/http';

/** Student progress report texts of surroundings §8. */
export const REPORT_TEXT = {
  forbidden: 'Access denied. You do not have permission to view this report.',
  notFound: 'Student not found.',
  loadFailed: 'Failed to load progress data',
  empty: "This student hasn't taken any exams yet.",
} as const;

export function reportFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return REPORT_TEXT.loadFailed;
  if (error.status === 0) return msg('common.networkError');
  if (error.status === 403) return REPORT_TEXT.forbidden;
  if (error.status === 404) return REPORT_TEXT.notFound;
  return error.serverMessage ?? REPORT_TEXT.loadFailed;
}
