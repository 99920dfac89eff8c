import type { LtiPlatformInput } from '@exam/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ltiApi } from './api';

/** The page explains a failed load itself, hence silent. */
export const ltiKeys = { platforms: ['lti', 'platforms'] as const, config: ['lti', 'config'] as const };

export function usePlatforms() {
  return useQuery({ queryKey: ltiKeys.platforms, queryFn: ltiApi.platforms, meta: { silent: true } });
}

export function useToolConfig() {
  return useQuery({ queryKey: ltiKeys.config, queryFn: ltiApi.config, meta: { silent: true } });
}

function useRefreshPlatforms() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ltiKeys.platforms });
}

export function useSavePlatform() {
  const onSuccess = useRefreshPlatforms();
  return useMutation({ mutationFn: ({ id, body }: { id?: string; body: LtiPlatformInput }) => (id ? ltiApi.update(id, body) : ltiApi.create(body)), onSuccess });
}

export function useDeletePlatform() {
  const onSuccess = useRefreshPlatforms();
  return useMutation({ mutationFn: (id: string) => ltiApi.remove(id), onSuccess });
}

export function useRegistrationLink() {
  return useMutation({ mutationFn: ltiApi.registrationLink });
}

export function useRotateKeys() {
  return useMutation({ mutationFn: ltiApi.rotateKeys });
}
