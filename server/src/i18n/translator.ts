import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, messageOf, type FieldError, type Language, type MessageRef, type Translate } from '@exam/shared';
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

/**
 * Texts already written, by language, namespace, key and values. i18next takes 5-15 us a text, and
 * a deadline or a submit storm writes the same few texts thousands of times: the result's title
 * for a whole school, every mail's button and closing line (some 1.3 us each, remembered). The
 * catalogues are read once at start-up and never change, so a text once written stays right. The
 * map is small and emptied when full: at 20,000 texts, each text not seen before (a greeting with
 * its reader's name) took twice as long as i18next alone, the map's churn reaching the old generation.
 */
const written = new Map<string, string>();
const WRITTEN_LIMIT = 1000;

function i18nText(lng: Language, ns: string | undefined, key: string, values: Record<string, unknown> | undefined): string {
  return i18n.t(key, ns ? { lng, ns, ...values } : { lng, ...values });
}

/** What a text is remembered by; undefined for values JSON cannot write (a BigInt): translated, not remembered. */
function textId(lng: Language, ns: string | undefined, key: string, values: Record<string, unknown> | undefined): string | undefined {
  try {
    return `${lng}\u0000${ns ?? ''}\u0000${key}\u0000${values ? JSON.stringify(values) : ''}`;
  } catch {
    return undefined;
  }
}

function write(lng: Language, ns: string | undefined, key: string, values: Record<string, unknown> | undefined): string {
  const id = textId(lng, ns, key, values);
  if (id === undefined) return i18nText(lng, ns, key, values);
  let text = written.get(id);
  if (text === undefined) {
    text = i18nText(lng, ns, key, values);
    if (written.size >= WRITTEN_LIMIT) written.clear();
    written.set(id, text);
  }
  return text;
}

/** 'ns:key' (or a key of `messages`) in a language. */
export function translate(language: string | undefined, key: string, values?: Record<string, unknown>): string {
  return write(languageOr(language), undefined, key, values);
}

/** A namespace bound to a language, for shared code that writes words (durations, relative times). */
export function translatorFor(language: string | undefined, ns: string): Translate {
  const lng = languageOr(language);
  return (key, values) => write(lng, ns, key, values);
}

/**
 * An English text of the shared catalogue in another language, with the values it was filled
 * with ('Extend by at most 120 minutes'); any other text (a name, a value) unchanged. English is
 * returned as it came, byte for byte.
 */
export function translateMessage(language: string | undefined, text: string): string {
  const lng = languageOr(language);
  if (lng === DEFAULT_LANGUAGE) return text;
  const ref = messageOf(text);
  return ref ? write(lng, 'messages', ref.key, ref.values) : text;
}

/** A catalogue key with its values in a language (the `text` of an AppError). */
export function translateRef(language: string | undefined, ref: MessageRef): string {
  return write(languageOr(language), 'messages', ref.key, ref.values);
}

/**
 * A response body's `message` and `errors[].msg` in the reader's language: a new object, the
 * body itself untouched (it may be shared). Anything that is not such a body, or English, as is.
 * `ref` is the key and values the message was made from, when known.
 */
export function translateBody<B>(language: string | undefined, body: B, ref?: MessageRef): B {
  const lng = languageOr(language);
  if (lng === DEFAULT_LANGUAGE || !body || typeof body !== 'object' || Object.getPrototypeOf(body) !== Object.prototype) return body;
  const b = body as { message?: unknown; errors?: unknown };
  const english = typeof b.message === 'string' ? b.message : undefined;
  if (english === undefined && !Array.isArray(b.errors)) return body;
  const say = (text: string) => (ref && text === english ? translateRef(lng, ref) : translateMessage(lng, text));
  const out: Record<string, unknown> = { ...b };
  if (english !== undefined) out.message = say(english);
  if (Array.isArray(b.errors)) {
    out.errors = b.errors.map((e: unknown) => (e && typeof e === 'object' && typeof (e as FieldError).msg === 'string' ? { ...(e as FieldError), msg: say((e as FieldError).msg) } : e));
  }
  return out as B;
}

export const languageOr = (language: string | undefined): Language => (isLanguage(language) ? language : DEFAULT_LANGUAGE);

/** Catalogue texts inside an answer's data (a row's problems, an activity line) in a language. */
export function translateTexts(language: string | undefined, texts: readonly string[]): string[] {
  return languageOr(language) === DEFAULT_LANGUAGE ? [...texts] : texts.map((t) => translateMessage(language, t));
}
