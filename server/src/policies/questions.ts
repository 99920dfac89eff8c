import type { Knex } from 'knex';
import { administers } from './people';
import type { Viewer } from './index';

/**
 * The question bank a viewer lists: an admin's is every question, a teacher's their own and those
 * other teachers share; `mine` narrows it to the viewer's own, `shared` to what others share.
 */
export function scopeQuestions<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q, ownerColumn: string, scope?: 'mine' | 'shared', sharedColumn = 'q.shared'): Q {
  const me = viewer.user.id;
  if (scope === 'mine') return query.where(ownerColumn, me) as Q;
  if (scope === 'shared') return query.where(sharedColumn, true).whereNot(ownerColumn, me) as Q;
  if (administers(viewer.user.role)) return query;
  return query.where((w) => w.where(ownerColumn, me).orWhere(sharedColumn, true)) as Q;
}
