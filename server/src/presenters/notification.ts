import { NOTIFICATION_ICONS, notificationText, type DateTimePrefs, type Notification, type NotificationType } from '@exam/shared';
import { renderNotice, type NoticeText } from '../i18n/noticeText';

export interface NotificationRow {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  /** The words as catalogue keys and values (null on notifications written before they were kept). */
  texts: { title: NoticeText; message: NoticeText } | null;
  action_url: string | null;
  metadata: Record<string, unknown>;
  read_at: Date | null;
  created_at: Date;
}

/**
 * A notification in its reader's language (English text for those stored before keys were kept),
 * its times ({{startsAt}} with the instant in metadata) written out in the reader's date and time
 * settings: a client shows `message` as it is.
 */
export function presentNotification(row: NotificationRow, language: string | undefined, prefs: DateTimePrefs): Notification {
  const message = row.texts ? renderNotice(row.texts.message, language) : row.message;
  return {
    _id: row.id,
    title: row.texts ? renderNotice(row.texts.title, language) : row.title,
    message: notificationText({ message, metadata: row.metadata }, { ...prefs, language: language ?? prefs.language }),
    type: row.type,
    icon: NOTIFICATION_ICONS[row.type] ?? NOTIFICATION_ICONS.info,
    read: row.read_at !== null,
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    actionUrl: row.action_url,
    metadata: row.metadata,
  };
}

/** Whether a stored notification names a time to be written out in its reader's settings. */
export const namesATime = (row: Pick<NotificationRow, 'message' | 'metadata'>): boolean => /\{\{\w+\}\}/.test(row.message) && Object.keys(row.metadata ?? {}).length > 0;
