import type { Knex } from 'knex';
import { isStaff, sitsExams } from './people';
import { isParentOf, type Viewer } from './index';

/**
 * Attempts (a submission is a finished one): the student sees their own, a parent those of
 * children whose link they accepted, a teacher those on exams they own or were added to mark, an
 * admin all.
 */

/**
 * Teachers and admins read submissions as their graders: every score and answer key before the
 * results are out, answers still in progress, the grade history. Students and parents see a score
 * and the keys only once the results are out.
 */
export function readsAsGrader(viewer: Viewer): boolean {
  return isStaff(viewer.user.role);
}

/** Limits an attempts query (aliased `a`, joined with its exam as `e`) to the rows this viewer may list. */
export function scopeSubmissions<Q extends Knex.QueryBuilder>(viewer: Viewer, query: Q): Q {
  const { role, id } = viewer.user;
  if (role === 'admin') return query;
  if (role === 'teacher') {
    // A marker (exam staff with the marks duty, issue 55) reads the attempts they mark, as the owner does.
    return query.where((w) =>
      w.where('e.owner_id', id).orWhereExists((s) => s.select(query.client.raw('1')).from('exam_staff as st').whereRaw('st.exam_id = e.id').where({ 'st.user_id': id, 'st.marks': true })),
    ) as Q;
  }
  if (role === 'student') return query.where('a.student_id', id) as Q;
  if (role === 'parent' && viewer.children.length) return query.whereIn('a.student_id', viewer.children.map((c) => c.id)) as Q;
  return query.whereRaw('false') as Q;
}

/** Whether asking for one student's submissions is allowed at all (a student only their own, a parent only a linked child's). */
export function mayListSubmissionsOf(viewer: Viewer, studentId: string): boolean {
  const { role, id } = viewer.user;
  if (role === 'student') return studentId === id;
  if (role === 'parent') return isParentOf(viewer, studentId);
  return true;
}

/**
 * A parent or teacher asking for "their own" submissions means every one they may see (a
 * parent's children's, a teacher's exams'); only a student has submissions of their own.
 */
export function readsOwnListAsEverything(viewer: Viewer, studentId: string | undefined): boolean {
  return studentId === viewer.user.id && !sitsExams(viewer.user.role);
}
