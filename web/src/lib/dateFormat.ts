import {
  DEFAULT_SETTINGS,
  dayKey as sharedDayKey,
  formatDate as sharedFormatDate,
  formatDateTime as sharedFormatDateTime,
  formatDateTimeOnClock,
  formatDayHeading,
  formatTime as sharedFormatTime,
  notificationText,
  relativeTime,
  type DateTimePrefs,
} from '@exam/shared';
import { useSyncExternalStore } from 'react';
import { i18n } from '../i18n';
import { formatWords } from '../i18n/format';

/**
 * The app's one date/time formatter. It is fed by the signed-in user's settings (timezone,
 * dateFormat, timeFormat; see features/account/SettingsEffects) and the language on screen, and
 * falls back to the documented defaults for visitors. Screens never format dates on their own.
 */
let prefs: DateTimePrefs = { ...DEFAULT_SETTINGS.preferences };
const listeners = new Set<() => void>();

export function setDatePrefs(next: DateTimePrefs): void {
  if (next.timezone === prefs.timezone && next.dateFormat === prefs.dateFormat && next.timeFormat === prefs.timeFormat) return;
  prefs = { ...prefs, timezone: next.timezone, dateFormat: next.dateFormat, timeFormat: next.timeFormat };
  for (const l of listeners) l();
}

// Weekdays and a.m./p.m. are written in the language on screen.
i18n.on('languageChanged', (language) => {
  prefs = { ...prefs, language };
  for (const l of listeners) l();
});

export function getDatePrefs(): DateTimePrefs {
  return prefs;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the caller when the user's date/time settings change. */
export function useDatePrefs(): DateTimePrefs {
  return useSyncExternalStore(subscribe, getDatePrefs, getDatePrefs);
}

type When = string | number | Date;

export const formatDate = (value: When) => sharedFormatDate(value, prefs);
export const formatTime = (value: When, opts?: { seconds?: boolean }) => sharedFormatTime(value, prefs, opts);
export const formatDateTimeText = (value: When) => sharedFormatDateTime(value, prefs);
export const dayHeadingOf = (value: When) => formatDayHeading(value, prefs);
export const dayKeyOf = (value: When) => sharedDayKey(value, prefs);
/** 'Just now', '5 minutes ago', … and past a week the date, in the user's settings. */
export const relativeTimeOf = (iso: string, now: number) => relativeTime(iso, now, prefs, formatWords);
/** A notification's text with its times ({{key}} + metadata) in the user's settings. */
export const notificationMessage = (n: { message: string; metadata?: Record<string, unknown> | null }) => notificationText(n, prefs);
/** An instant on an exam's own clock (its IANA zone) in the user's formats, '—' when unreadable. */
export const formatOnClock = (value: When, zone: string) => formatDateTimeOnClock(value, zone, prefs) || '—';
