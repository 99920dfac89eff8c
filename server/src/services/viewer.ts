import type { Deps } from '../deps';
import type { Viewer } from '../policies';
import { followsChildren } from '../policies/people';

/**
 * The signed-in user with what policies need to know about them: a parent's children are only
 * those whose link the student accepted (a pending or declined request grants nothing).
 */
export async function loadViewer(deps: Deps, user: Viewer['user']): Promise<Viewer> {
  if (!followsChildren(user.role)) return { user, children: [] };
  const children = (await deps.db('parent_children as pc')
    .join('users as u', 'u.id', 'pc.child_id')
    .where({ 'pc.parent_id': user.id, 'pc.status': 'accepted' })
    .select('u.id', 'u.grade')) as { id: string; grade: number | null }[];
  return { user, children };
}
