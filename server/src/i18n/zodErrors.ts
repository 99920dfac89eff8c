import { z } from 'zod';
import type { Language } from '@exam/shared';
import { languageOr } from './translator';

type ErrorMap = z.core.$ZodErrorMap;

const LOCALES: Record<Exclude<Language, 'en'>, () => { localeError: ErrorMap }> = { es: z.locales.es, fr: z.locales.fr, de: z.locales.de };
const maps = new Map<Language, ErrorMap>();

/**
 * Zod's own messages (a wrong type, a value too long where the schema names no text of ours) in a
 * language, for `safeParse(data, { error })`. A schema's own message always wins over these, and
 * stays English until the error handler translates it from the catalogue. English: none (zod's default).
 */
export function zodErrorMap(language: string | undefined): ErrorMap | undefined {
  const lng = languageOr(language);
  return lng === 'en' ? undefined : mapOf(lng);
}

function mapOf(lng: Exclude<Language, 'en'>): ErrorMap {
  let map = maps.get(lng);
  if (!map) {
    map = LOCALES[lng]().localeError;
    maps.set(lng, map);
  }
  return map;
}

/** Parse options for a language: zod's own messages in it. */
export const parseOptions = (language: string | undefined) => {
  const error = zodErrorMap(language);
  return error ? { error } : undefined;
};
