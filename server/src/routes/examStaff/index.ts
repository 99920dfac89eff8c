import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

/** The teachers who share an exam's hall as its proctors and reviewers (issue 53). */
export function examStaffRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  return router;
}
