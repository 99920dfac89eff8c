import { isValidTimeZone } from '@exam/shared';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The exam forms take a wall-clock time (what `<input type="datetime-local">` gives, no zone)
 * plus an IANA zone; the API wants an instant with an offset. These two convert between them.
 */

const WALL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/**
 * '2026-03-01T09:30' read in 'Asia/Kolkata' → '2026-03-01T04:00:00.000Z'. An empty input stays
 * empty (the schema then says the date is required); an unreadable one is returned as it was,
 * without an offset, so the schema reports it as an invalid date instead of guessing.
 */
export function wallTimeToIso(wall: string, zone: string): string {
  const value = wall.trim();
  if (value === '') return '';
  if (!WALL_TIME.test(value) || !isRealDate(value) || !isValidTimeZone(zone)) return value;
  const instant = dayjs.tz(value, zone);
  return instant.isValid() ? instant.toISOString() : value;
}

/** Rejects calendar overflow such as 30 February, which date libraries silently roll forward. */
function isRealDate(wall: string): boolean {
  const [y, m, d] = wall.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The instant as the wall clock of `zone` shows it, in datetime-local format ('' if unreadable). */
export function isoToWallTime(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const instant = dayjs(iso);
  if (!instant.isValid()) return '';
  return (isValidTimeZone(zone) ? instant.tz(zone) : instant.utc()).format('YYYY-MM-DDTHH:mm');
}

/** Every zone the browser knows, 'UTC' first; `keep` (e.g. an exam's stored zone) is always listed. */
export function timeZoneOptions(keep: readonly string[] = []): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // Older engines: the zones the exam already uses are still offered.
  }
  return [...new Set(['UTC', ...keep.filter(Boolean), ...zones])];
}
