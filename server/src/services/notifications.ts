import type { Knex } from 'knex';
import type { NotificationType } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { rooms } from '../ports/realtime';
import { presentNotification, type NotificationRow } from '../presenters/notification';
import { mailNotifications } from './notificationMail';
import { renderNotice, type NoticeText } from '../i18n/noticeText';
import { settingsOf } from './settings';

export interface NewNotification {
  type: NotificationType;
  title: NoticeText;
  message: NoticeText;
  actionUrl?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Stores one notification per user inside the caller's transaction and returns them; the caller
 * pushes them with `pushNotifications` after its commit.
 */
export async function createNotifications(trx: Db | Knex.Transaction, userIds: string[], n: NewNotification): Promise<NotificationRow[]> {
  return insertNotifications(trx, [...new Set(userIds)].map((userId) => ({ ...n, userId })));
}

/** Many notifications, each to its own user, in one statement. */
export async function insertNotifications(trx: Db | Knex.Transaction, items: (NewNotification & { userId: string })[]): Promise<NotificationRow[]> {
  if (!items.length) return [];
  return (await trx('notifications')
    .insert(
      items.map((n) => ({
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
export async function pushNotifications(deps: Deps, rows: NotificationRow[]): Promise<void> {
  if (!rows.length) return;
  // Each recipient reads it in their own language, live and by e-mail.
  const settings = await settingsOf(deps.db, rows.map((r) => r.user_id));
  const presented = rows.map((row) => ({ row, shown: presentNotification(row, settings.get(row.user_id)!.preferences.language) }));
  for (const { row, shown } of presented) deps.realtime.emit(rooms.user(row.user_id), 'notification', shown);
  await mailNotifications(deps, presented, settings).catch((err: unknown) => deps.log.error({ err }, 'notification mail failed'));
}

export async function notify(deps: Deps, userIds: string[], n: NewNotification): Promise<void> {
  await pushNotifications(deps, await createNotifications(deps.db, userIds, n));
}

/** Parents linked to any of these students by an accepted link (a request hears nothing). */
export async function parentsOf(db: Db | Knex.Transaction, studentIds: string[]): Promise<{ parent_id: string; child_id: string }[]> {
  if (!studentIds.length) return [];
  return (await db('parent_children').whereIn('child_id', studentIds).where('status', 'accepted').select('parent_id', 'child_id')) as { parent_id: string; child_id: string }[];
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
