import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import compose from 'koa-compose';
import {
  USER_MSG,
  adminCreateUserSchema,
  fillMessage,
  type ImportRow,
  adminUpdateUserSchema,
  studentListQuerySchema,
  userImportSchema,
  userListQuerySchema,
  userStatusSchema,
} from '@exam/shared';
import type { Deps } from '../../deps';
import { ADMINS, STAFF } from '../../policies/people';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { languageOf } from '../../middleware/language';
import { translateTexts } from '../../i18n/translator';
import { presentUser, presentUserFor } from '../../presenters/user';
import { contactShownTo } from '../../services/contactPrivacy';
import { listStudents } from '../../services/studentList';
import { accommodatedAmong } from '../../services/accommodations';
import { isUuid } from '../../uuid';
import { confirmImport, previewImport } from '../../services/userImport';
import { withStatementDeadline } from '../../db/deadlines';
import { createUserByAdmin, deleteUserByAdmin, listUsers, setUserActive, updateUserByAdmin } from '../../services/userAdmin';

/**
 * Other areas own fixed paths under /users (/users/profile, /users/settings...). The routes
 * here take a user id, so a path segment that is not one passes on to them instead of running
 * this chain.
 */
function forUserId(...chain: Middleware[]): Middleware {
  const run = compose(chain);
  return (ctx, next) => (isUuid((ctx as unknown as { params: Record<string, string> }).params.id) ? run(ctx) : next());
}

/** People management, the admins' half: the /users calls (docs/people.md). */
export function userRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/users' });
  const admin = auth(deps, ADMINS);
  const staff = auth(deps, STAFF);
  const userId = (ctx: Context) => idParam(ctx, 'id', USER_MSG.userNotFound);

  router.get(
    '/',
    admin,
    validated(
      userListQuerySchema,
      async (ctx, query) => {
        const { rows, total } = await listUsers(deps.db, query);
        ctx.body = {
          success: true,
          data: { users: rows.map(presentUser), total, totalPages: Math.ceil(total / query.limit), currentPage: query.page },
        };
      },
      'query',
    ),
  );

  // The same creation as POST /auth/register with an admin's token; this path gets the web
  // client's silent token refresh, which the sign-in calls deliberately skip.
  router.post(
    '/',
    admin,
    validated(adminCreateUserSchema, async (ctx, input) => {
      const user = await createUserByAdmin(deps, input);
      ctx.status = 201;
      ctx.body = { success: true, message: USER_MSG.created, data: { user: presentUser(user) } };
    }),
  );

  router.get(
    '/students/list',
    staff,
    validated(
      studentListQuerySchema,
      async (ctx, query) => {
        const { user } = currentAuth(ctx);
        const { rows, total, stats } = await listStudents(deps.db, user, query);
        const shown = await contactShownTo(deps.db, user, rows.map((r) => r.id));
        const accommodated = await accommodatedAmong(deps.db, rows.map((r) => r.id));
        ctx.body = {
          success: true,
          data: {
            students: rows.map((r) => ({ ...presentUserFor(r, shown(r.id)), status: r.is_active ? 'active' : 'inactive', accommodated: accommodated.has(r.id) })),
            total,
            totalPages: Math.ceil(total / query.limit),
            currentPage: query.page,
            stats,
          },
        };
      },
      'query',
    ),
  );

  router.post(
    '/import/preview',
    admin,
    validated(userImportSchema, async (ctx, input) => {
      const preview = await previewImport(deps, input.csv);
      ctx.body = { success: true, data: { ...preview, rows: rowsIn(languageOf(ctx), preview.rows) } };
    }),
  );

  router.post(
    '/import/confirm',
    admin,
    validated(userImportSchema, async (ctx, input) => {
      // Thousands of rows in one transaction: the long deadline, not a request's (as the results export).
      const result = await withStatementDeadline(deps.config.deadlines.dbLongStatementMs, () => confirmImport(deps, input.csv, languageOf(ctx)));
      ctx.status = 201;
      ctx.body = { success: true, message: fillMessage(USER_MSG.imported_other, { count: result.created }), data: { ...result, rows: rowsIn(languageOf(ctx), result.rows) } };
    }),
  );

  router.put(
    '/:id',
    forUserId(
      admin,
      validated(adminUpdateUserSchema, async (ctx, input) => {
        const user = await updateUserByAdmin(deps, currentAuth(ctx).user, userId(ctx), input);
        ctx.body = { success: true, message: USER_MSG.updated, data: { user: presentUser(user) } };
      }),
    ),
  );

  router.put(
    '/:id/status',
    forUserId(
      admin,
      validated(userStatusSchema, async (ctx, input) => {
        const user = await setUserActive(deps, currentAuth(ctx).user, userId(ctx), input.isActive);
        ctx.body = { success: true, message: input.isActive ? USER_MSG.activated : USER_MSG.deactivated, data: { user: presentUser(user) } };
      }),
    ),
  );

  router.delete(
    '/:id',
    forUserId(admin, async (ctx) => {
      await deleteUserByAdmin(deps, currentAuth(ctx).user, userId(ctx));
      ctx.body = { success: true, message: USER_MSG.deleted };
    }),
  );

  return router;
}

/** The import rows with their problems in the reader's language. */
function rowsIn(language: string, rows: ImportRow[]): ImportRow[] {
  return language === 'en' ? rows : rows.map((r) => (r.problems.length ? { ...r, problems: translateTexts(language, r.problems) } : r));
}
