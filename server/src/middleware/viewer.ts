import type { Context } from 'koa';
import type { Deps } from '../deps';
import type { Viewer } from '../policies';
import { loadViewer } from '../services/viewer';
import { currentAuth } from './auth';

/** The policies' view of the caller, loaded once per request. */
export async function viewerOf(deps: Deps, ctx: Context): Promise<Viewer> {
  const state = ctx.state as { viewer?: Viewer };
  state.viewer ??= await loadViewer(deps, currentAuth(ctx).user);
  return state.viewer;
}
