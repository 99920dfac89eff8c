import type { ExamStaffUpdate } from '@exam/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffApi } from './staffApi';

/** An exam's staff sits under ['exam-staff', examId]: a change refreshes its list and the picker. */
export const staffKeys = {
  exam: (examId: string) => ['exam-staff', examId] as const,
  list: (examId: string) => ['exam-staff', examId, 'list'] as const,
  candidates: (examId: string, q: string) => ['exam-staff', examId, 'candidates', q] as const,
  students: (examId: string) => ['exam-staff', examId, 'students'] as const,
};

/** The page explains a failed load itself (forbidden, or could not load), hence silent. */
export function useExamStaff(examId: string) {
  return useQuery({ queryKey: staffKeys.list(examId), queryFn: () => staffApi.list(examId), meta: { silent: true } });
}

export function useStaffCandidates(examId: string, q: string, enabled: boolean) {
  return useQuery({
    queryKey: staffKeys.candidates(examId, q),
    queryFn: () => staffApi.candidates(examId, q),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
}

export function useHallStudents(examId: string, enabled: boolean) {
  return useQuery({ queryKey: staffKeys.students(examId), queryFn: () => staffApi.students(examId), enabled, staleTime: 60_000, meta: { silent: true } });
}

export function usePutStaff(examId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: ExamStaffUpdate }) => staffApi.put(examId, userId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.exam(examId) }),
  });
}

export function useRemoveStaff(examId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => staffApi.remove(examId, userId),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.exam(examId) }),
  });
}
