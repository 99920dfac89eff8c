import type { Knex } from 'knex';
import { administers } from './people';
import type { Viewer } from './index';

/** The question bank a viewer lists: an admin's is every question, a teacher's their own. */
export function scopeQuestions<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q, ownerColumn: string): Q {
  return administers(viewer.user.role) ? query : (query.where(ownerColumn, viewer.user.id) as Q);
}
