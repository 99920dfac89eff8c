import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '../../session/useAuth';
import { useRouteTable } from '../routeTable';
import { breadcrumbs, type Crumb } from './breadcrumbs';

/**
 * The current page's breadcrumb trail, kept up to date with the query cache: a crumb that waits
 * for an exam's title shows it as soon as the page's own query has loaded it, with no request of
 * its own. The snapshot is the trail as text, so unrelated cache traffic does not re-render.
 */
export function useBreadcrumbs(): Crumb[] {
  const { pathname } = useLocation();
  const routes = useRouteTable();
  const role = useAuth().user?.role ?? null;
  const client = useQueryClient();
  // Crumbs are words: a change of language draws them again.
  useTranslation();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(breadcrumbs(routes, pathname, role, client)));
  return JSON.parse(snapshot) as Crumb[];
}
