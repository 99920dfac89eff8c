/** Admin exams texts (surroundings §8 "Admin exams"): no exclamation marks, unlike the teacher's. */
export const ADMIN_EXAM_TEXT = {
  loadFailed: 'Failed to load exams',
  empty: 'No exams found matching your criteria',
  deleted: 'Exam deleted successfully',
  deleteFallback: 'Failed to delete exam',
  detailsFailed: 'Failed to load exam details',
} as const;

/** Subjects offered by the admin filter (surroundings §9). */
export const ADMIN_FILTER_SUBJECTS = ['mathematics', 'science', 'english', 'history', 'computer-science'] as const;

/**
 * The admin status filter (active, published, draft) on the server's `published` filter. Every
 * exam is created active and nothing deactivates one yet, so Active and Published both select the
 * published exams; the label of each row still comes from adminExamStatus.
 */
export const ADMIN_STATUS_FILTERS = [
  { value: 'active', label: 'Active', published: 'true' },
  { value: 'published', label: 'Published', published: 'true' },
  { value: 'draft', label: 'Draft', published: 'false' },
] as const;

export function publishedFilter(status: string): 'true' | 'false' | '' {
  return ADMIN_STATUS_FILTERS.find((s) => s.value === status)?.published ?? '';
}
