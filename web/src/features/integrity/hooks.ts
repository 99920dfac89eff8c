import type { AttemptTimeline, FlagDecisionInput, OutcomeInput } from '@exam/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { resultKeys } from '../results/hooks';
import { integrityApi, type QueueFilter } from './api';

/** Queues and timelines sit under ['integrity']; evidence pictures, which never change, apart. */
export const integrityKeys = {
  all: ['integrity'] as const,
  queues: ['integrity', 'queue'] as const,
  queue: (examId: string, filter: QueueFilter) => ['integrity', 'queue', examId, filter] as const,
  timeline: (attemptId: string) => ['integrity', 'timeline', attemptId] as const,
};

/** After a decision: this attempt's timeline, every review queue and the results (a hold may have changed). */
function refreshAfterReview(client: QueryClient, attemptId: string) {
  void client.invalidateQueries({ queryKey: integrityKeys.timeline(attemptId) });
  void client.invalidateQueries({ queryKey: integrityKeys.queues });
  void client.invalidateQueries({ queryKey: resultKeys.all });
}

/** Screens explain their own load failures. */
const silent = { silent: true };

export function useReviewQueue(examId: string, filter: QueueFilter) {
  return useQuery({
    queryKey: integrityKeys.queue(examId, filter),
    queryFn: () => integrityApi.queue(examId, filter),
    enabled: Boolean(examId),
    // A new filter keeps the list on screen (and the keyboard focus in it) until the answer comes.
    placeholderData: keepPreviousData,
    meta: silent,
  });
}

export function useAttemptTimeline(attemptId: string | null) {
  return useQuery({
    queryKey: integrityKeys.timeline(attemptId ?? ''),
    queryFn: () => integrityApi.timeline(attemptId!),
    enabled: Boolean(attemptId),
    meta: silent,
  });
}

/**
 * A decision changes the attempt's state, its exam's queue and perhaps what its student may see:
 * the flag is written into the timeline at once (the reviewer sees it before the refetch), then
 * the timeline, the queues and the results are asked again.
 */
export function useDecideFlag(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, input }: { eventId: string; input: FlagDecisionInput }) => integrityApi.decide(attemptId, eventId, input),
    onSuccess: (result) => {
      client.setQueryData<AttemptTimeline>(integrityKeys.timeline(attemptId), (old) =>
        old && result
          ? {
              ...old,
              attempt: { ...old.attempt, integrityState: result.integrityState, outcome: result.outcome, hold: result.hold },
              flags: old.flags.map((f) => (f.eventId === result.flag.eventId ? result.flag : f)),
            }
          : old,
      );
      refreshAfterReview(client, attemptId);
    },
  });
}

export function useSetOutcome(attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OutcomeInput) => integrityApi.setOutcome(attemptId, input),
    onSuccess: (result) => {
      client.setQueryData<AttemptTimeline>(integrityKeys.timeline(attemptId), (old) =>
        old && result ? { ...old, attempt: { ...old.attempt, integrityState: result.integrityState, outcome: result.outcome, hold: result.hold }, outcomeHistory: result.history } : old,
      );
      refreshAfterReview(client, attemptId);
    },
  });
}
