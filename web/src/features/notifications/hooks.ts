import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationKeys, notificationsApi, type ListParams } from './api';

export function useNotificationList(params: ListParams) {
  return useQuery({
    queryKey: notificationKeys.list(params),
    queryFn: () => notificationsApi.list(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** The newest unread ones and the unread count (the header asks for one, the dashboard widget for five). */
export function useUnread(limit: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread(limit),
    queryFn: () => notificationsApi.unread(limit),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** Reads and deletions refresh every notification query: the page, the widget and the header count. */
function useNotificationMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkRead = () => useNotificationMutation((ids: string[]) => Promise.all(ids.map((id) => notificationsApi.markRead(id))));
export const useMarkAllRead = () => useNotificationMutation(() => notificationsApi.markAllRead());
export const useDeleteNotification = () => useNotificationMutation((id: string) => notificationsApi.remove(id));
export const useDeleteNotifications = () => useNotificationMutation((ids: string[]) => notificationsApi.removeMany(ids));
