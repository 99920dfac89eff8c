import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

export function ltiServiceRoutes(deps: Deps): Router<AppState> {
  void deps;
  return new Router<AppState>();
}
