import type { Deps } from '../deps';
import type { Viewer } from '../policies';
import { scopeGrantingLinks, scopeLinksHeldBy } from '../policies/parentLinks';
import { followsChildren } from '../policies/people';

/**
 * The signed-in user with what policies need to know about them: a parent's children are only
 * those whose link the student accepted (a pending or declined request grants nothing).
 */
export async function loadViewer(deps: Deps, user: Viewer['user']): Promise<Viewer> {
  if (!followsChildren(user.role)) return { user, children: [] };
  const children = (await scopeGrantingLinks(scopeLinksHeldBy(user, deps.db('parent_children as pc'), 'pc'), 'pc')
    .join('users as u', 'u.id', 'pc.child_id')
    .select('u.id', 'u.grade')) as { id: string; grade: number | null }[];
  return { user, children };
}
