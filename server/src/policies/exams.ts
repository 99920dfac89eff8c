import type { Knex } from 'knex';
import { administers } from './people';
import type { Viewer } from './index';

/** Admins manage every exam, teachers their own: they see its eligible list, its questions and whether it was sat. */
export function managesExam(viewer: Viewer, exam: { owner_id: string }): boolean {
  return administers(viewer.user.role) || exam.owner_id === viewer.user.id;
}

/** An admin removes an exam at any time (archived if sat); its teacher only while it is upcoming and unsat. */
export function removesExamsAtAnyTime(viewer: Viewer): boolean {
  return administers(viewer.user.role);
}

/**
 * Which exams a viewer sees (docs/api.md): admins all, teachers their own, students published
 * exams they are eligible for, parents those of their linked children. `e` is the exams alias.
 */
export function scopeExams(q: Knex.QueryBuilder, viewer: Viewer): Knex.QueryBuilder {
  const { user } = viewer;
  if (user.role === 'admin') return q;
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
