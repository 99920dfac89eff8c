import { ApiError } from '../../api/http';
import { i18n } from '../../i18n';
import { msg } from '../../i18n/messages';

/** Student progress report texts, in the language on screen when called. */
export const reportText = (key: 'forbidden' | 'notFound' | 'loadFailed' | 'empty') => i18n.t(`reports:progress.${key}`);

export function reportFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return reportText('loadFailed');
  if (error.status === 0) return msg('common.networkError');
  if (error.status === 403) return reportText('forbidden');
  if (error.status === 404) return reportText('notFound');
  return error.serverMessage ?? reportText('loadFailed');
}
