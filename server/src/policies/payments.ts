import type { Knex } from 'knex';
import { administers } from './people';
import type { Viewer } from './index';

/**
 * Payments: a payer sees their own (a parent paying a child's fee sees it as theirs); admins see
 * everyone's, may look them up by payer and refund them. The predicate and the list's scope say the same.
 */
export interface PaymentResource {
  /** None once the payer's account is gone: then only admins see it. */
  user_id: string | null;
}

export function mayReadPayment(viewer: Viewer, payment: PaymentResource): boolean {
  return administers(viewer.user.role) || payment.user_id === viewer.user.id;
}

/** Finding payments by payer (their id, name, e-mail or the reference) is for admins, who see everyone's. */
export function searchesEveryonesPayments(viewer: Viewer): boolean {
  return administers(viewer.user.role);
}

/** Limits a payment query to the rows this viewer may list; `column` names the payment's payer. */
export function scopePayments<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q, column: string): Q {
  return administers(viewer.user.role) ? query : (query.where(column, viewer.user.id) as Q);
}
