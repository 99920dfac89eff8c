import type { Achievement, BulkSettingsInput, SettingsCategory, User, UserSettings, UserStats } from '@exam/shared';
import { http } from '../../api/http';

/** The account calls. */
export const accountApi = {
  settings: () => http.get<{ settings: UserSettings }>('/users/settings').then((r) => r.data.settings),
  saveSetting: (category: SettingsCategory, key: string, value: unknown) =>
    http.put<{ settings: UserSettings }>('/users/settings', { category, key, value }).then((r) => r.data.settings),
  saveAll: (settings: BulkSettingsInput) => http.put<{ settings: UserSettings }>('/users/settings/bulk', settings).then((r) => r.data.settings),
  reset: () => http.post<{ settings: UserSettings }>('/users/settings/reset').then((r) => r.data.settings),
  updateProfile: (form: FormData) => http.put<{ user: User }>('/users/profile', form),
  changePassword: (currentPassword: string, newPassword: string) => http.put<{ otherSessionsSignedOut: boolean }>('/users/password', { currentPassword, newPassword }),
  stats: () => http.get<{ stats: UserStats }>('/users/stats').then((r) => r.data.stats),
  // `data` is the list itself.
  achievements: () => http.get<Achievement[]>('/users/achievements').then((r) => r.data),
};

export const accountKeys = {
  settings: (userId: string | null) => ['account', 'settings', userId] as const,
  stats: (userId: string) => ['account', 'stats', userId] as const,
  achievements: (userId: string) => ['account', 'achievements', userId] as const,
};
