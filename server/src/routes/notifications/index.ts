import Router from '@koa/router';
import { NOTIFICATION_MSG, bulkNotificationSchema, notificationListQuerySchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { languageOf } from '../../middleware/language';
import { validated } from '../../middleware/validate';
import { presentNotification, type NotificationRow } from '../../presenters/notification';
import { timePrefsOf } from '../../services/notifications';

/** A user's own notifications (surroundings §7): nobody touches anyone else's. */
export function notificationRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/notifications' });
  const signedIn = auth(deps);
  const mine = (ctx: Parameters<typeof currentAuth>[0]) => deps.db('notifications').where({ user_id: currentAuth(ctx).user.id });
  const NOT_FOUND = 'Notification not found.';

  router.get(
    '/',
    signedIn,
    validated(
      notificationListQuerySchema,
      async (ctx, q) => {
        const base = mine(ctx);
        if (q.unread === 'true') base.whereNull('read_at');
        if (q.unread === 'false') base.whereNotNull('read_at');
        if (q.type) base.where('type', q.type);
        const rows = (await base
          .clone()
          .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
          .limit(q.limit)
          .offset((q.page - 1) * q.limit)) as NotificationRow[];
        const [{ total }] = (await base.clone().count({ total: '*' })) as { total: number | string }[] as [{ total: number | string }];
        const [{ unread }] = (await mine(ctx).whereNull('read_at').count({ unread: '*' })) as [{ unread: number | string }];
        const prefs = await timePrefsOf(deps.db, currentAuth(ctx).user.id, rows);
        ctx.body = {
          success: true,
          data: { notifications: rows.map((row) => presentNotification(row, languageOf(ctx), prefs)), total: Number(total), unreadCount: Number(unread), currentPage: q.page, totalPages: Math.ceil(Number(total) / q.limit) },
        };
      },
      'query',
    ),
  );

  router.put('/read-all', signedIn, async (ctx) => {
    const updated = await mine(ctx).whereNull('read_at').update({ read_at: deps.db.fn.now() });
    ctx.body = { success: true, message: NOTIFICATION_MSG.allRead, data: { updated } };
  });

  router.put('/:id/read', signedIn, async (ctx) => {
    const [row] = (await mine(ctx)
      .where({ id: idParam(ctx, 'id', NOT_FOUND) })
      .update({ read_at: deps.db.raw('coalesce(read_at, now())') })
      .returning('*')) as NotificationRow[];
    if (!row) throw Errors.notFound(NOT_FOUND);
    ctx.body = { success: true, data: { notification: presentNotification(row, languageOf(ctx), await timePrefsOf(deps.db, currentAuth(ctx).user.id, [row])) } };
  });

  // Registered before '/:id' so 'bulk' is never read as an id.
  router.delete(
    '/bulk',
    signedIn,
    validated(bulkNotificationSchema, async (ctx, input) => {
      const deleted = await mine(ctx).whereIn('id', input.notificationIds).delete();
      ctx.body = { success: true, message: NOTIFICATION_MSG.deletedMany, data: { deleted } };
    }),
  );

  router.delete('/:id', signedIn, async (ctx) => {
    const deleted = await mine(ctx).where({ id: idParam(ctx, 'id', NOT_FOUND) }).delete();
    if (!deleted) throw Errors.notFound(NOT_FOUND);
    ctx.body = { success: true, message: NOTIFICATION_MSG.deleted };
  });

  return router;
}
