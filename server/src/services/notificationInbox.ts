import type { z } from 'zod';
import type { notificationListQuerySchema } from '@exam/shared';
import type { Deps } from '../deps';
import { scopeNotifications } from '../policies/notifications';
import type { NotificationRow } from '../presenters/notification';

type InboxQuery = z.output<typeof notificationListQuerySchema>;
type Owner = { id: string };

const inboxOf = (deps: Deps, owner: Owner) => scopeNotifications(owner, deps.db('notifications'));

/** A page of the owner's notifications, newest first, with how many match and how many are unread. */
export async function listInbox(deps: Deps, owner: Owner, q: InboxQuery): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const base = inboxOf(deps, owner);
  if (q.unread === 'true') base.whereNull('read_at');
  if (q.unread === 'false') base.whereNotNull('read_at');
  if (q.type) base.where('type', q.type);
  const rows = (await base
    .clone()
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)) as NotificationRow[];
  const [{ total }] = (await base.clone().count({ total: '*' })) as [{ total: number | string }];
  const [{ unread }] = (await inboxOf(deps, owner).whereNull('read_at').count({ unread: '*' })) as [{ unread: number | string }];
  return { rows, total: Number(total), unread: Number(unread) };
}

/** Marks every unread notification read; returns how many were. */
export async function markAllRead(deps: Deps, owner: Owner): Promise<number> {
  return inboxOf(deps, owner).whereNull('read_at').update({ read_at: deps.db.fn.now() });
}

/** Marks one read (keeping when it first was); undefined when it is not the owner's. */
export async function markRead(deps: Deps, owner: Owner, id: string): Promise<NotificationRow | undefined> {
  const [row] = (await inboxOf(deps, owner)
    .where({ id })
    .update({ read_at: deps.db.raw('coalesce(read_at, now())') })
    .returning('*')) as NotificationRow[];
  return row;
}

/** Deletes those of the ids that are the owner's; returns how many. */
export async function deleteNotifications(deps: Deps, owner: Owner, ids: string[]): Promise<number> {
  return inboxOf(deps, owner).whereIn('id', ids).delete();
}
