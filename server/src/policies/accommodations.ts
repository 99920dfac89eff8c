import type { Role } from '@exam/shared';
import type { ExamAction } from './index';
import { sitsExams, STAFF } from './people';

/**
 * Accommodations (issue 56): what a student is given to sit exams on equal terms, often under a
 * legal document, so a change is the staff's alone. Admins and teachers read and set a student's
 * standing accommodation (a teacher meets the student in many exams and may hold the paperwork);
 * an exam's own, which replaces the standing one in that exam, is set by whoever manages the exam.
 * Students and parents never reach either: the student's screen shows what applies to them, and
 * the staff's note never leaves the staff.
 */
export const ACCOMMODATION_KEEPERS: readonly Role[] = STAFF;

/** The exam action that sets (and lists) an exam's accommodations: managing the exam itself. */
export const EXAM_ACCOMMODATION_ACTION: ExamAction = 'update';

/** Only students sit exams, so only a student's account carries an accommodation. */
export const takesAccommodations = (role: string): boolean => sitsExams(role);

export interface ExamStudents {
  grade: number;
  /** Student ids of the eligible list; empty means every student of the grade. */
  eligibleIds: string[];
}

/**
 * One of the exam's students: on its eligible list, or in its grade when it lists nobody. Unlike
 * `eligibleFor`, publication does not matter: accommodations are set before the exam opens.
 */
export function isStudentOfExam(student: { id: string; grade: number | null }, exam: ExamStudents): boolean {
  return exam.eligibleIds.length ? exam.eligibleIds.includes(student.id) : student.grade === exam.grade;
}
