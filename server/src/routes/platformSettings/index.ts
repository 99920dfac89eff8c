import Router from '@koa/router';
import { SETTINGS_MSG, platformSettingsSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { auth, currentAuth, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { getPlatformSettings, publicSettings, savePlatformSettings } from '../../services/platformSettings';

/**
 * The school's settings: the public part for every visitor's browser, the whole for admins, who
 * alone may change them and check that mail goes out.
 */
export function platformSettingsRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/platform-settings' });
  const admin = auth(deps, ['admin']);

  router.get('/', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { success: true, data: { settings: publicSettings(await getPlatformSettings(deps)) } };
  });

  router.get('/admin', admin, async (ctx) => {
    ctx.body = { success: true, data: { settings: await getPlatformSettings(deps), mail: { mode: deps.config.smtpUrl ? 'smtp' : 'dev-outbox' } } };
  });

  router.put(
    '/',
    admin,
    validated(platformSettingsSchema, async (ctx, input) => {
      const settings = await savePlatformSettings(deps, input, currentAuth(ctx).user.id);
      ctx.body = { success: true, message: SETTINGS_MSG.saved, data: { settings } };
    }),
  );

  // Sends to the admin's own address and reports what the mail server said.
  router.post('/test-email', admin, async (ctx) => {
    const me = currentAuth(ctx).user;
    const { schoolName } = await getPlatformSettings(deps);
    try {
      await deps.mailer.send({
        to: me.email,
        subject: `${schoolName}: test e-mail`,
        text: `Hello ${me.first_name},\n\nThis is a test e-mail from ${schoolName}. Mail is working.\n`,
        html: `<p>Hello,</p><p>This is a test e-mail from the exam platform. Mail is working.</p>`,
      });
    } catch (err) {
      throw new AppError(502, 'mail-failed', `${SETTINGS_MSG.testMailFailed}: ${(err as Error).message}`);
    }
    ctx.body = { success: true, message: `${SETTINGS_MSG.testMailSent} to ${me.email} (${deps.config.smtpUrl ? 'SMTP' : 'dev outbox, not delivered'})` };
  });
  return router;
}
