import { DEFAULT_SETTINGS, type UserSettings } from '@exam/shared';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../session/useAuth';
import { accountApi, accountKeys } from './api';

/**
 * The signed-in user's settings (the documented defaults until they load, and for visitors). Every
 * screen that behaves per user reads them here, so a saved change takes effect everywhere.
 */
export function useSettings(): { settings: UserSettings; isLoaded: boolean } {
  const { user } = useAuth();
  const query = useQuery({
    queryKey: accountKeys.settings(user?._id ?? null),
    queryFn: accountApi.settings,
    enabled: !!user,
    staleTime: 60_000,
  });
  return { settings: query.data ?? DEFAULT_SETTINGS, isLoaded: !!query.data };
}
