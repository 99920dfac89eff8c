import type { Knex } from 'knex';

/** A notification is its recipient's alone: nobody reads, marks or deletes anyone else's, admins included. */
export function scopeNotifications<Q extends Knex.QueryBuilder>(user: { id: string }, query: Q): Q {
  return query.where('user_id', user.id) as Q;
}
