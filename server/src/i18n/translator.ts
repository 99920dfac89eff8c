import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, messageKeyOf, type Language, type Translate } from '@exam/shared';
import { createInstance, type Resource } from 'i18next';

/**
 * The server speaks every language at once: each request, e-mail and notification is written in
 * its reader's language. All shared catalogues (messages, notices, emails, format) are read once
 * at start-up; they are small.
 */
const LOCALES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/src/locales');

function readCatalogues(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    const dir = path.join(LOCALES, language);
    resources[language] = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, f), 'utf8'))]),
    );
  }
  return resources;
}

const i18n = createInstance();
void i18n.init({
  resources: readCatalogues(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  initAsync: false,
  defaultNS: 'messages',
  interpolation: { escapeValue: false },
});

/** 'ns:key' (or a key of `messages`) in a language. */
export function translate(language: string | undefined, key: string, values?: Record<string, unknown>): string {
  return i18n.t(key, { lng: languageOr(language), ...values });
}

/** A namespace bound to a language, for shared code that writes words (durations, relative times). */
export function translatorFor(language: string | undefined, ns: string): Translate {
  const lng = languageOr(language);
  return (key, values) => i18n.t(key, { lng, ns, ...values });
}

/** An English text of the spec's catalogue in another language; any other text unchanged. */
export function translateMessage(language: string | undefined, text: string): string {
  const lng = languageOr(language);
  if (lng === DEFAULT_LANGUAGE) return text;
  const key = messageKeyOf(text);
  return key ? i18n.t(key, { lng, ns: 'messages' }) : text;
}

export const languageOr = (language: string | undefined): Language => (isLanguage(language) ? language : DEFAULT_LANGUAGE);
