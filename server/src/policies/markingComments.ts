import type { Knex } from 'knex';
import type { Role } from '@exam/shared';
import { STAFF } from './people';
import type { Viewer } from './index';

/**
 * A teacher's comment bank (issue 55): the feedback they saved to insert while marking. It is a
 * personal tool, like a notebook: nobody reads, changes or uses anyone else's, admins included,
 * and someone else's comment is answered as not found.
 */
export const COMMENT_BANK_KEEPERS: readonly Role[] = STAFF;

export interface MarkingCommentResource {
  owner_id: string;
}

export function mayUseMarkingComment(viewer: Viewer, comment: MarkingCommentResource): boolean {
  return comment.owner_id === viewer.user.id;
}

/** The comments a viewer lists: their own. */
export function scopeMarkingComments<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q, ownerColumn: string): Q {
  return query.where(ownerColumn, viewer.user.id) as Q;
}
