import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

/** The integrity review: attempt timelines, decisions on flags and outcomes, an exam's review queue (issue 53). */
export function integrityRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
