import { ianaZoneOf, type DateFormatSetting, type TimeFormatSetting, type TimezoneSetting } from './settings';

export interface DateTimePrefs {
  timezone: TimezoneSetting;
  dateFormat: DateFormatSetting;
  timeFormat: TimeFormatSetting;
  /** Words in dates (weekdays, a.m./p.m.) follow the reader's language; English when absent. */
  language?: string;
}

// Building an Intl formatter is costly (tables of rows format hundreds of times a second): one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(zone);
  if (!fmt) {
    fmt = makeFormatter(zone);
    formatters.set(zone, fmt);
  }
  return fmt;
}

/** Calendar and clock parts of an instant as seen in the user's zone, or in `zone` (IANA) when given. */
function parts(date: Date, timezone: TimezoneSetting, zone: string = ianaZoneOf(timezone)) {
  const fmt = formatterFor(zone);
  const p: Record<string, string> = {};
  for (const { type, value } of fmt.formatToParts(date)) p[type] = value;
  return { year: p.year!, month: p.month!, day: p.day!, hour: Number(p.hour) % 24, minute: p.minute!, second: p.second!, weekday: p.weekday!, zone: p.timeZoneName! };
}

function makeFormatter(zone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
    timeZoneName: 'short',
  });
}

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** The date in the user's format and zone, e.g. 23/11/2026. An invalid date gives ''. */
export function formatDate(value: Date | string | number, prefs: DateTimePrefs, zone?: string): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const { year, month, day } = parts(d, prefs.timezone, zone);
  if (prefs.dateFormat === 'DD/MM/YYYY') return `${day}/${month}/${year}`;
  if (prefs.dateFormat === 'YYYY-MM-DD') return `${year}-${month}-${day}`;
  return `${month}/${day}/${year}`;
}

/** The clock time in the user's format and zone: 2:05 PM or 14:05 (with seconds when asked: 14:05:09). */
export function formatTime(value: Date | string | number, prefs: DateTimePrefs, opts: { seconds?: boolean; zone?: string } = {}): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const { hour, minute, second } = parts(d, prefs.timezone, opts.zone);
  const rest = opts.seconds ? `${minute}:${second}` : minute;
  if (prefs.timeFormat === '24h') return `${String(hour).padStart(2, '0')}:${rest}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${rest} ${dayPeriod(hour, prefs.language)}`;
}

/** Date and time together, e.g. 11/23/2026 2:05 PM. */
export function formatDateTime(value: Date | string | number, prefs: DateTimePrefs): string {
  const date = formatDate(value, prefs);
  return date && `${date} ${formatTime(value, prefs)}`;
}

/**
 * Date and time on another clock, an exam's own IANA zone, in the user's date and time formats:
 * '11/23/2026 9:30 AM (Asia/Kolkata)'. An unknown zone reads as UTC.
 */
export function formatDateTimeOnClock(value: Date | string | number, zone: string, prefs: DateTimePrefs): string {
  const known = isKnownZone(zone) ? zone : 'UTC';
  const date = formatDate(value, prefs, known);
  return date && `${date} ${formatTime(value, prefs, { zone: known })} (${known})`;
}

function isKnownZone(zone: string): boolean {
  try {
    formatterFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The weekday with the date, for day headings: Mon, 23/11/2026 (lun., 23/11/2026 in French). */
export function formatDayHeading(value: Date | string | number, prefs: DateTimePrefs): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${weekdayName(d, prefs)}, ${formatDate(d, prefs)}`;
}

// Words are asked of Intl in the reader's language; the digits above stay in the user's chosen format.
const wordFormatters = new Map<string, Intl.DateTimeFormat>();
function wordFormatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let fmt = wordFormatters.get(key);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat(language, options);
    wordFormatters.set(key, fmt);
  }
  return fmt;
}

function weekdayName(d: Date, prefs: DateTimePrefs): string {
  const zone = ianaZoneOf(prefs.timezone);
  return wordFormatter(prefs.language ?? 'en-US', { weekday: 'short', timeZone: zone }).format(d);
}

/** 'AM'/'PM' in English, 'a. m.'/'p. m.' in Spanish, and so on. */
function dayPeriod(hour: number, language = 'en-US'): string {
  const noonOrMidnight = new Date(Date.UTC(2020, 0, 1, hour < 12 ? 9 : 15));
  const period = wordFormatter(language, { hour: 'numeric', hour12: true, timeZone: 'UTC' })
    .formatToParts(noonOrMidnight)
    .find((p) => p.type === 'dayPeriod')?.value;
  return period ?? (hour < 12 ? 'AM' : 'PM');
}

/** The zone's short name at that instant (UTC, EST/EDT, PST/PDT, GMT), to label times. */
export function zoneLabel(value: Date | string | number, prefs: Pick<DateTimePrefs, 'timezone'>): string {
  const d = toDate(value);
  return Number.isNaN(d.getTime()) ? prefs.timezone : parts(d, prefs.timezone).zone;
}

/** The calendar day key (YYYY-MM-DD) in the user's zone, to group things by day. */
export function dayKey(value: Date | string | number, prefs: Pick<DateTimePrefs, 'timezone'>): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const { year, month, day } = parts(d, prefs.timezone);
  return `${year}-${month}-${day}`;
}
