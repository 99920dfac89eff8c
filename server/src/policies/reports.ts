import type { Knex } from 'knex';
import { isParentOf, type Viewer } from './index';
import { resultShownSql } from './results';

/**
 * A student's progress report is for admins, teachers and the student's linked parents. A
 * teacher's report counts only results on exams they own; a parent's only results that are out
 * and not held by the integrity review.
 */
export function mayReadProgressOf(viewer: Viewer, studentId: string): boolean {
  const { role } = viewer.user;
  return role === 'admin' || role === 'teacher' || isParentOf(viewer, studentId);
}

/** Limits the report's graded attempts (aliased `a`, their exam `e`) to what this viewer may count. */
export function scopeProgressResults<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q): Q {
  const { role, id } = viewer.user;
  if (role === 'teacher') return query.where('e.owner_id', id) as Q;
  if (role === 'parent') return query.whereRaw(resultShownSql('e', 'a')) as Q;
  return query;
}
