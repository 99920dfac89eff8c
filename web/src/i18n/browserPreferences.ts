import { firstSupported, isLanguage, isTimezoneSetting, type Language, type PublicPlatformSettings } from '@exam/shared';

/** The browser's languages, first preferred first (an old engine may list only one). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/** The first of the browser's languages the app is translated into, if any. */
export const browserLanguage = (): Language | undefined => firstSupported(browserLanguages());

/** The browser's own zone (IANA), when the engine tells one we recognise. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isTimezoneSetting(zone) ? zone : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What registration tells the server of the new user's browser, so the account starts in their
 * zone and language; the server falls back to the school's for whatever is missing.
 */
export function browserStartValues(): { timezone?: string; languages?: string[] } {
  const timezone = browserTimeZone();
  const languages = browserLanguages().slice(0, 10);
  return { ...(timezone ? { timezone } : {}), ...(languages.length ? { languages: [...languages] } : {}) };
}

// Bounded: a slow server must not hold the first screen back for a language guess.
const SCHOOL_LANGUAGE_WAIT_MS = 1500;

/** The school's default language (public settings), or undefined when it cannot be read in time. */
export async function schoolLanguage(apiBase = '/api'): Promise<Language | undefined> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), SCHOOL_LANGUAGE_WAIT_MS);
  try {
    const res = await fetch(`${apiBase}/platform-settings`, { signal: abort.signal, credentials: 'same-origin' });
    if (!res.ok) return undefined;
    const body = (await res.json()) as { data?: { settings?: Partial<PublicPlatformSettings> } };
    const language = body.data?.settings?.language;
    return isLanguage(language) ? language : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
