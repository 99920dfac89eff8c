import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { can, type ExamAction, type ExamResource } from './index';
import { examRoleOf, hallPartOf, managesExam, readsExamStaff, removesExamsAtAnyTime, scopeExams, type ViewerStaffRow } from './exams';

const exam = (over: Partial<ExamResource> = {}): ExamResource => ({ owner_id: ids.teacher, is_published: true, grade: 10, eligibleIds: [], ...over });
const exams = {
  'the teacher’s published exam for grade 10': exam(),
  'an exam listing only the other student': exam({ eligibleIds: [ids.otherStudent] }),
  'an unpublished exam for grade 10': exam({ is_published: false }),
  'an exam for grade 9': exam({ grade: 9 }),
  'another teacher’s exam': exam({ owner_id: ids.otherTeacher }),
  'an exam the viewer proctors': exam({ owner_id: ids.otherTeacher, viewerStaff: { proctors: true, reviews: false } }),
  'an exam the viewer reviews': exam({ owner_id: ids.otherTeacher, viewerStaff: { proctors: false, reviews: true } }),
};
type ExamName = keyof typeof exams;

describe('who may do what to an exam', () => {
  const table: [ViewerName, ExamAction, ExamName, boolean][] = [
    ['admin', 'update', 'another teacher’s exam', true],
    ['admin', 'delete', 'an unpublished exam for grade 10', true],
    ['teacher', 'update', 'the teacher’s published exam for grade 10', true],
    ['teacher', 'manage-questions', 'the teacher’s published exam for grade 10', true],
    ['teacher', 'read', 'another teacher’s exam', false],
    ['otherTeacher', 'update', 'the teacher’s published exam for grade 10', false],
    ['student', 'read', 'the teacher’s published exam for grade 10', true],
    ['student', 'read', 'an exam listing only the other student', false],
    ['otherStudent', 'read', 'an exam listing only the other student', true],
    ['student', 'read', 'an unpublished exam for grade 10', false],
    ['student', 'read', 'an exam for grade 9', false],
    ['student', 'read-questions', 'the teacher’s published exam for grade 10', false],
    ['student', 'update', 'the teacher’s published exam for grade 10', false],
    ['parent', 'read', 'the teacher’s published exam for grade 10', true],
    ['parent', 'read', 'an exam listing only the other student', false],
    ['parent', 'update', 'the teacher’s published exam for grade 10', false],
    ['unlinkedParent', 'read', 'the teacher’s published exam for grade 10', false],
    // Shared halls: the owner and admins proctor and review; a teacher added to the hall as they were added.
    ['teacher', 'proctor', 'the teacher’s published exam for grade 10', true],
    ['teacher', 'review', 'the teacher’s published exam for grade 10', true],
    ['admin', 'proctor', 'another teacher’s exam', true],
    ['teacher', 'proctor', 'another teacher’s exam', false],
    ['teacher', 'read', 'an exam the viewer proctors', true],
    ['teacher', 'read-questions', 'an exam the viewer proctors', true],
    ['teacher', 'proctor', 'an exam the viewer proctors', true],
    ['teacher', 'review', 'an exam the viewer proctors', false],
    ['teacher', 'update', 'an exam the viewer proctors', false],
    ['teacher', 'publish', 'an exam the viewer proctors', false],
    ['teacher', 'delete', 'an exam the viewer proctors', false],
    ['teacher', 'manage-questions', 'an exam the viewer proctors', false],
    ['teacher', 'review', 'an exam the viewer reviews', true],
    ['teacher', 'proctor', 'an exam the viewer reviews', false],
    // A staff row is a teacher's: on anyone else it grants nothing.
    ['student', 'proctor', 'an exam the viewer proctors', false],
    ['parent', 'review', 'an exam the viewer reviews', false],
  ];
  it.each(table)('%s may %s %s: %s', (who, action, what, allowed) => {
    expect(can(viewers[who], action, 'exam', exams[what])).toBe(allowed);
  });

  it('the eligible list, questions and attempts are for an admin and the exam’s own teacher', () => {
    const mine = exams['the teacher’s published exam for grade 10'];
    expect((['admin', 'teacher', 'otherTeacher', 'student', 'parent'] as const).map((who) => managesExam(viewers[who], mine))).toEqual([true, true, false, false, false]);
  });

  it('only an admin removes an exam whenever they like', () => {
    expect((['admin', 'teacher', 'student', 'parent'] as const).map((who) => removesExamsAtAnyTime(viewers[who]))).toEqual([true, false, false, false]);
  });
});

describe('the staff of a shared hall', () => {
  const staffRow = (over: Partial<ViewerStaffRow> = {}): ViewerStaffRow => ({ proctors: true, reviews: true, sections: [], studentIds: [], ...over });
  const theirs = (viewer_staff: ViewerStaffRow | null) => ({ owner_id: ids.otherTeacher, viewer_staff });

  it('the owner, admins and the staff read who runs the hall; nobody else does', () => {
    expect(readsExamStaff(viewers.teacher, exams['the teacher’s published exam for grade 10'])).toBe(true);
    expect(readsExamStaff(viewers.admin, exams['another teacher’s exam'])).toBe(true);
    expect(readsExamStaff(viewers.teacher, exams['an exam the viewer reviews'])).toBe(true);
    expect(readsExamStaff(viewers.teacher, exams['another teacher’s exam'])).toBe(false);
    expect(readsExamStaff(viewers.student, exams['the teacher’s published exam for grade 10'])).toBe(false);
  });

  it('a teacher’s role in an exam: owner, proctor, reviewer, or both (staff); none for an admin who does not own it', () => {
    expect(examRoleOf(viewers.teacher, { owner_id: ids.teacher })).toBe('owner');
    expect(examRoleOf(viewers.teacher, theirs(staffRow({ reviews: false })))).toBe('proctor');
    expect(examRoleOf(viewers.teacher, theirs(staffRow({ proctors: false })))).toBe('reviewer');
    expect(examRoleOf(viewers.teacher, theirs(staffRow()))).toBe('staff');
    expect(examRoleOf(viewers.teacher, theirs(null))).toBeUndefined();
    expect(examRoleOf(viewers.admin, theirs(null))).toBeUndefined();
  });

  it('a board shows the part the owner gave its viewer; the owner, admins and staff given no part see the whole hall', () => {
    expect(hallPartOf(viewers.teacher, theirs(staffRow({ sections: ['A'], studentIds: ['s-1'] })))).toEqual({ sections: ['A'], studentIds: ['s-1'] });
    expect(hallPartOf(viewers.teacher, theirs(staffRow()))).toBeNull();
    expect(hallPartOf(viewers.teacher, { owner_id: ids.teacher })).toBeNull();
    expect(hallPartOf(viewers.admin, theirs(null))).toBeNull();
  });
});

describe('which exams a viewer lists', () => {
  const db = knexFactory({ client: 'pg' });
  const sql = (who: ViewerName) => scopeExams(db('exams as e'), viewers[who]).toString();

  it('an admin lists every exam, a teacher their own', () => {
    expect(sql('admin')).toBe('select * from "exams" as "e"');
    expect(sql('teacher')).toBe(`select * from "exams" as "e" where "e"."owner_id" = '${ids.teacher}'`);
  });

  it('a teacher’s exam list also holds the exams whose hall they share; an admin’s stays every exam', () => {
    const staffed = (who: ViewerName) => scopeExams(db('exams as e'), viewers[who], { staffed: true }).toString();
    expect(staffed('teacher')).toBe(
      `select * from "exams" as "e" where ("e"."owner_id" = '${ids.teacher}' or exists (select 1 from "exam_staff" as "st" where st.exam_id = e.id and "st"."user_id" = '${ids.teacher}'))`,
    );
    expect(staffed('admin')).toBe('select * from "exams" as "e"');
    expect(staffed('student')).toBe(sql('student'));
  });

  it('a student lists published exams meant for them, a parent those of a linked child, an unlinked parent none', () => {
    expect(sql('student')).toContain(`"e"."is_published" = true`);
    expect(sql('student')).toContain(`s.student_id = '${ids.student}'`);
    expect(sql('parent')).toContain(`s.student_id = '${ids.student}'`);
    expect(sql('unlinkedParent')).toBe('select * from "exams" as "e" where false');
  });
});
