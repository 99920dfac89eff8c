import type { ReleaseResultsInput, Submission } from '@exam/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { resultsApi, type GradeEntry } from './api';
import type { SubmissionListParams } from './types';

/**
 * Everything derived from submissions sits under ['submissions'], so a grade or a release
 * refreshes lists, details and statistics together.
 */
export const resultKeys = {
  all: ['submissions'] as const,
  list: (params: SubmissionListParams) => ['submissions', 'list', params] as const,
  everything: (params: SubmissionListParams) => ['submissions', 'all-pages', params] as const,
  detail: (id: string) => ['submissions', 'detail', id] as const,
  examResult: (examId: string) => ['submissions', 'exam-result', examId] as const,
  stats: (examId: string) => ['submissions', 'stats', examId] as const,
  releasePreview: (examId: string) => ['submissions', 'release-preview', examId] as const,
};

/** Screens explain their own load failures, so every read here is silent. */
const silent = { silent: true };

export function useSubmissionList(params: SubmissionListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: resultKeys.list(params),
    queryFn: () => resultsApi.list(params),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
    meta: silent,
  });
}

/** Largest page the server allows; summaries need every result, not one page of them. */
const MAX_LIMIT = 100;
/** A safety stop: 20 pages of 100 is far beyond one student's or family's results. */
const MAX_PAGES = 20;

/** Every submission matching `params` (all pages), for screens whose summaries span the whole list. */
export function useAllSubmissions(params: Omit<SubmissionListParams, 'page' | 'limit'>, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: resultKeys.everything(params),
    queryFn: async () => {
      const first = await resultsApi.list({ ...params, page: 1, limit: MAX_LIMIT });
      const rest: Submission[][] = [];
      for (let page = 2; page <= Math.min(first.totalPages, MAX_PAGES); page++) {
        rest.push((await resultsApi.list({ ...params, page, limit: MAX_LIMIT })).submissions);
      }
      return { submissions: [...first.submissions, ...rest.flat()], total: first.total };
    },
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export function useSubmission(id: string) {
  return useQuery({ queryKey: resultKeys.detail(id), queryFn: () => resultsApi.detail(id), enabled: Boolean(id), meta: silent });
}

export function useExamResult(examId: string) {
  return useQuery({ queryKey: resultKeys.examResult(examId), queryFn: () => resultsApi.examResult(examId), enabled: Boolean(examId), meta: silent });
}

export function useExamStats(examId: string) {
  return useQuery({ queryKey: resultKeys.stats(examId), queryFn: () => resultsApi.stats(examId), enabled: Boolean(examId), meta: silent });
}

export function useGradeSubmission(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (grades: GradeEntry[]) => resultsApi.grade(id, grades),
    onSuccess: (result) => {
      client.setQueryData(resultKeys.detail(id), result.data);
      void client.invalidateQueries({ queryKey: resultKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' || q.queryKey[2] !== id });
    },
  });
}

/** Read when the release dialog opens: always fresh, since marking goes on meanwhile. */
export function useReleasePreview(examId: string, enabled: boolean) {
  return useQuery({ queryKey: resultKeys.releasePreview(examId), queryFn: () => resultsApi.releasePreview(examId), enabled: enabled && Boolean(examId), staleTime: 0, meta: silent });
}

export function useReleaseResults(examId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseResultsInput = {}) => resultsApi.releaseResults(examId, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: resultKeys.all }),
  });
}

export function useExportCsv(examId: string) {
  return useMutation({ mutationFn: () => resultsApi.exportCsv(examId) });
}
