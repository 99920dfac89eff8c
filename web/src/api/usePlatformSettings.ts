import { DEFAULT_PLATFORM_SETTINGS, type PublicPlatformSettings } from '@exam/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from './http';

export const platformSettingsKey = ['platform-settings'] as const;

const DEFAULTS: PublicPlatformSettings = {
  schoolName: DEFAULT_PLATFORM_SETTINGS.schoolName,
  timezone: DEFAULT_PLATFORM_SETTINGS.timezone,
  language: DEFAULT_PLATFORM_SETTINGS.language,
  registration: DEFAULT_PLATFORM_SETTINGS.registration,
  examDefaults: DEFAULT_PLATFORM_SETTINGS.examDefaults,
  gradingScale: DEFAULT_PLATFORM_SETTINGS.gradingScale,
};

/**
 * The school's public settings (name, zone and language, registration, exam defaults, grading scale), read once and
 * re-read every minute so an admin's change reaches open tabs; until the first answer, the defaults.
 */
export function usePlatformSettings(): PublicPlatformSettings {
  const query = useQuery({
    queryKey: platformSettingsKey,
    queryFn: () => http.get<{ settings: PublicPlatformSettings }>('/platform-settings').then((r) => r.data.settings),
    staleTime: 60_000,
    meta: { silent: true },
  });
  return query.data ?? DEFAULTS;
}
