import type { Notification } from '@exam/shared';
import { notificationMessage } from '../../lib/dateFormat';

/**
 * The pop-up for a notification pushed live, or null when the user turned push notifications off
 * (the notification is still stored and counted; only the interruption goes).
 */
export function livePopUp(n: Pick<Notification, 'title' | 'message' | 'type'> & Partial<Pick<Notification, 'metadata'>>, pushNotifications: boolean): { title: string; message: string; color: string } | null {
  if (!pushNotifications || typeof n.title !== 'string') return null;
  return { title: n.title, message: notificationMessage(n), color: n.type === 'achievement' ? 'yellow' : n.type === 'warning' ? 'red' : 'indigo' };
}
