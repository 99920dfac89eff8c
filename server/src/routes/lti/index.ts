import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';
import { ltiLaunchRoutes } from './launch';
import { ltiPlatformRoutes } from './platforms';
import { ltiServiceRoutes } from './services';

/**
 * LTI 1.3 under /api/lti (docs/lti.md): the tool's keys, config and the admins' platforms; the
 * OIDC login, launch and deep linking; and the course roster and gradebook of each linked exam.
 */
export function ltiRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/lti' });
  for (const r of [ltiPlatformRoutes(deps), ltiLaunchRoutes(deps), ltiServiceRoutes(deps)]) router.use(r.routes(), r.allowedMethods());
  return router;
}
