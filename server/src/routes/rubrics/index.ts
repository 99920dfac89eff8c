import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

/** A teacher's library of rubrics, to put on their essay questions (issue 55). */
export function rubricRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/rubrics' });
  return router;
}
