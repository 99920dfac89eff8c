import type { Accommodation, HallStudent, StudentAccommodation } from '@exam/shared';
import { http } from '../../api/http';

const userPath = (userId: string) => `/users/${encodeURIComponent(userId)}/accommodations`;
const examPath = (examId: string) => `/exams/${encodeURIComponent(examId)}/accommodations`;

/** The calls of issue 56: a student's standing accommodation, and an exam's own per student. */
export const accommodationsApi = {
  ofStudent: (userId: string) => http.get<StudentAccommodation>(userPath(userId)).then((r) => r.data),
  saveForStudent: (userId: string, accommodation: Accommodation) => http.put<StudentAccommodation>(userPath(userId), accommodation).then((r) => r.data),
  removeForStudent: (userId: string) => http.delete<StudentAccommodation>(userPath(userId)).then((r) => r.data),
  ofExam: (examId: string) => http.get<{ accommodations: StudentAccommodation[] }>(examPath(examId)).then((r) => r.data.accommodations),
  saveForExam: (examId: string, studentId: string, accommodation: Accommodation) =>
    http.put<StudentAccommodation>(`${examPath(examId)}/${encodeURIComponent(studentId)}`, accommodation).then((r) => r.data),
  /** The exam's own goes; the student's standing one applies again. */
  removeForExam: (examId: string, studentId: string) => http.delete<StudentAccommodation>(`${examPath(examId)}/${encodeURIComponent(studentId)}`).then((r) => r.data),
  // The same list the exam's staff page picks from; called here so this feature imports no other.
  examStudents: (examId: string) => http.get<{ students: HallStudent[] }>(`/exams/${encodeURIComponent(examId)}/staff/students`).then((r) => r.data.students),
};
