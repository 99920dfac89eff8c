import dayjs from 'dayjs';

export interface DayGroup<T> {
  /** YYYY-MM-DD on the reader's own calendar. */
  day: string;
  items: T[];
}

/**
 * Consecutive exams grouped by the local day they start (surroundings §2 "Schedule"). The input
 * order (the server's sort) is kept, both for the days and inside each day.
 */
export function groupByDay<T>(items: readonly T[], startOf: (item: T) => string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  const byDay = new Map<string, DayGroup<T>>();
  for (const item of items) {
    const start = dayjs(startOf(item));
    const day = start.isValid() ? start.format('YYYY-MM-DD') : 'unknown';
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

/** 'Monday, 23 November 2026' in the reader's locale. */
export function dayHeading(day: string): string {
  if (day === 'unknown') return 'Date not set';
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/** '09:00 – 11:30', with the end's date when the exam ends on another day. */
export function timeRange(startIso: string, endIso: string): string {
  const start = dayjs(startIso);
  const end = dayjs(endIso);
  if (!start.isValid() || !end.isValid()) return '—';
  const time = (d: dayjs.Dayjs) => d.toDate().toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const endText = end.isSame(start, 'day')
    ? time(end)
    : end.toDate().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return `${time(start)} – ${endText}`;
}
