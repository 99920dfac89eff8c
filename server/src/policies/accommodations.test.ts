import { describe, expect, it } from 'vitest';
import { ids, viewers, type ViewerName } from '../test/viewers';
import { can, type ExamResource } from './index';
import { ACCOMMODATION_KEEPERS, EXAM_ACCOMMODATION_ACTION, isStudentOfExam, takesAccommodations } from './accommodations';

describe('who reaches accommodations', () => {
  const standing: [ViewerName, boolean][] = [
    ['admin', true],
    ['teacher', true],
    ['otherTeacher', true],
    ['student', false],
    ['parent', false],
  ];
  it.each(standing)('%s reads and sets a student’s standing accommodation: %s', (who, expected) => {
    expect(ACCOMMODATION_KEEPERS.includes(viewers[who].user.role)).toBe(expected);
  });

  const exam = (over: Partial<ExamResource> = {}): ExamResource => ({ owner_id: ids.teacher, is_published: true, grade: 10, eligibleIds: [], ...over });
  const examTable: [ViewerName, string, ExamResource, boolean][] = [
    ['teacher', 'their own exam', exam(), true],
    ['otherTeacher', 'another teacher’s exam', exam(), false],
    ['otherTeacher', 'an exam they proctor, mark and review', exam({ viewerStaff: { proctors: true, reviews: true, marks: true } }), false],
    ['admin', 'any exam', exam(), true],
    ['student', 'an exam they sit', exam(), false],
    ['parent', 'their child’s exam', exam(), false],
  ];
  it.each(examTable)('%s sets accommodations on %s: %s', (who, _what, resource, expected) => {
    expect(can(viewers[who], EXAM_ACCOMMODATION_ACTION, 'exam', resource)).toBe(expected);
  });

  it('are only for students', () => {
    expect(['student', 'teacher', 'admin', 'parent'].filter(takesAccommodations)).toEqual(['student']);
  });

  it('are set in an exam for its students: its list, or its grade when it lists nobody, published or not', () => {
    const student = { id: ids.student, grade: 10 };
    expect(isStudentOfExam(student, { grade: 10, eligibleIds: [] })).toBe(true);
    expect(isStudentOfExam(student, { grade: 11, eligibleIds: [] })).toBe(false);
    expect(isStudentOfExam(student, { grade: 10, eligibleIds: [ids.otherStudent] })).toBe(false);
    expect(isStudentOfExam(student, { grade: 11, eligibleIds: [ids.student] })).toBe(true);
  });
});
