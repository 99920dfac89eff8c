import type { Role } from '@exam/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { admits, matchPage } from '../routeTable';

/** Segment labels fixed by the spec (core §2, surroundings §2); other segments are capitalised. */
const SEGMENT_LABELS: Record<string, string> = {
  dashboard: 'Dashboard',
  'create-exam': 'Create Exam',
  'exam-list': 'Exam List',
  'exam-result': 'Exam Result',
  profile: 'Profile',
  settings: 'Settings',
  notifications: 'Notifications',
  help: 'Help',
  about: 'About',
  contact: 'Contact',
  payment: 'Payment',
  admin: 'Admin Panel',
  teacher: 'Teacher Portal',
  student: 'Student Portal',
  parent: 'Parent Portal',
};

export interface Crumb {
  label: string;
  /** Absent when the role cannot open the page (or it is the current one): the crumb is plain text. */
  href?: string;
}

export function segmentLabel(segment: string): string {
  const label = SEGMENT_LABELS[segment];
  if (label) return label;
  return segment.charAt(0).toUpperCase() + segment.slice(1);
}

/** The path one segment up ('/admin/users' → '/admin'); '/' at the top. */
function parentPath(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return `/${segments.slice(0, -1).join('/')}`;
}

/**
 * The breadcrumb trail of a page, Home first. Each crumb is a page of the route table: its label
 * comes from the route's handle (a name from data already loaded, never a raw id) or, for a route
 * without one, from the spec's segment labels; the crumb before it is the route's declared parent
 * or the nearest path prefix that has a page. Path prefixes with no page of their own ('/exam')
 * are left out rather than shown as dead links, and a crumb links only where the role may go.
 */
export function breadcrumbs(routes: RouteObject[], pathname: string, role: Role | null, cache: QueryClient): Crumb[] {
  const trail: Crumb[] = [];
  const seen = new Set<string>();
  let path = `/${pathname.split('/').filter(Boolean).join('/')}`;
  while (path !== '/' && !seen.has(path)) {
    seen.add(path);
    const page = matchPage(routes, path);
    if (!page) {
      path = parentPath(path);
      continue;
    }
    const { crumb } = page.handle;
    const label = crumb ? (crumb.name?.(page.params, cache) ?? crumb.label) : segmentLabel(safeDecode(path.split('/').pop() ?? ''));
    trail.unshift(admits(page, role) ? { label, href: path } : { label });
    path = crumb?.parent ? crumb.parent(page.params, role, cache) : parentPath(path);
  }
  return [{ label: 'Home', href: '/' }, ...trail];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
