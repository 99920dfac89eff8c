import Router from '@koa/router';
import type { Deps } from '../../deps';
import type { AppState } from '../../middleware/auth';

/** A teacher's comment bank: comments saved once and inserted while marking, most used first (issue 55). */
export function markingCommentRoutes(_deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/marking-comments' });
  return router;
}
