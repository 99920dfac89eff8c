import Router from '@koa/router';
import { LTI_MSG, ltiPlatformInputSchema } from '@exam/shared';
import type { Deps } from '../../deps';
import { auth, currentAuth, idParam, type AppState } from '../../middleware/auth';
import { validated } from '../../middleware/validate';
import { LTI_PLATFORM_MANAGERS } from '../../policies/ltiPlatforms';
import { publishedKeys, rotateKey } from '../../services/lti/keys';
import { createPlatform, deletePlatform, listPlatforms, updatePlatform } from '../../services/lti/platformAdmin';
import { createRegistrationLink } from '../../services/lti/registration';
import { canvasConfiguration, toolConfiguration } from '../../services/lti/registrationConfig';
import { ltiRegistrationRoutes } from './platformsRegistration';

/** A platform may cache our keyset this long; a rotation keeps the old key published far longer (jobs/ltiKeys.ts). */
const JWKS_MAX_AGE_S = 300;

/**
 * The admins' LMS platforms, our signing keys and what an LMS's admin pastes to add the tool
 * (docs/lti.md, "Register the tool in the LMS"). The keyset and the tool's values are public: an
 * LMS reads them without an account.
 */
export function ltiPlatformRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const admin = auth(deps, LTI_PLATFORM_MANAGERS);
  const platformId = (ctx: Parameters<typeof idParam>[0]) => idParam(ctx, 'id', LTI_MSG.platformNotFound);

  router.get('/platforms', admin, async (ctx) => {
    ctx.body = { success: true, data: { platforms: await listPlatforms(deps.db) } };
  });

  router.post(
    '/platforms',
    admin,
    validated(ltiPlatformInputSchema, async (ctx, input) => {
      const platform = await createPlatform(deps.db, input);
      ctx.status = 201;
      ctx.body = { success: true, message: LTI_MSG.platformCreated, data: { platform } };
    }),
  );

  router.put(
    '/platforms/:id',
    admin,
    validated(ltiPlatformInputSchema, async (ctx, input) => {
      const platform = await updatePlatform(deps.db, platformId(ctx), input);
      ctx.body = { success: true, message: LTI_MSG.platformUpdated, data: { platform } };
    }),
  );

  router.delete('/platforms/:id', admin, async (ctx) => {
    await deletePlatform(deps.db, platformId(ctx));
    ctx.body = { success: true, message: LTI_MSG.platformDeleted };
  });

  // A plain JWK Set, as platforms read it (no envelope).
  router.get('/jwks', async (ctx) => {
    ctx.set('Cache-Control', `public, max-age=${JWKS_MAX_AGE_S}`);
    ctx.body = await publishedKeys(deps.db);
  });

  router.post('/keys/rotate', admin, async (ctx) => {
    const kid = await rotateKey(deps.db);
    ctx.body = { success: true, message: LTI_MSG.keysRotated, data: { kid } };
  });

  router.get('/config', async (ctx) => {
    ctx.body = { success: true, data: { config: await toolConfiguration(deps) } };
  });

  // Canvas reads this as is ("Enter URL" on a developer key), so no envelope either.
  router.get('/canvas.json', async (ctx) => {
    ctx.body = canvasConfiguration(await toolConfiguration(deps));
  });

  router.post('/registration-links', admin, async (ctx) => {
    const link = await createRegistrationLink(deps, currentAuth(ctx).user.id);
    ctx.status = 201;
    ctx.body = { success: true, data: { link } };
  });

  const registration = ltiRegistrationRoutes(deps);
  router.use(registration.routes(), registration.allowedMethods());
  return router;
}
