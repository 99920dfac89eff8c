import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { breadcrumbs } from './breadcrumbs';

const LOOKS_LIKE_ID = /^[0-9a-f-]{16,}$/i;

/**
 * A tab title for every page from its path ('Exam List · ExamPortal'), skipping ids. A page that
 * sets its own title with useDocumentTitle always wins, whenever the school's name arrives.
 */
export function RouteTitle() {
  const { pathname } = useLocation();
  const crumbs = breadcrumbs(pathname).filter((c) => !LOOKS_LIKE_ID.test(c.href.split('/').pop() ?? ''));
  useDocumentTitle(crumbs.length > 1 ? crumbs.at(-1)!.label : null, { fallback: true });
  return null;
}
