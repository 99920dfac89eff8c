import { i18n } from '../../../i18n';

/** Admin exams texts: no exclamation marks, unlike the teacher's. */
export type AdminExamText = 'loadFailed' | 'empty' | 'deleted' | 'deleteFallback' | 'detailsFailed';
/** One of them in the reader's language (read at call time, never at load). */
export const adminExamText = (key: AdminExamText): string => i18n.t(`admin:exams.messages.${key}`);

/** Subjects offered by the admin filter. */
export const ADMIN_FILTER_SUBJECTS = ['mathematics', 'science', 'english', 'history', 'computer-science'] as const;

/**
 * The admin status filter (active, published, draft), sent as the API's `status` filter, which
 * takes the same names: Active is published and active, Published is published but not active,
 * Draft is unpublished. Each is named by
 * common:enums.examStatuses.<value>.
 */
export const ADMIN_STATUS_FILTERS = [{ value: 'active' }, { value: 'published' }, { value: 'draft' }] as const;

/** The `status` query for a chosen filter; '' (not sent) for all. */
export function statusFilter(status: string): 'active' | 'published' | 'draft' | '' {
  return ADMIN_STATUS_FILTERS.find((s) => s.value === status)?.value ?? '';
}
