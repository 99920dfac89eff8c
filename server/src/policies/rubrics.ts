import type { Knex } from 'knex';
import type { Role } from '@exam/shared';
import { administers, STAFF } from './people';
import type { Viewer } from './index';

/**
 * A teacher's rubric library (issue 55): staff keep rubrics to copy onto their essay questions.
 * A teacher reads and changes only their own; admins may open and change anyone's (to help, or
 * to tidy after a teacher leaves), yet each lists only their own library. Someone else's rubric
 * is answered as not found, so its id tells nothing. A question holds a copy, not a reference,
 * so nothing here reaches questions.
 */
export const RUBRIC_KEEPERS: readonly Role[] = STAFF;

export interface RubricResource {
  owner_id: string;
}

export function mayReadRubric(viewer: Viewer, rubric: RubricResource): boolean {
  return administers(viewer.user.role) || rubric.owner_id === viewer.user.id;
}

export function mayChangeRubric(viewer: Viewer, rubric: RubricResource): boolean {
  return mayReadRubric(viewer, rubric);
}

/** The library a viewer lists: their own, admins included (theirs is no view of the school's). */
export function scopeRubrics<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q, ownerColumn: string): Q {
  return query.where(ownerColumn, viewer.user.id) as Q;
}
