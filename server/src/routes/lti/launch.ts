import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

export function ltiLaunchRoutes(deps: Deps): Router<AppState> {
  void deps;
  return new Router<AppState>();
}
