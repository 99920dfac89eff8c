import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi, type UserBody, type UserListParams } from './api';

/** Everything about people sits under ['users']: one invalidation after a write refreshes every list. */
export const userKeys = {
  all: ['users'] as const,
  list: (params: UserListParams) => ['users', 'list', params] as const,
  students: (params: object) => ['users', 'students', params] as const,
};

/** The admin table explains a failed load itself ('Failed to load users'), hence silent. */
export function useUserList(params: UserListParams) {
  return useQuery({ queryKey: userKeys.list(params), queryFn: () => usersApi.list(params), placeholderData: keepPreviousData, meta: { silent: true } });
}

function useInvalidateUsers() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const onSuccess = useInvalidateUsers();
  return useMutation({ mutationFn: (body: UserBody) => usersApi.create(body), onSuccess });
}

export function useUpdateUser() {
  const onSuccess = useInvalidateUsers();
  return useMutation({ mutationFn: ({ id, body }: { id: string; body: UserBody }) => usersApi.update(id, body), onSuccess });
}

export function useSetUserActive() {
  const onSuccess = useInvalidateUsers();
  return useMutation({ mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => usersApi.setActive(id, isActive), onSuccess });
}

export function useDeleteUser() {
  const onSuccess = useInvalidateUsers();
  return useMutation({ mutationFn: (id: string) => usersApi.remove(id), onSuccess });
}

export function useImportPreview() {
  return useMutation({ mutationFn: (csv: string) => usersApi.previewImport(csv) });
}

export function useImportConfirm() {
  const onSuccess = useInvalidateUsers();
  return useMutation({ mutationFn: (csv: string) => usersApi.confirmImport(csv), onSuccess });
}
