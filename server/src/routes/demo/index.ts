import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';
import { DEMO_PASSWORD, DEMO_USERS } from '../../seed/demo';

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
    const emails = DEMO_USERS.map((u) => u.email);
    const rows = (await deps.db('users').whereIn('email', emails).where({ is_active: true }).select('email', 'role')) as { email: string; role: string }[];
    const order = new Map(emails.map((e, i) => [e, i]));
    rows.sort((a, b) => order.get(a.email)! - order.get(b.email)!);
    ctx.body = { success: true, data: { accounts: rows.map((r) => ({ role: r.role, email: r.email })), password: rows.length ? DEMO_PASSWORD : null } };
  });
  return router;
}
