import Router from '@koa/router';
import {
  PROFILE_MSG,
  bulkSettingsSchema,
  updatePasswordSchema,
  updateProfileSchema,
  updateSettingSchema,
  type BulkSettingsInput,
} from '@exam/shared';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { languageOf, useLanguage } from '../../middleware/language';
import { parseInput, validated } from '../../middleware/validate';
import { authorize, type Viewer } from '../../policies';
import type { UserRow } from '../../db/userRow';
import { presentUser, presentUserFor } from '../../presenters/user';
import * as accounts from '../../services/accounts';
import { listAchievements } from '../../services/achievements';
import { releaseAvatar, storeAvatar } from '../../services/avatars';
import { contactShownTo } from '../../services/contactPrivacy';
import { updateProfile } from '../../services/profile';
import { changeSettings, getSettings, resetSettings } from '../../services/settings';
import { profileResource, userStats } from '../../services/userStats';
import { AVATAR_UPLOAD, fileUpload, uploadedFile } from '../../middleware/fileUpload';

const statsQuerySchema = z.object({ userId: z.uuid({ error: PROFILE_MSG.userNotFound }).optional() });

/**
 * The signed-in user's own account (docs/account.md): profile with avatar, password, statistics,
 * achievements and settings. Registered before any `/users/:id` router so these names are never
 * read as ids.
 */
export function accountRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/users' });
  const signedIn = auth(deps);

  router.put('/profile', signedIn, fileUpload(deps.config.dataDir, AVATAR_UPLOAD), async (ctx) => {
    const { user } = currentAuth(ctx);
    const input = parseInput(updateProfileSchema, (ctx.request as { body?: unknown }).body, languageOf(ctx));
    const file = uploadedFile(ctx, AVATAR_UPLOAD)?.path;
    const avatarUrl = file ? await storeAvatar(deps.files, user.id, file) : undefined;
    const updated = await updateProfile(deps, user.id, input, avatarUrl);
    if (avatarUrl && user.avatar && user.avatar !== avatarUrl) await releaseAvatar(deps.db, deps.files, deps.log, user.avatar);
    ctx.body = { success: true, message: PROFILE_MSG.updated, data: { user: presentUser(updated) } };
  });

  // Another person's profile as they chose to show it (privacy: showEmail, showPhone).
  router.get('/profile/:id', signedIn, async (ctx) => {
    const { user } = currentAuth(ctx);
    const target = (await deps.db('users').where({ id: idParam(ctx, 'id', PROFILE_MSG.userNotFound) }).first()) as UserRow | undefined;
    if (!target) throw Errors.notFound(PROFILE_MSG.userNotFound);
    const shown = await contactShownTo(deps.db, user, [target.id]);
    ctx.body = { success: true, data: { user: presentUserFor(target, shown(target.id)) } };
  });

  router.put(
    '/password',
    signedIn,
    validated(updatePasswordSchema, async (ctx, input) => {
      const { user, sessionId } = currentAuth(ctx);
      await accounts.changePassword(deps, { user, sessionId, ...input });
      ctx.body = { success: true, message: PROFILE_MSG.passwordUpdatedSignedOut, data: { otherSessionsSignedOut: true } };
    }),
  );

  router.get(
    '/stats',
    signedIn,
    validated(
      statsQuerySchema,
      async (ctx, q) => {
        const { user } = currentAuth(ctx);
        let target = user;
        if (q.userId && q.userId !== user.id) {
          const row = (await deps.db('users').where({ id: q.userId }).first()) as UserRow | undefined;
          if (!row) throw Errors.notFound(PROFILE_MSG.userNotFound);
          const viewer: Viewer = { user, children: [] };
          authorize(viewer, 'read-stats', 'profile', await profileResource(deps, user, row), Errors.forbidden(PROFILE_MSG.statsPrivate));
          target = row;
        }
        const stats = await userStats(deps, target);
        // The figures at `data` itself (as the documented client reads them) and under `data.stats`.
        ctx.body = { success: true, data: { ...stats, stats } };
      },
      'query',
    ),
  );

  router.get('/achievements', signedIn, async (ctx) => {
    // `data` is the list itself, as the documented client reads it.
    ctx.body = { success: true, data: await listAchievements(deps, currentAuth(ctx).user.id, languageOf(ctx)) };
  });

  router.get('/settings', signedIn, async (ctx) => {
    const settings = await getSettings(deps.db, currentAuth(ctx).user.id);
    // The settings object at `data` itself (as the documented client reads it) and under `data.settings`.
    ctx.body = { success: true, data: { ...settings, settings } };
  });

  router.put(
    '/settings',
    signedIn,
    validated(updateSettingSchema, async (ctx, input) => {
      const change = { [input.category]: { [input.key]: input.value } } as BulkSettingsInput;
      const settings = await changeSettings(deps.db, currentAuth(ctx).user.id, change);
      // A new language answers in itself at once.
      if (change.preferences?.language) useLanguage(ctx, settings.preferences.language);
      ctx.body = { success: true, message: PROFILE_MSG.settingsSaved, data: { settings } };
    }),
  );

  router.put(
    '/settings/bulk',
    signedIn,
    validated(bulkSettingsSchema, async (ctx, input) => {
      // The documented payload is the settings object; `{ settings: {...} }` is accepted too.
      const settings = await changeSettings(deps.db, currentAuth(ctx).user.id, input);
      if (input.preferences?.language) useLanguage(ctx, settings.preferences.language);
      ctx.body = { success: true, message: PROFILE_MSG.settingsSaved, data: { settings } };
    }),
  );

  router.post('/settings/reset', signedIn, async (ctx) => {
    const settings = await resetSettings(deps, currentAuth(ctx).user.id);
    ctx.body = { success: true, message: PROFILE_MSG.settingsReset, data: { settings } };
  });

  return router;
}
