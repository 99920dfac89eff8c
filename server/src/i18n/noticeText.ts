import { formatMoney } from '@exam/shared';
import { languageOr, translate } from './translator';

/**
 * The words of a notification: a key of the `notices` catalogue with its values, or a person's
 * own words (a proctor's message) kept as they were written. A value may itself be a catalogue
 * key ({ t: 'notices:relationships.father' }), translated with the rest, or an amount of money
 * ({ money: 12.5, currency: 'USD' }), written as the reader writes money.
 */
export type NoticeText = string | { key: string; values?: Record<string, NoticeValue> };
export type NoticeValue = string | number | { t: string } | { money: number; currency: string };

/** The text in a reader's language. */
export function renderNotice(text: NoticeText, language: string | undefined): string {
  if (typeof text === 'string') return text;
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(text.values ?? {})) values[name] = typeof value === 'object' ? valueIn(value, language) : value;
  return translate(language, `notices:${text.key}`, values);
}

function valueIn(value: { t: string } | { money: number; currency: string }, language: string | undefined): string {
  if ('t' in value) return translate(language, value.t);
  return formatMoney(value.money, value.currency, languageOr(language));
}
