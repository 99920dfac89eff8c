import type { Viewer } from '../policies';

/**
 * Viewers for the policy tables: one of each role, a second teacher and student, and two
 * parents, one linked to the first student and one whose request was never accepted.
 */
export const ids = { admin: 'admin-1', teacher: 'teacher-1', otherTeacher: 'teacher-2', student: 'student-1', otherStudent: 'student-2', parent: 'parent-1', unlinkedParent: 'parent-2' };

const viewer = (id: string, role: Viewer['user']['role'], grade: number | null = null, children: Viewer['children'] = []): Viewer => ({ user: { id, role, grade }, children });

export const viewers = {
  admin: viewer(ids.admin, 'admin'),
  teacher: viewer(ids.teacher, 'teacher'),
  otherTeacher: viewer(ids.otherTeacher, 'teacher'),
  student: viewer(ids.student, 'student', 10),
  otherStudent: viewer(ids.otherStudent, 'student', 10),
  parent: viewer(ids.parent, 'parent', null, [{ id: ids.student, grade: 10 }]),
  unlinkedParent: viewer(ids.unlinkedParent, 'parent'),
};
export type ViewerName = keyof typeof viewers;
