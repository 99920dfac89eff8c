import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@exam/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Bundle } from './bundle';
import { browserLanguage, schoolLanguage } from './browserPreferences';

export { i18n };

// Each language is its own chunk, fetched only when chosen.
const loaders: Record<Language, () => Promise<{ default: Bundle }>> = {
  en: () => import('./bundles/en'),
  es: () => import('./bundles/es'),
  fr: () => import('./bundles/fr'),
  de: () => import('./bundles/de'),
};

/** A visitor's choice, kept on the device (a signed-in user's lives in their settings). */
export const LANGUAGE_STORAGE_KEY = 'language';

/** A browser may refuse storage (an LMS's frame blocking third-party storage): then there is no remembered choice. */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The visitor's last choice, else the first of the browser's languages we speak, else the
 * school's default language (asked of the server only then), else English.
 */
export async function initialLanguage(school: () => Promise<Language | undefined> = schoolLanguage): Promise<Language> {
  const stored = storedLanguage();
  if (isLanguage(stored)) return stored;
  return browserLanguage() ?? (await school()) ?? DEFAULT_LANGUAGE;
}

function addBundle(language: Language, bundle: Bundle): void {
  for (const [ns, resources] of Object.entries(bundle)) i18n.addResourceBundle(language, ns, resources, true, true);
}

/** `<html lang>` follows the language, so screen readers and hyphenation do too. */
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Starts i18n with every namespace of one language already in memory (the app never shows a key). */
export function initI18n(language: Language, bundle: Bundle): Promise<unknown> {
  return i18n.use(initReactI18next).init({
    lng: language,
    // The parity test keeps every catalogue complete, so nothing falls back (and no second language loads).
    fallbackLng: false,
    resources: { [language]: bundle },
    ns: Object.keys(bundle),
    defaultNS: 'common',
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
}

/** Before the first render: the chosen language's catalogues, then i18n. */
export async function startI18n(): Promise<void> {
  const language = await initialLanguage();
  await initI18n(language, (await loaders[language]()).default);
}

/**
 * Switches the whole app at once, without a reload: its catalogues are fetched first, so no
 * screen shows a half-translated moment. `remember` keeps a visitor's choice on the device.
 */
export async function changeLanguage(language: Language, opts: { remember?: boolean } = {}): Promise<void> {
  if (opts.remember) {
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // Without storage the choice lasts as long as the page.
    }
  }
  if (i18n.language === language) return;
  if (!i18n.hasResourceBundle(language, 'common')) addBundle(language, (await loaders[language]()).default);
  await i18n.changeLanguage(language);
}

/** The language on screen now. */
export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);
