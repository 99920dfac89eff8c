import { formatDateTimeText } from './dateFormat';

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
