import type { Knex } from 'knex';

/**
 * Parent links (table parent_children). Knowing a student's e-mail address is not enough to read
 * their results: a parent's link starts as a pending request, the student named in it is the only
 * one who answers it, the parent who asked is the only one who removes it, and only an accepted
 * link makes the parent one of the student's followers. Admins (and their CSV import) link
 * directly. Each scope takes the link table's alias so it reads the same in every query.
 */

/** The only status that lets a parent see a child's exams and results. */
export const GRANTING_STATUS = 'accepted';

/** The links a parent holds (pending, accepted or declined): theirs to list and remove. */
export function scopeLinksHeldBy<Q extends Knex.QueryBuilder>(parent: { id: string }, query: Q, alias = 'parent_children'): Q {
  return query.where(`${alias}.parent_id`, parent.id) as Q;
}

/** The requests waiting for this student's answer: nobody else accepts or declines them. */
export function scopeRequestsFor<Q extends Knex.QueryBuilder>(student: { id: string }, query: Q, alias = 'parent_children'): Q {
  return query.where(`${alias}.child_id`, student.id).where(`${alias}.status`, 'pending') as Q;
}

/** The links that make a parent follow a child (a pending or declined request grants nothing). */
export function scopeGrantingLinks<Q extends Knex.QueryBuilder>(query: Q, alias = 'parent_children'): Q {
  return query.where(`${alias}.status`, GRANTING_STATUS) as Q;
}

/** The same rule for a link already read: does it make its parent follow the child. */
export function grantsFollowing(link: { status: string }): boolean {
  return link.status === GRANTING_STATUS;
}
