import { i18n } from '../../../i18n';

/** Admin exams texts (surroundings §8 "Admin exams"): no exclamation marks, unlike the teacher's. */
export type AdminExamText = 'loadFailed' | 'empty' | 'deleted' | 'deleteFallback' | 'detailsFailed';
/** One of them in the reader's language (read at call time, never at load). */
export const adminExamText = (key: AdminExamText): string => i18n.t(`admin:exams.messages.${key}`);

/** Subjects offered by the admin filter (surroundings §9). */
export const ADMIN_FILTER_SUBJECTS = ['mathematics', 'science', 'english', 'history', 'computer-science'] as const;

/**
 * The admin status filter (active, published, draft) on the server's `published` filter. Every
 * exam is created active and nothing deactivates one yet, so Active and Published both select the
 * published exams; the label of each row still comes from adminExamStatus. Each is named by
 * common:enums.examStatuses.<value>.
 */
export const ADMIN_STATUS_FILTERS = [
  { value: 'active', published: 'true' },
  { value: 'published', published: 'true' },
  { value: 'draft', published: 'false' },
] as const;

export function publishedFilter(status: string): 'true' | 'false' | '' {
  return ADMIN_STATUS_FILTERS.find((s) => s.value === status)?.published ?? '';
}
