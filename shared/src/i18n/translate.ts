import { createInstance } from 'i18next';
import enFormat from '../locales/en/format.json' with { type: 'json' };
import messages from '../locales/en/messages.json' with { type: 'json' };

/**
 * A translation function bound to one namespace. Shared code that writes words (durations,
 * countdowns, relative times) takes one, so the web app passes the reader's language and the
 * server the recipient's; English is the default for callers that have none.
 */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

const english = createInstance();
void english.init({
  lng: 'en',
  fallbackLng: false,
  initAsync: false,
  resources: { en: { format: enFormat, messages } },
  defaultNS: 'format',
  interpolation: { escapeValue: false },
});

/** The `format` namespace in English. */
export const englishFormat: Translate = (key, values) => english.t(key, { ns: 'format', ...values });
/** The `messages` namespace in English: the default of shared functions that write sentences. */
export const englishMessages: Translate = (key, values) => english.t(key, { ns: 'messages', ...values });
