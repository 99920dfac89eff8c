import type { Role } from '@exam/shared';

/**
 * What each role is for (docs/people.md), in one place: route gates admit these groups, and the
 * predicates below ask the same lists, so a role's reach is never spelled out at a call site.
 */
export const ADMINS: readonly Role[] = ['admin'];
/** Teachers and admins: they author exams and questions, grade, proctor and see scores before release. */
export const STAFF: readonly Role[] = ['teacher', 'admin'];
export const STUDENTS: readonly Role[] = ['student'];
export const PARENTS: readonly Role[] = ['parent'];
export const TEACHERS: readonly Role[] = ['teacher'];

// Roles arrive as plain strings too (a row of an import file before it is checked).
const within = (group: readonly Role[]) => (role: string): boolean => (group as readonly string[]).includes(role);

/** Admins run the school: every account, exam, fee and payment; the last active one may not leave. */
export const administers = within(ADMINS);
export const isStaff = within(STAFF);
/** Only students sit exams (and only their attempts exist). */
export const sitsExams = within(STUDENTS);
/** A student's account holds their class: grade, section and student number. */
export const inAClass = within(STUDENTS);
/** A teacher's account holds the subject they teach and their qualification. */
export const teachesSubject = within(TEACHERS);
/** Parents follow the children whose link they hold (see `isParentOf` for an accepted one). */
export const followsChildren = within(PARENTS);
