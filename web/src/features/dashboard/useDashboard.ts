import { msg } from '../../i18n/messages';
import { type Role } from '@exam/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/http';
import { notifyError } from '../../lib/notify';
import { dashboardKeys, EMPTY_DASHBOARD, fetchDashboard, type DashboardByRole } from './api';
import { useLiveDashboard } from './useLiveDashboard';

/**
 * A role dashboard's data, kept live (see useLiveDashboard). On failure the page shows zeroed
 * stats and empty lists and toasts once, except for a 404.
 */
export function useRoleDashboard<R extends Role>(role: R, userId: string | null) {
  useLiveDashboard(userId);
  const query = useQuery({
    queryKey: dashboardKeys.role(role),
    queryFn: () => fetchDashboard(role),
    enabled: !!userId,
    staleTime: 0,
    meta: { silent: true },
  });
  const failed = query.isError;
  const status = query.error instanceof ApiError ? query.error.status : 0;
  useEffect(() => {
    if (failed && status !== 404 && status !== 401) notifyError(msg('dashboard.someFailed'), `dashboard-${role}`);
  }, [failed, status, role]);
  const data: DashboardByRole[R] = query.data ?? EMPTY_DASHBOARD[role];
  return { data, query, failed };
}
