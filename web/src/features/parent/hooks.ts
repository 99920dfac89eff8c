import type { AddChildInput, Child, ChildRange } from '@exam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/http';
import { parentApi, parentKeys } from './api';

/** Screens explain their own load failures. */
const silent = { silent: true };

export function useParentDashboard() {
  return useQuery({ queryKey: parentKeys.dashboard, queryFn: parentApi.dashboard, meta: silent });
}

/** The children list; when the call answers 404 the list is taken from the dashboard call. */
export function useChildren() {
  return useQuery({
    queryKey: parentKeys.children,
    queryFn: async (): Promise<Child[]> => {
      try {
        return await parentApi.children();
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return (await parentApi.dashboard()).children;
        throw error;
      }
    },
    meta: silent,
  });
}

export function useChildProgress(id: string, range: ChildRange, enabled = true) {
  return useQuery({ queryKey: parentKeys.progress(id, range), queryFn: () => parentApi.progress(id, range), enabled: enabled && Boolean(id), meta: silent });
}

export function useChildExams(id: string, range: ChildRange, enabled = true) {
  return useQuery({ queryKey: parentKeys.exams(id, range), queryFn: () => parentApi.exams(id, range), enabled: enabled && Boolean(id), meta: silent });
}

export function useChildResults(id: string, range: ChildRange, enabled = true) {
  return useQuery({ queryKey: parentKeys.results(id, range), queryFn: () => parentApi.results(id, range), enabled: enabled && Boolean(id), meta: silent });
}

function useParentMutation<T>(fn: (input: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: parentKeys.all }) });
}

export const useAddChild = () => useParentMutation((input: AddChildInput) => parentApi.addChild(input));
export const useRemoveChild = () => useParentMutation((id: string) => parentApi.removeChild(id));

export function useLinkRequests() {
  return useQuery({ queryKey: parentKeys.requests, queryFn: parentApi.requests, meta: silent });
}
export const useAnswerRequest = () => useParentMutation(({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => parentApi.answer(id, answer));
