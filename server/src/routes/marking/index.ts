import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

/** Marking by question: one question, every submitted attempt's answer in turn (issue 55). */
export function markingRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/exams' });
  return router;
}
