import type { ExamStaffMember, ExamStaffUpdate, HallStudent, StaffCandidate } from '@exam/shared';
import { http } from '../../api/http';

/** The calls of an exam's shared hall (issue 53): its proctors and reviewers, and the picker's lists. */
const base = (examId: string) => `/exams/${encodeURIComponent(examId)}/staff`;

export const staffApi = {
  list: (examId: string) => http.get<{ staff: ExamStaffMember[] }>(base(examId)).then((r) => r.data.staff),
  candidates: (examId: string, q: string) =>
    http.get<{ candidates: StaffCandidate[] }>(`${base(examId)}/candidates?q=${encodeURIComponent(q)}`).then((r) => r.data.candidates),
  students: (examId: string) => http.get<{ students: HallStudent[] }>(`${base(examId)}/students`).then((r) => r.data.students),
  put: (examId: string, userId: string, body: ExamStaffUpdate) =>
    http.put<{ member: ExamStaffMember }>(`${base(examId)}/${encodeURIComponent(userId)}`, body).then((r) => r.data.member),
  remove: (examId: string, userId: string) => http.delete<unknown>(`${base(examId)}/${encodeURIComponent(userId)}`),
};
