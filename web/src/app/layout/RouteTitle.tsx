import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useBreadcrumbs } from './useBreadcrumbs';

/**
 * A tab title for every page from its last breadcrumb ('Exam List · ExamPortal'), so names, never
 * ids. A page that sets its own title with useDocumentTitle always wins, whenever the school's
 * name arrives.
 */
export function RouteTitle() {
  const crumbs = useBreadcrumbs();
  useDocumentTitle(crumbs.length > 1 ? crumbs.at(-1)!.label : null, { fallback: true });
  return null;
}
