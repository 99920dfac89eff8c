import Router from '@koa/router';
import { NOTIFICATION_MSG, bulkNotificationSchema, notificationListQuerySchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { languageOf } from '../../middleware/language';
import { validated } from '../../middleware/validate';
import { presentNotification } from '../../presenters/notification';
import { deleteNotifications, listInbox, markAllRead, markRead } from '../../services/notificationInbox';
import { timePrefsOf } from '../../services/notifications';

/** A user's own notifications: nobody touches anyone else's (docs/api.md). */
export function notificationRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/notifications' });
  const signedIn = auth(deps);
  const NOT_FOUND = 'Notification not found.';

  router.get(
    '/',
    signedIn,
    validated(
      notificationListQuerySchema,
      async (ctx, q) => {
        const { user } = currentAuth(ctx);
        const { rows, total, unread } = await listInbox(deps, user, q);
        const prefs = await timePrefsOf(deps.db, user.id, rows);
        ctx.body = {
          success: true,
          data: { notifications: rows.map((row) => presentNotification(row, languageOf(ctx), prefs)), total, unreadCount: unread, currentPage: q.page, totalPages: Math.ceil(total / q.limit) },
        };
      },
      'query',
    ),
  );

  router.put('/read-all', signedIn, async (ctx) => {
    const updated = await markAllRead(deps, currentAuth(ctx).user);
    ctx.body = { success: true, message: NOTIFICATION_MSG.allRead, data: { updated } };
  });

  router.put('/:id/read', signedIn, async (ctx) => {
    const row = await markRead(deps, currentAuth(ctx).user, idParam(ctx, 'id', NOT_FOUND));
    if (!row) throw Errors.notFound(NOT_FOUND);
    ctx.body = { success: true, data: { notification: presentNotification(row, languageOf(ctx), await timePrefsOf(deps.db, currentAuth(ctx).user.id, [row])) } };
  });

  // Registered before '/:id' so 'bulk' is never read as an id.
  router.delete(
    '/bulk',
    signedIn,
    validated(bulkNotificationSchema, async (ctx, input) => {
      const deleted = await deleteNotifications(deps, currentAuth(ctx).user, input.notificationIds);
      ctx.body = { success: true, message: NOTIFICATION_MSG.deletedMany, data: { deleted } };
    }),
  );

  router.delete('/:id', signedIn, async (ctx) => {
    const deleted = await deleteNotifications(deps, currentAuth(ctx).user, [idParam(ctx, 'id', NOT_FOUND)]);
    if (!deleted) throw Errors.notFound(NOT_FOUND);
    ctx.body = { success: true, message: NOTIFICATION_MSG.deleted };
  });

  return router;
}
