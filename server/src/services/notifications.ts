import type { Knex } from 'knex';
import { DEFAULT_SETTINGS, NOTIFICATION_EVENT, type DateTimePrefs, type NotificationType } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { rooms } from '../ports/realtime';
import { namesATime, presentNotification, type NotificationRow } from '../presenters/notification';
import { mailNotifications } from './notificationMail';
import { renderNotice, type NoticeText } from '../i18n/noticeText';
import { getSettings, recipientsOf, type Recipients } from './settings';

export interface NewNotification {
  type: NotificationType;
  title: NoticeText;
  message: NoticeText;
  actionUrl?: string;
  metadata?: Record<string, unknown>;
}

/** A notification addressed to one user, as insertNotifications stores it. */
export type UserNotification = NewNotification & { userId: string };

/**
 * Stores one notification per user inside the caller's transaction and returns them; the caller
 * pushes them with `pushNotifications` after its commit.
 */
export async function createNotifications(trx: Db | Knex.Transaction, userIds: string[], n: NewNotification): Promise<NotificationRow[]> {
  return insertNotifications(trx, [...new Set(userIds)].map((userId) => ({ ...n, userId })));
}

/**
 * Many notifications, each to its own user, in one statement, returned in the order given. Each is
 * stamped with the moment its row is written, not the transaction's start, and the rows of one
 * insert each later than the one before: a result and what it earned, stored together, still list
 * in the order they were told.
 */
export async function insertNotifications(trx: Db | Knex.Transaction, items: UserNotification[]): Promise<NotificationRow[]> {
  if (!items.length) return [];
  return (await trx('notifications')
    .insert(
      items.map((n, i) => ({
        // A microsecond apart at least: the embedded database's clock counts milliseconds.
        created_at: trx.raw("clock_timestamp() + ? * interval '1 microsecond'", [i]),
        user_id: n.userId,
        type: n.type,
        title: renderNotice(n.title, 'en'),
        message: renderNotice(n.message, 'en'),
        texts: JSON.stringify({ title: n.title, message: n.message }),
        action_url: n.actionUrl ?? null,
        metadata: JSON.stringify(n.metadata ?? {}),
      })),
    )
    .returning('*')) as NotificationRow[];
}

/**
 * Delivers stored notifications (after the commit): live to their users' rooms, and by e-mail to
 * those whose settings ask for that kind (see `mailNotifications`). Whether a live one pops up is
 * the user's pushNotifications choice, applied by their app; the list updates either way.
 */
export async function pushNotifications(deps: Deps, rows: NotificationRow[], known?: Recipients): Promise<void> {
  if (!rows.length) return;
  // Each recipient reads it in their own language, live and by e-mail: as the caller read them
  // (`known`, with what it read before), or read now.
  const unknown = rows.map((r) => r.user_id).filter((id) => !known?.has(id));
  const recipients = unknown.length ? new Map([...(known ?? []), ...(await recipientsOf(deps.db, unknown))]) : known!;
  const presented = rows.map((row) => {
    const { preferences } = recipients.get(row.user_id)!.settings;
    return { row, shown: presentNotification(row, preferences.language, preferences) };
  });
  for (const { row, shown } of presented) deps.realtime.emit(rooms.user(row.user_id), NOTIFICATION_EVENT, shown);
  await mailNotifications(deps, presented, recipients).catch((err: unknown) => deps.log.error({ err }, 'notification mail failed'));
}

/**
 * A reader's date and time settings for presenting their notifications: read only when one of
 * them names a time (most do not), the defaults otherwise.
 */
export async function timePrefsOf(db: Db | Knex.Transaction, userId: string, rows: NotificationRow[]): Promise<DateTimePrefs> {
  return rows.some(namesATime) ? (await getSettings(db, userId)).preferences : DEFAULT_SETTINGS.preferences;
}

export async function notify(deps: Deps, userIds: string[], n: NewNotification): Promise<void> {
  await pushNotifications(deps, await createNotifications(deps.db, userIds, n));
}

/** Every student an exam is meant for: its eligible list, or with none, every active student of its grade. */
export async function eligibleStudentIds(db: Db | Knex.Transaction, examId: string): Promise<string[]> {
  const listed = (await db('exam_eligible_students').where({ exam_id: examId }).pluck('student_id')) as string[];
  if (listed.length) return listed;
  return (await db('users as u')
    .join('exams as e', 'e.grade', 'u.grade')
    .where({ 'e.id': examId, 'u.role': 'student', 'u.is_active': true })
    .pluck('u.id')) as string[];
}
