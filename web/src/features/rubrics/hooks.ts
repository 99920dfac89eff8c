import type { RubricTemplateInput } from '@exam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { rubricsApi } from './api';

export const rubricKeys = { all: ['rubrics'] as const };

export function useRubrics() {
  return useQuery({ queryKey: rubricKeys.all, queryFn: rubricsApi.list });
}

function useInvalidateRubrics() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: rubricKeys.all });
}

export function useCreateRubric() {
  const invalidate = useInvalidateRubrics();
  return useMutation({ mutationFn: (body: RubricTemplateInput) => rubricsApi.create(body), onSuccess: invalidate });
}

export function useUpdateRubric() {
  const invalidate = useInvalidateRubrics();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: RubricTemplateInput }) => rubricsApi.update(id, body), onSuccess: invalidate });
}

export function useDeleteRubric() {
  const invalidate = useInvalidateRubrics();
  return useMutation({ mutationFn: (id: string) => rubricsApi.remove(id), onSuccess: invalidate });
}
