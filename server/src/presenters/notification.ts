import { NOTIFICATION_ICONS, type Notification, type NotificationType } from '@exam/shared';

export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  action_url: string | null;
  metadata: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    icon: NOTIFICATION_ICONS[row.type] ?? NOTIFICATION_ICONS.info,
    read: row.read_at !== null,
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    actionUrl: row.action_url,
    metadata: row.metadata,
  };
}
