import type { Accommodation } from '@exam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accommodationsApi } from './api';

export const accommodationKeys = {
  student: (userId: string) => ['accommodations', 'student', userId] as const,
  exam: (examId: string) => ['accommodations', 'exam', examId] as const,
  examStudents: (examId: string) => ['accommodations', 'exam', examId, 'students'] as const,
};

export function useStudentAccommodation(userId: string | null) {
  return useQuery({
    queryKey: accommodationKeys.student(userId ?? ''),
    queryFn: () => accommodationsApi.ofStudent(userId!),
    enabled: userId !== null,
    meta: { silent: true },
  });
}

export function useExamAccommodations(examId: string) {
  return useQuery({ queryKey: accommodationKeys.exam(examId), queryFn: () => accommodationsApi.ofExam(examId), meta: { silent: true } });
}

export function useExamStudents(examId: string, enabled: boolean) {
  return useQuery({ queryKey: accommodationKeys.examStudents(examId), queryFn: () => accommodationsApi.examStudents(examId), enabled, staleTime: 60_000, meta: { silent: true } });
}

/**
 * Saving or removing a student's own changes every exam's list and the students page's badge,
 * so both are read again.
 */
export function useStudentAccommodationChange(userId: string) {
  const client = useQueryClient();
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['accommodations'] }), client.invalidateQueries({ queryKey: ['users'] })]);
  const save = useMutation({ mutationFn: (a: Accommodation) => accommodationsApi.saveForStudent(userId, a), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => accommodationsApi.removeForStudent(userId), onSuccess: refresh });
  return { save, remove };
}

export function useExamAccommodationChange(examId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: accommodationKeys.exam(examId) });
  const save = useMutation({
    mutationFn: ({ studentId, accommodation }: { studentId: string; accommodation: Accommodation }) => accommodationsApi.saveForExam(examId, studentId, accommodation),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (studentId: string) => accommodationsApi.removeForExam(examId, studentId), onSuccess: refresh });
  return { save, remove };
}
