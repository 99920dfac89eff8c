import type { Knex } from 'knex';
import { isParentOf, type Viewer } from './index';

/**
 * Fees: admins issue them and see every student's; a student sees and pays their own; a parent
 * sees and pays those of children whose link they accepted (a pending or declined request grants
 * nothing). Teachers have nothing to do with fees. The predicate and the list's scope say the same.
 */
export interface FeeResource {
  student_id: string;
}

export function mayReadFee(viewer: Viewer, fee: FeeResource): boolean {
  const { role, id } = viewer.user;
  return role === 'admin' || (role === 'student' && fee.student_id === id) || isParentOf(viewer, fee.student_id);
}

/** Paying is for the people who owe it; an admin does not pay a student's fee for them. */
export function mayPayFee(viewer: Viewer, fee: FeeResource): boolean {
  return viewer.user.role !== 'admin' && mayReadFee(viewer, fee);
}

export function mayIssueFees(viewer: Viewer): boolean {
  return viewer.user.role === 'admin';
}

/** Limits a fee query to the rows this viewer may list; `column` names the fee's student. */
export function scopeFees<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q, column: string): Q {
  const { role, id } = viewer.user;
  if (role === 'admin') return query;
  if (role === 'student') return query.where(column, id) as Q;
  if (role === 'parent' && viewer.children.length) return query.whereIn(column, viewer.children.map((c) => c.id)) as Q;
  return query.whereRaw('false') as Q;
}
