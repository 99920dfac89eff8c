import { z } from 'zod';
import { issueText, type Language } from '@exam/shared';
import { languageOr } from './translator';

type ErrorMap = z.core.$ZodErrorMap;

const LOCALES: Record<Exclude<Language, 'en'>, () => { localeError: ErrorMap }> = { es: z.locales.es, fr: z.locales.fr, de: z.locales.de };
const maps = new Map<Language, ErrorMap>();

/**
 * Texts for the checks a schema names no text of its own for (a wrong type, a number too big): our
 * catalogue's words (`issueText`, English, translated later by the error handler like a schema's
 * own message), and zod's own in the reader's language only for what the catalogue has no words
 * for. A schema's own message always wins over these.
 */
export function zodErrorMap(language: string | undefined): ErrorMap {
  const lng = languageOr(language);
  let map = humane.get(lng);
  if (!map) {
    const fallback = lng === 'en' ? undefined : mapOf(lng);
    map = (issue) => issueText(issue) ?? fallback?.(issue);
    humane.set(lng, map);
  }
  return map;
}

const humane = new Map<Language, ErrorMap>();

function mapOf(lng: Exclude<Language, 'en'>): ErrorMap {
  let map = maps.get(lng);
  if (!map) {
    map = LOCALES[lng]().localeError;
    maps.set(lng, map);
  }
  return map;
}

/** Parse options for a language: zod's own messages in it. */
export const parseOptions = (language: string | undefined) => ({ error: zodErrorMap(language) });
