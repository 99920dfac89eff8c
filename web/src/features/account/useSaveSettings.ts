import { msg } from '../../i18n/messages';
import { type SettingsCategory, type UserSettings } from '@exam/shared';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '../../session/useAuth';
import { accountApi, accountKeys } from './api';

/**
 * Saving settings as docs/account.md says: a change applies at once (the cached settings change before the
 * call), then is saved; if saving fails the user is told and the settings are reloaded from the
 * server, so the screen never shows a choice that was not kept.
 */
export function useSaveSettings() {
  const { user } = useAuth();
  const client = useQueryClient();
  const key = accountKeys.settings(user?._id ?? null);

  const onFailure = (message: string) => {
    notifications.show({ color: 'red', message });
    void client.invalidateQueries({ queryKey: key });
  };
  const keep = (settings: UserSettings) => client.setQueryData(key, settings);

  const one = useMutation({
    mutationFn: (v: { category: SettingsCategory; key: string; value: unknown }) => accountApi.saveSetting(v.category, v.key, v.value),
    onMutate: async (v) => {
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<UserSettings>(key, (old) => (old ? { ...old, [v.category]: { ...old[v.category], [v.key]: v.value } } : old));
    },
    onSuccess: keep,
    onError: () => onFailure(msg('profile.settingsSaveFailed')),
  });

  const all = useMutation({
    mutationFn: (settings: UserSettings) => accountApi.saveAll(settings),
    onSuccess: (settings) => {
      keep(settings);
      notifications.show({ color: 'green', message: msg('profile.settingsSaved') });
    },
    onError: () => onFailure(msg('profile.settingsSaveFailed')),
  });

  const reset = useMutation({
    mutationFn: accountApi.reset,
    onSuccess: (settings) => {
      keep(settings);
      notifications.show({ color: 'green', message: msg('profile.settingsReset') });
    },
    onError: () => onFailure(msg('profile.settingsResetFailed')),
  });

  return {
    change: <C extends SettingsCategory>(category: C, k: keyof UserSettings[C] & string, value: UserSettings[C][keyof UserSettings[C]]) =>
      one.mutate({ category, key: k, value }),
    saveAll: all.mutate,
    reset: reset.mutate,
    isSaving: one.isPending || all.isPending || reset.isPending,
  };
}
