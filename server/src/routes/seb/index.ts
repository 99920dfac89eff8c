import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

/** Safe Exam Browser: an exam's .seb file and the school's allowed browser exam keys (docs/seb.md). */
export function sebRoutes(deps: Deps): Router<AppState> {
  void deps;
  return new Router<AppState>();
}
