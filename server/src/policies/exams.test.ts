import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { can, type ExamAction, type ExamResource } from './index';
import { managesExam, removesExamsAtAnyTime, scopeExams } from './exams';

const exam = (over: Partial<ExamResource> = {}): ExamResource => ({ owner_id: ids.teacher, is_published: true, grade: 10, eligibleIds: [], ...over });
const exams = {
  'the teacher’s published exam for grade 10': exam(),
  'an exam listing only the other student': exam({ eligibleIds: [ids.otherStudent] }),
  'an unpublished exam for grade 10': exam({ is_published: false }),
  'an exam for grade 9': exam({ grade: 9 }),
  'another teacher’s exam': exam({ owner_id: ids.otherTeacher }),
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

describe('which exams a viewer lists', () => {
  const db = knexFactory({ client: 'pg' });
  const sql = (who: ViewerName) => scopeExams(db('exams as e'), viewers[who]).toString();

  it('an admin lists every exam, a teacher their own', () => {
    expect(sql('admin')).toBe('select * from "exams" as "e"');
    expect(sql('teacher')).toBe(`select * from "exams" as "e" where "e"."owner_id" = '${ids.teacher}'`);
  });

  it('a student lists published exams meant for them, a parent those of a linked child, an unlinked parent none', () => {
    expect(sql('student')).toContain(`"e"."is_published" = true`);
    expect(sql('student')).toContain(`s.student_id = '${ids.student}'`);
    expect(sql('parent')).toContain(`s.student_id = '${ids.student}'`);
    expect(sql('unlinkedParent')).toBe('select * from "exams" as "e" where false');
  });
});
