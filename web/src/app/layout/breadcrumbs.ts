import { i18n } from '../../i18n';
import type { Role } from '@exam/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { admits, matchPage } from '../routeTable';

/**
 * Segment labels (common:segments); a
 * segment without one is capitalised.
 */

export interface Crumb {
  label: string;
  /** Absent when the role cannot open the page (or it is the current one): the crumb is plain text. */
  href?: string;
}

export function segmentLabel(segment: string): string {
  const key = `segments.${segment}`;
  if (i18n.exists(key, { ns: 'common' })) return i18n.t(key, { ns: 'common' });
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
 * without one, from the documented segment labels; the crumb before it is the route's declared parent
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
    const label = crumb ? (crumb.name?.(page.params, cache) ?? i18n.t(`crumbs.${crumb.labelKey}`, { ns: 'common' })) : segmentLabel(safeDecode(path.split('/').pop() ?? ''));
    trail.unshift(admits(page, role) ? { label, href: path } : { label });
    path = crumb?.parent ? crumb.parent(page.params, role, cache) : parentPath(path);
  }
  return [{ label: i18n.t('nav.home', { ns: 'common' }), href: '/' }, ...trail];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
