import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { examsApi, questionsApi, type ExamCreateBody, type ExamUpdateBody } from './api';
import type { ExamListParams, QuestionListParams } from './types';

/**
 * Query keys: everything about exams sits under ['exams'], so one invalidation after any write
 * refreshes lists, details, counters and question lists together.
 */
export const examKeys = {
  all: ['exams'] as const,
  list: (params: ExamListParams) => ['exams', 'list', params] as const,
  detail: (id: string) => ['exams', 'detail', id] as const,
  questions: (id: string) => ['exams', 'questions', id] as const,
};
export const questionKeys = {
  all: ['questions'] as const,
  list: (params: QuestionListParams) => ['questions', 'list', params] as const,
};

/** A page of the catalogue; the previous page stays on screen while the next one loads. */
export function useExamList(params: ExamListParams, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: examKeys.list(params),
    queryFn: () => examsApi.list(params),
    placeholderData: keepPreviousData,
    meta: { silent: options.silent ?? false },
  });
}

/** One exam. Screens that explain a failed load themselves pass `silent`. */
export function useExam(id: string | undefined, options: { silent?: boolean } = {}) {
  return useQuery({
    queryKey: examKeys.detail(id ?? ''),
    queryFn: () => examsApi.get(id!),
    enabled: Boolean(id),
    meta: { silent: options.silent ?? false },
  });
}

/** The questions screen explains a failed load itself, hence silent. */
export function useExamQuestions(id: string) {
  return useQuery({ queryKey: examKeys.questions(id), queryFn: () => examsApi.questions(id), meta: { silent: true } });
}

export function useQuestionBank(params: QuestionListParams, enabled: boolean) {
  return useQuery({
    queryKey: questionKeys.list(params),
    queryFn: () => questionsApi.list(params),
    enabled,
    placeholderData: keepPreviousData,
    // Bank answers change as soon as questions are added to this exam: never reuse a stale page.
    staleTime: 0,
  });
}

/**
 * Writes refresh every exam query and the bank (its `excludeExam` answers depend on them). The
 * refetch is not awaited: marking the queries stale is immediate, and a screen that navigates
 * away after saving should not wait for lists it is leaving.
 */
function useInvalidateExams() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: examKeys.all });
    void client.invalidateQueries({ queryKey: questionKeys.all });
  };
}

export function useCreateExam() {
  const invalidate = useInvalidateExams();
  return useMutation({ mutationFn: (payload: ExamCreateBody) => examsApi.create(payload), onSuccess: invalidate });
}

export function useUpdateExam(id: string) {
  const invalidate = useInvalidateExams();
  return useMutation({ mutationFn: (payload: ExamUpdateBody) => examsApi.update(id, payload), onSuccess: invalidate });
}

export function useDeleteExam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => examsApi.remove(id),
    onSuccess: (_result, id) => {
      // The deleted exam's own queries would only answer 404 now.
      client.removeQueries({ queryKey: examKeys.detail(id) });
      void client.invalidateQueries({ queryKey: examKeys.all });
    },
  });
}

export function usePublishExam() {
  const invalidate = useInvalidateExams();
  return useMutation({ mutationFn: (id: string) => examsApi.publish(id), onSuccess: invalidate });
}

export function useAddQuestions(examId: string) {
  const invalidate = useInvalidateExams();
  return useMutation({ mutationFn: (ids: string[]) => examsApi.addQuestions(examId, ids), onSuccess: invalidate });
}

export function useRemoveQuestion(examId: string) {
  const invalidate = useInvalidateExams();
  return useMutation({ mutationFn: (questionId: string) => examsApi.removeQuestion(examId, questionId), onSuccess: invalidate });
}
