import type { NotificationPage } from '@exam/shared';
import { http } from '../../api/http';
import { toQueryString } from '../../api/queryString';

/** Filters, as the list call reads them. */
export const NOTIFICATION_FILTERS = ['all', 'unread', 'read', 'exam', 'result', 'system'] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

export interface ListParams {
  filter: NotificationFilter;
  page: number;
  limit: number;
}

export function listQuery({ filter, page, limit }: ListParams) {
  return {
    limit,
    page,
    unread: filter === 'unread' ? 'true' : filter === 'read' ? 'false' : undefined,
    type: filter === 'exam' || filter === 'result' || filter === 'system' ? filter : undefined,
  };
}

export const notificationsApi = {
  list: (params: ListParams) => http.get<NotificationPage>(`/notifications${toQueryString(listQuery(params))}`).then((r) => r.data),
  unread: (limit: number) => http.get<NotificationPage>(`/notifications${toQueryString({ limit, unread: 'true' })}`).then((r) => r.data),
  markRead: (id: string) => http.put(`/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: () => http.put('/notifications/read-all'),
  remove: (id: string) => http.delete(`/notifications/${encodeURIComponent(id)}`),
  removeMany: (notificationIds: string[]) => http.delete('/notifications/bulk', { body: { notificationIds } }),
};

/** Every notification query starts with this key, so one invalidation refreshes the page, the widget and the count. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (params: ListParams) => ['notifications', 'list', params] as const,
  unread: (limit: number) => ['notifications', 'unread', limit] as const,
};
