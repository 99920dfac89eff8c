import type { Knex } from 'knex';
import type { ExamRole, HallPart } from '@exam/shared';
import { administers, TEACHERS } from './people';
import { can, type ExamResource, type Viewer } from './index';

/** A viewer's exam_staff row as the exam queries read it (exams.viewer_staff). */
export interface ViewerStaffRow {
  proctors: boolean;
  reviews: boolean;
  /** Absent in rows read before markers existed. */
  marks?: boolean;
  sections: HallPart['sections'];
  studentIds: string[];
}

/** Only teachers are added to an exam's hall: the exam queries look up the viewer's place for them alone. */
export const staffsExams = (role: string): boolean => (TEACHERS as readonly string[]).includes(role);

/** Admins manage every exam, teachers their own: they see its eligible list, its questions and whether it was sat. */
export function managesExam(viewer: Viewer, exam: { owner_id: string }): boolean {
  return administers(viewer.user.role) || exam.owner_id === viewer.user.id;
}

/** An admin removes an exam at any time (archived if sat); its teacher only while it is upcoming and unsat. */
export function removesExamsAtAnyTime(viewer: Viewer): boolean {
  return administers(viewer.user.role);
}

/**
 * Who reads an exam's staff list and their own place in its hall: whoever may proctor, review or
 * mark it (the owner and admins, and the teachers added to it).
 */
export function readsExamStaff(viewer: Viewer, exam: ExamResource): boolean {
  return can(viewer, 'proctor', 'exam', exam) || can(viewer, 'review', 'exam', exam) || can(viewer, 'mark', 'exam', exam);
}

/** The viewer's role in an exam, for teachers: its owner, or how they were added to its hall. */
export function examRoleOf(viewer: Viewer, exam: { owner_id: string; viewer_staff?: ViewerStaffRow | null }): ExamRole | undefined {
  if (exam.owner_id === viewer.user.id) return 'owner';
  const staff = staffsExams(viewer.user.role) ? exam.viewer_staff : null;
  if (!staff) return undefined;
  if (!staff.proctors && !staff.reviews) return 'marker';
  if (staff.proctors && !staff.reviews) return 'proctor';
  if (staff.reviews && !staff.proctors) return 'reviewer';
  return 'staff';
}

/**
 * The part of the hall the viewer's board shows by default: the sections and students the owner
 * gave them; null, the whole hall, for the owner, admins and staff given no part.
 */
export function hallPartOf(viewer: Viewer, exam: { owner_id: string; viewer_staff?: ViewerStaffRow | null }): HallPart | null {
  if (managesExam(viewer, exam)) return null;
  const staff = exam.viewer_staff;
  if (!staff || (!staff.sections.length && !staff.studentIds.length)) return null;
  return { sections: staff.sections, studentIds: staff.studentIds };
}

/**
 * Which exams a viewer sees (docs/api.md): admins all, teachers their own, students published
 * exams they are eligible for, parents those of their linked children. `e` is the exams alias.
 * With `staffed`, a teacher's list also holds the exams whose hall they were added to (the exam
 * list); without it, only their own (dashboards' figures are about the exams they run).
 */
export function scopeExams(q: Knex.QueryBuilder, viewer: Viewer, { staffed = false }: { staffed?: boolean } = {}): Knex.QueryBuilder {
  const { user } = viewer;
  if (user.role === 'admin') return q;
  if (user.role === 'teacher' && staffed) {
    return q.where((w) =>
      w.where('e.owner_id', user.id).orWhereExists((s) => s.select(q.client.raw('1')).from('exam_staff as st').whereRaw('st.exam_id = e.id').where('st.user_id', user.id)),
    );
  }
  if (user.role === 'teacher') return q.where('e.owner_id', user.id);
  const students = user.role === 'student' ? [{ id: user.id, grade: user.grade }] : viewer.children;
  if (!students.length) return q.whereRaw('false');
  // An exam is a student's when it lists them, or lists nobody and is for their grade. As one set
  // of ids (a union of two index lookups per student) rather than a test run on every exam row, so
  // the catalogue and the dashboards read only the exams that can match, however many the school has.
  const parts = students.map(
    () => `select s.exam_id from exam_eligible_students s where s.student_id = ?
           union all
           select g.id from exams g where g.is_published and g.grade = ? and not exists (select 1 from exam_eligible_students s where s.exam_id = g.id)`,
  );
  return q.where('e.is_published', true).whereRaw(`e.id in (${parts.join(' union all ')})`, students.flatMap((s) => [s.id, s.grade ?? -1]));
}
