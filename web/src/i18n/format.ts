import {
  countdownText as sharedCountdownText,
  durationText as sharedDurationText,
  formatDuration as sharedFormatDuration,
  messageOf,
  performanceLabel as sharedPerformanceLabel,
  timeLeftText as sharedTimeLeftText,
  type Translate,
} from '@exam/shared';
import { currentLanguage, i18n } from './index';

/**
 * Words and numbers in the reader's language. Screens call these instead of the shared English
 * defaults; a component that also calls useTranslation re-renders when the language changes.
 */
export const formatWords: Translate = (key, values) => i18n.t(key, { ns: 'format', ...values });

export const durationText = (ms: number) => sharedDurationText(ms, formatWords);
export const timeLeftText = (ms: number) => sharedTimeLeftText(ms, formatWords);
export const countdownText = (start: string | Date | null | undefined, end: string | Date | null | undefined, now?: number) =>
  sharedCountdownText(start, end, now, formatWords);
/** An exam's length: '45 min', '1 h 30 min'. */
export const formatDuration = (minutes: number) => sharedFormatDuration(minutes, formatWords);
export const performanceLabel = (pct: number) => sharedPerformanceLabel(pct, formatWords);

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${currentLanguage()}|${JSON.stringify(options)}`;
  let fmt = numberFormats.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(currentLanguage(), options);
    numberFormats.set(key, fmt);
  }
  return fmt;
}

/** 1,234.5 in English, 1.234,5 in German. */
export const formatNumber = (value: number, maximumFractionDigits = 2) => numberFormat({ maximumFractionDigits }).format(value);
/** A percentage given as 0–100: '85%' in English, '85 %' in French and German. */
export const formatPercent = (value: number, maximumFractionDigits = 0) =>
  numberFormat({ style: 'percent', maximumFractionDigits }).format(value / 100);
/** An amount in minor units (cents) of an ISO currency: '$12.50', '12,50 €'. */
export const formatMoney = (minorUnits: number, currency: string) =>
  numberFormat({ style: 'currency', currency: currency.toUpperCase() }).format(minorUnits / 100);

/** A domain value's name ('computer-science' → 'Computer Science', 'Informatique'): common:enums.<kind>.<value>. */
export function enumLabel(kind: EnumKind, value: string): string {
  return i18n.t(`enums.${kind}.${value}`, { ns: 'common', defaultValue: value });
}
export type EnumKind =
  | 'roles'
  | 'subjects'
  | 'examTypes'
  | 'difficulties'
  | 'questionTypes'
  | 'examStatuses'
  | 'submissionStatuses'
  | 'relationships'
  | 'linkStatuses'
  | 'notificationTypes'
  | 'paymentStatuses'
  | 'violationTypes'
  | 'submitReasons'
  | 'trueFalse'
  | 'themes'
  | 'profileVisibility'
  | 'timeFormats';

/**
 * A text from a shared schema or the shared catalogue (English, see messageOf: values included) in the reader's
 * language; any other text (a server message already translated, a name) as it is.
 */
export function translateMessage(text: string): string {
  const found = messageOf(text);
  return found ? i18n.t(found.key, { ns: 'messages', ...found.values }) : text;
}
