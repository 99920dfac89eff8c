import { STORAGE_KEYS, type ThemeSetting } from '@exam/shared';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Theme: the choice is light, dark or auto (follow the system).
 * It is kept under the `theme` key for the first paint, mirrored on <html data-theme>, and, for a
 * signed-in user, taken from and saved to their settings so it follows them across devices.
 */
export type ThemeName = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function readStoredTheme(): ThemeSetting {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.theme);
    return stored === 'dark' || stored === 'auto' ? stored : 'light';
  } catch {
    return 'light';
  }
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(setting: ThemeSetting, systemDark = systemPrefersDark()): ThemeName {
  if (setting === 'auto') return systemDark ? 'dark' : 'light';
  return setting;
}

export function applyTheme(theme: ThemeSetting | ThemeName): void {
  document.documentElement.setAttribute('data-theme', resolveTheme(theme));
}

interface ThemeContextValue {
  /** What the page shows now. */
  theme: ThemeName;
  /** What the user chose. */
  setting: ThemeSetting;
  setThemeSetting: (setting: ThemeSetting) => void;
  toggleTheme: () => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function ThemeProvider({ children }: { children: (theme: ThemeName) => ReactNode }) {
  const [setting, setSetting] = useState<ThemeSetting>(readStoredTheme);
  const [systemDark, setSystemDark] = useState(systemPrefersDark);
  const theme = resolveTheme(setting, systemDark);

  // "auto" follows the system as it changes (e.g. the OS switching to dark at sunset).
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    document.documentElement.setAttribute('data-theme', theme);
    try {
      localStorage.setItem(STORAGE_KEYS.theme, setting);
    } catch {
      // Without storage the choice lasts for this visit only.
    }
  }, [theme, setting]);

  const toggleTheme = useCallback(() => setSetting((s) => (resolveTheme(s) === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ theme, setting, setThemeSetting: setSetting, toggleTheme }), [theme, setting, toggleTheme]);

  return <ThemeContext.Provider value={value}>{children(theme)}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside <ThemeProvider>');
  return value;
}
