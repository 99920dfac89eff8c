import { useQuery } from '@tanstack/react-query';
import { markingApi } from './api';

export const markingKeys = {
  all: ['marking'] as const,
  overview: (examId: string) => ['marking', 'overview', examId] as const,
  question: (examId: string, questionId: string) => ['marking', 'question', examId, questionId] as const,
};

/** The pages explain their own load failures. */
const silent = { silent: true };

export function useMarkingOverview(examId: string) {
  return useQuery({ queryKey: markingKeys.overview(examId), queryFn: () => markingApi.overview(examId), enabled: Boolean(examId), meta: silent });
}

/**
 * Never refetched on focus: the page keeps the answers it marks in this cache (each save writes its
 * result here), and a background refetch would only move the ground under the teacher's keyboard.
 */
export function useQuestionMarking(examId: string, questionId: string) {
  return useQuery({
    queryKey: markingKeys.question(examId, questionId),
    queryFn: () => markingApi.question(examId, questionId),
    enabled: Boolean(examId && questionId),
    refetchOnWindowFocus: false,
    meta: silent,
  });
}
