import type { MarkingComment } from '@exam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { commentsApi } from './api';

export const commentKeys = { all: ['marking-comments'] as const };

/** Read only once the bank is opened: most grading visits never use it. */
export function useMarkingComments(enabled: boolean) {
  return useQuery({ queryKey: commentKeys.all, queryFn: commentsApi.list, enabled, meta: { silent: true } });
}

export function useCommentMutations() {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: commentKeys.all });
  const patchList = (change: (list: MarkingComment[]) => MarkingComment[]) => client.setQueryData<MarkingComment[]>(commentKeys.all, (list) => (list ? change(list) : list));
  return {
    create: useMutation({ mutationFn: commentsApi.create, onSuccess: refresh }),
    remove: useMutation({
      mutationFn: (id: string) => commentsApi.remove(id),
      onSuccess: (_r, id) => {
        patchList((list) => list.filter((c) => c.id !== id));
        refresh();
      },
    }),
    use: useMutation({ mutationFn: commentsApi.use, onSuccess: refresh }),
  };
}
