import { useEffect } from 'react';
import { useTheme } from '../../lib/theme';
import { changeLanguage } from '../../i18n';
import { setDatePrefs } from '../../lib/dateFormat';
import { useAuth } from '../../session/useAuth';
import { useSettings } from './useSettings';

/**
 * Puts the signed-in user's settings into effect on every page: the theme (so it follows them
 * across devices), the language and the date/time formatter. Renders nothing.
 */
export function SettingsEffects() {
  const { user } = useAuth();
  const { settings, isLoaded } = useSettings();
  const { setThemeSetting } = useTheme();
  const { theme, timezone, dateFormat, timeFormat, language } = settings.preferences;

  useEffect(() => {
    if (isLoaded) setThemeSetting(theme);
  }, [isLoaded, theme, setThemeSetting]);

  // The user's language follows them to every device; it is also kept on this one, so the sign-in
  // page after they sign out still speaks it.
  useEffect(() => {
    if (isLoaded && user) void changeLanguage(language, { remember: true });
  }, [isLoaded, user, language]);

  useEffect(() => {
    setDatePrefs({ timezone, dateFormat, timeFormat });
  }, [timezone, dateFormat, timeFormat, user]);

  return null;
}
