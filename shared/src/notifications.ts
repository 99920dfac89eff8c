import { z } from 'zod';
import { formatDate, formatDateTime, zoneLabel, type DateTimePrefs } from './dateFormat';
import { englishFormat, type Translate } from './i18n/translate';
import { limitQueryField, pageQueryField } from './validation';
import { isoTime } from './wireTime';

export const NOTIFICATION_TYPES = ['exam', 'result', 'reminder', 'system', 'payment', 'message', 'achievement', 'warning', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const DASHBOARD_NOTIFICATION_LIMIT = 5;

/** The icon a notification carries, named after its type so any client can map it. */
export const NOTIFICATION_ICONS: Record<NotificationType, string> = {
  exam: 'clipboard',
  result: 'chart-bar',
  reminder: 'clock',
  system: 'settings',
  payment: 'credit-card',
  message: 'message',
  achievement: 'trophy',
  warning: 'alert-triangle',
  info: 'info-circle',
};

/** A stored notification as its reader gets it: from the notification calls, and live as `notification`. */
export const notificationEventSchema = z.object({
  _id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  icon: z.string(),
  read: z.boolean(),
  readAt: isoTime.nullable(),
  createdAt: isoTime,
  actionUrl: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationEventSchema>;

/** The live event that carries a notification just stored for the user. */
export const NOTIFICATION_EVENT = 'notification';

/** GET /notifications: a page of the reader's notifications, and how many are unread in all. */
export interface NotificationPage {
  notifications: Notification[];
  total: number;
  unreadCount: number;
  currentPage: number;
  totalPages: number;
}

export const notificationListQuerySchema = z.object({
  limit: limitQueryField(50),
  page: pageQueryField,
  unread: z.enum(['true', 'false']).optional(),
  type: z.enum(NOTIFICATION_TYPES).optional(),
});

export const bulkNotificationSchema = z.object({
  notificationIds: z.array(z.uuid()).min(1, 'Please select notifications to delete').max(500),
});

/**
 * A stored notification holds times as data: its text names them as {{key}} and the instant sits
 * in metadata[key] (ISO). Each reader sees them in their own date and time settings.
 */
export const timePlaceholder = (key: string) => `{{${key}}}`;

/**
 * The notification's text with its times written out in the reader's settings, each naming its
 * zone: a text is read away from the page that set the zone (an e-mail, a phone's lock screen,
 * a parent in another country), where "5:48 PM" alone could be misread.
 */
export function notificationText(n: { message: string; metadata?: Record<string, unknown> | null }, prefs: DateTimePrefs): string {
  return n.message.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
    const value = n.metadata?.[key];
    return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? `${formatDateTime(value, prefs)} ${zoneLabel(value, prefs)}` : whole;
  });
}

/** 'Just now', minutes, hours (under 24), days (under 7), else the date in the reader's settings. */
export function relativeTime(iso: string, now: number, prefs: DateTimePrefs, t: Translate = englishFormat): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const s = Math.max(0, Math.floor((now - at) / 1000));
  if (s < 60) return t('justNow');
  const m = Math.floor(s / 60);
  if (m < 60) return t('minutesAgo', { count: m });
  const h = Math.floor(m / 60);
  if (h < 24) return t('hoursAgo', { count: h });
  const d = Math.floor(h / 24);
  if (d < 7) return t('daysAgo', { count: d });
  return formatDate(at, prefs);
}
