import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ltiGradesApi } from './api';

/** While a score waits for the LMS the card looks again this often: the job sends within seconds. */
export const WAITING_POLL_MS = 5_000;

/** An exam's course links and grade posts sit under ['lti-grades', examId]: a sync or a retry refreshes both. */
export const ltiGradesKeys = {
  exam: (examId: string) => ['lti-grades', examId] as const,
  links: (examId: string) => ['lti-grades', examId, 'links'] as const,
  posts: (examId: string) => ['lti-grades', examId, 'posts'] as const,
};

/** Silent: an exam with no links (or a viewer who may not see them) simply shows no card. */
export function useExamLinks(examId: string, enabled: boolean) {
  return useQuery({
    queryKey: ltiGradesKeys.links(examId),
    queryFn: () => ltiGradesApi.links(examId),
    enabled,
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.some((l) => l.grades.pending > 0) ? WAITING_POLL_MS : false),
  });
}

export function useGradePosts(examId: string, enabled: boolean) {
  return useQuery({
    queryKey: ltiGradesKeys.posts(examId),
    queryFn: () => ltiGradesApi.gradePosts(examId),
    enabled,
    meta: { silent: true },
    refetchInterval: (q) => (q.state.data?.some((p) => p.status === 'pending') ? WAITING_POLL_MS : false),
  });
}

function useRefresh(examId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ltiGradesKeys.exam(examId) });
}

export function useRetryGradePosts(examId: string) {
  const onSuccess = useRefresh(examId);
  return useMutation({ mutationFn: () => ltiGradesApi.retry(examId), onSuccess });
}

export function useSyncRoster(examId: string) {
  const onSuccess = useRefresh(examId);
  return useMutation({ mutationFn: (linkId: string) => ltiGradesApi.syncRoster(linkId), onSuccess });
}
