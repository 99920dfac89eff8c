import { i18n } from '../../i18n';
import { formatDayHeading, zoneLabel } from '@exam/shared';
import { dayKeyOf, formatDateTimeText, formatTime, getDatePrefs } from '../../lib/dateFormat';

export interface DayGroup<T> {
  /** YYYY-MM-DD on the reader's calendar (their time zone setting). */
  day: string;
  items: T[];
}

/**
 * Consecutive exams grouped by the day they start in the reader's time zone ( * "Schedule"). The input order (the server's sort) is kept, both for the days and inside each day.
 */
export function groupByDay<T>(items: readonly T[], startOf: (item: T) => string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  const byDay = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const day = dayKeyOf(startOf(item)) || 'unknown';
    let group = byDay.get(day);
    if (!group) {
      group = { day, items: [] };
      byDay.set(day, group);
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}

/** 'Mon, 23/11/2026': the weekday and the date in the reader's date format. */
export function dayHeading(day: string): string {
  if (day === 'unknown') return i18n.t('schedule:dateNotSet');
  // The day is already the reader's calendar day: read back on the UTC clock, as any zone
  // (some are 14 hours from UTC) could move noon UTC onto the next or previous day.
  return formatDayHeading(`${day}T12:00:00Z`, { ...getDatePrefs(), timezone: 'UTC' });
}

/**
 * '09:00 – 11:30 GMT+1' (or 9:00 AM – 11:30 AM EST), with the end's date when the exam ends on
 * another day. The zone is named so the times cannot be read on another clock; a range across a
 * change of clocks names the zone at each end.
 */
export function timeRange(startIso: string, endIso: string): string {
  const start = dayKeyOf(startIso);
  const end = dayKeyOf(endIso);
  if (!start || !end) return '—';
  const prefs = getDatePrefs();
  const startZone = zoneLabel(startIso, prefs);
  const endZone = zoneLabel(endIso, prefs);
  const from = startZone === endZone ? formatTime(startIso) : `${formatTime(startIso)} ${startZone}`;
  return `${from} – ${end === start ? formatTime(endIso) : formatDateTimeText(endIso)} ${endZone}`;
}
