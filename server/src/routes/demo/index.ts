import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';
import { DEMO_PASSWORD } from '../../seed/demo';
import { activeDemoAccounts } from '../../seed/demoAccounts';

/**
 * The demo accounts a visitor may sign in as with one click, only on an installation that seeds
 * them (SEED_DEMO, the embedded default) and only those still active; anywhere else the list is
 * empty and the demo page shows just its tour.
 */
export function demoRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/demo' });
  router.get('/accounts', async (ctx) => {
    if (!deps.config.seedDemo) {
      ctx.body = { success: true, data: { accounts: [], password: null } };
      return;
    }
    const accounts = await activeDemoAccounts(deps);
    ctx.body = { success: true, data: { accounts, password: accounts.length ? DEMO_PASSWORD : null } };
  });
  return router;
}
