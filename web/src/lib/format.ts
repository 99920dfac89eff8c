import { zoneLabel } from '@exam/shared';
import { formatDateTimeText, getDatePrefs } from './dateFormat';

/** 'computer-science' → 'Computer Science': how option values read in the interface. */
export function titleCase(value: string): string {
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * A timestamp in the user's date format, time format and time zone (their settings), or null
 * when the value is missing or not a date.
 */
export function formatDateTime(value: string | null | undefined): string | null {
  if (!value) return null;
  return formatDateTimeText(value) || null;
}

/**
 * A timestamp as formatDateTime, followed by its zone's name at that instant ('11/23/2026
 * 5:47 PM GMT+1'): for times a reader could take for their own clock's (an exam's start).
 */
export function formatDateTimeWithZone(value: string | null | undefined): string | null {
  const text = formatDateTime(value);
  return text && `${text} ${zoneLabel(value!, getDatePrefs())}`;
}

/** A zone as a picker lists it: 'America/New York (EST)', searchable by city with spaces. */
export function zoneChoiceLabel(zone: string, at: Date = new Date()): string {
  const name = zone.replace(/_/g, ' ');
  const offset = zoneLabel(at, { timezone: zone });
  return offset && offset !== name ? `${name} (${offset})` : name;
}
