import Router from '@koa/router';
import { SETTINGS_MSG, platformSettingsSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { ADMINS } from '../../policies/people';
import { AppError } from '../../errors';
import { translate } from '../../i18n/translator';
import { auth, currentAuth, type AppState } from '../../middleware/auth';
import { languageOf } from '../../middleware/language';
import { escapeHtml } from '../../services/mail';
import { validated } from '../../middleware/validate';
import { getPlatformSettings, publicSettings, savePlatformSettings } from '../../services/platformSettings';

/**
 * The school's settings: the public part for every visitor's browser, the whole for admins, who
 * alone may change them and check that mail goes out.
 */
export function platformSettingsRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/platform-settings' });
  const admin = auth(deps, ADMINS);

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
    const language = languageOf(ctx);
    const t = (key: string, values?: Record<string, unknown>) => translate(language, `emails:${key}`, { school: schoolName, ...values });
    try {
      await deps.mailer.send({
        to: me.email,
        subject: t('testMail.subject'),
        text: `${t('greeting', { name: me.first_name })}\n\n${t('testMail.body')}\n`,
        html: `<p>${escapeHtml(t('greeting', { name: me.first_name }))}</p><p>${escapeHtml(t('testMail.body'))}</p>`,
      });
    } catch (err) {
      throw new AppError(502, 'mail-failed', `${translate(language, 'messages:platformSettings.testMailFailed')}: ${(err as Error).message}`);
    }
    ctx.body = { success: true, message: t('testMail.sent', { email: me.email, via: t(deps.config.smtpUrl ? 'testMail.viaSmtp' : 'testMail.viaOutbox') }) };
  });
  return router;
}
