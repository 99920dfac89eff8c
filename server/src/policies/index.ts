import { MSG, type Role } from '@exam/shared';
import { AppError, Errors } from '../errors';
import type { UserRow } from '../db/userRow';

/**
 * Who may do what to which object, in one place: every route asks `authorize`. A rule grants
 * actions on a kind of resource to roles, optionally only when its predicate holds. The rules for
 * exams, questions and profiles are here; each resource's other predicates and its list scope live
 * in a module of its own beside this one (people, exams, questions, submissions, results, reports,
 * fees, payments, notifications, ltiPlatforms, rubrics, markingComments, accommodations), and no
 * other layer compares a role by hand.
 */
export interface Viewer {
  /** Who asks: the rules need no more than this (a socket keeps no more for its lifetime). */
  user: Pick<UserRow, 'id' | 'role' | 'grade'>;
  /** Linked children (parents only): id and grade, to see the exams meant for them. */
  children: { id: string; grade: number | null }[];
}

export interface ExamResource {
  owner_id: string;
  is_published: boolean;
  grade: number;
  /** Student ids of the eligible list; empty means every student of the grade. */
  eligibleIds: string[];
  /**
   * The viewer's place in the exam's shared hall (exam_staff), when the owner added them as a
   * proctor or reviewer; absent or null for everyone else.
   */
  viewerStaff?: { proctors: boolean; reviews: boolean; marks?: boolean } | null;
}

export interface QuestionResource {
  owner_id: string;
  /** Offered by its owner to every teacher: they may read it and put it in their exams. */
  shared?: boolean;
}

/** A person's profile statistics, with the viewer's relationships to them already looked up. */
export interface ProfileResource {
  user_id: string;
  visibility: 'public' | 'private' | 'friends';
  /** The viewer is a parent with an accepted link to this student. */
  viewerIsLinkedParent: boolean;
  /** The viewer owns an exam this student is meant for or has sat. */
  viewerTeachesThem: boolean;
}

interface Resources {
  exam: ExamResource;
  question: QuestionResource;
  profile: ProfileResource;
}

/** `proctor`: watch the board and act on attempts; `review`: read timelines and decide on flags and outcomes. */
export type ExamAction = 'read' | 'update' | 'delete' | 'publish' | 'manage-questions' | 'read-questions' | 'preview' | 'proctor' | 'review' | 'mark';
export type QuestionAction = 'read' | 'update' | 'delete' | 'use';
export type ProfileAction = 'read-stats';
type ActionOf<K extends keyof Resources> = K extends 'exam' ? ExamAction : K extends 'profile' ? ProfileAction : QuestionAction;

interface Rule {
  roles: Role[];
  kind: keyof Resources;
  actions: string[] | '*';
  predicate?: (viewer: Viewer, resource: never) => boolean;
}

const rules: Rule[] = [];

function allow<K extends keyof Resources>(
  roles: Role[],
  actions: ActionOf<K>[] | '*',
  kind: K,
  predicate?: (viewer: Viewer, resource: Resources[K]) => boolean,
): void {
  rules.push({ roles, kind, actions, predicate: predicate as Rule['predicate'] });
}

/** A student sees a published exam when listed on it, or, with no list, when in its grade. */
export function eligibleFor(student: { id: string; grade: number | null }, exam: ExamResource): boolean {
  if (!exam.is_published) return false;
  return exam.eligibleIds.length ? exam.eligibleIds.includes(student.id) : exam.grade === student.grade;
}

const owns = (viewer: Viewer, res: { owner_id: string }) => res.owner_id === viewer.user.id;

/** A parent reads a child's results only through a link (the viewer's children are the linked ones). */
export function isParentOf(viewer: Viewer, studentId: string): boolean {
  return viewer.user.role === 'parent' && viewer.children.some((c) => c.id === studentId);
}

allow(['admin'], '*', 'exam');
allow(['admin'], '*', 'question');
allow(['teacher'], '*', 'exam', owns);
// A teacher the owner added to the exam's hall: sees the exam, and proctors or reviews as added.
allow(['teacher'], ['read', 'read-questions'], 'exam', (v, exam) => !!exam.viewerStaff);
allow(['teacher'], ['proctor'], 'exam', (v, exam) => !!exam.viewerStaff?.proctors);
allow(['teacher'], ['review'], 'exam', (v, exam) => !!exam.viewerStaff?.reviews);
// A teacher added to mark it marks every answer of the exam (issue 55), whatever part of the hall they were given.
allow(['teacher'], ['mark'], 'exam', (v, exam) => !!exam.viewerStaff?.marks);
allow(['teacher'], '*', 'question', owns);
allow(['teacher'], ['read', 'use'], 'question', (_v, q) => !!q.shared);
allow(['student'], ['read'], 'exam', (v, exam) => eligibleFor(v.user, exam));
allow(['parent'], ['read'], 'exam', (v, exam) => v.children.some((c) => eligibleFor(c, exam)));
// A private profile's statistics (and 'friends', which has no friends list yet) are for the
// person, their linked parents, their teachers and admins; a public one for anyone signed in.
allow(['admin'], '*', 'profile');
allow(['teacher', 'student', 'parent'], ['read-stats'], 'profile', (v, p) =>
  p.user_id === v.user.id || p.visibility === 'public' || p.viewerIsLinkedParent || p.viewerTeachesThem,
);

export function can<K extends keyof Resources>(viewer: Viewer, action: ActionOf<K>, kind: K, resource: Resources[K]): boolean {
  return rules.some(
    (r) =>
      r.kind === kind &&
      r.roles.includes(viewer.user.role) &&
      (r.actions === '*' || r.actions.includes(action)) &&
      (!r.predicate || r.predicate(viewer, resource as never)),
  );
}

/** Throws the 403 (with the caller's message when given) unless the viewer may act. */
export function authorize<K extends keyof Resources>(
  viewer: Viewer,
  action: ActionOf<K>,
  kind: K,
  resource: Resources[K],
  denied: AppError = Errors.forbidden(MSG.forbidden),
): void {
  if (!can(viewer, action, kind, resource)) throw denied;
}
