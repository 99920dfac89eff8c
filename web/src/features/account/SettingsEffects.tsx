import { useEffect } from 'react';
import { useTheme } from '../../app/theme';
import { setDatePrefs } from '../../lib/dateFormat';
import { useAuth } from '../auth/useAuth';
import { useSettings } from './useSettings';

/**
 * Puts the signed-in user's settings into effect on every page: the theme (so it follows them
 * across devices) and the date/time formatter. Renders nothing.
 */
export function SettingsEffects() {
  const { user } = useAuth();
  const { settings, isLoaded } = useSettings();
  const { setThemeSetting } = useTheme();
  const { theme, timezone, dateFormat, timeFormat } = settings.preferences;

  useEffect(() => {
    if (isLoaded) setThemeSetting(theme);
  }, [isLoaded, theme, setThemeSetting]);

  useEffect(() => {
    setDatePrefs({ timezone, dateFormat, timeFormat });
  }, [timezone, dateFormat, timeFormat, user]);

  return null;
}
