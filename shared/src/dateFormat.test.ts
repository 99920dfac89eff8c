import { describe, expect, it } from 'vitest';
import { dayKey, formatDate, formatDateTime, formatTime, zoneLabel } from './dateFormat';
import { DEFAULT_SETTINGS } from './settings';

const instant = '2026-11-23T14:05:00Z';

describe('the date/time formatter', () => {
  it('shows the same exam start in two users’ formats and zones', () => {
    const americanDefault = DEFAULT_SETTINGS.preferences;
    const european = { timezone: 'GMT', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } as const;
    expect(formatDateTime(instant, americanDefault)).toBe('11/23/2026 2:05 PM');
    expect(formatDateTime(instant, european)).toBe('23/11/2026 14:05');
  });

  it('moves the calendar day with the zone', () => {
    const late = '2026-11-24T03:30:00Z';
    const pacific = { timezone: 'PST', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' } as const;
    expect(formatDate(late, pacific)).toBe('2026-11-23');
    expect(formatTime(late, pacific)).toBe('19:30');
    expect(dayKey(late, pacific)).toBe('2026-11-23');
    expect(dayKey(late, { timezone: 'UTC' })).toBe('2026-11-24');
  });

  it('writes midnight and noon the way a 12-hour clock does', () => {
    const p = { timezone: 'UTC', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' } as const;
    expect(formatTime('2026-01-01T00:07:00Z', p)).toBe('12:07 AM');
    expect(formatTime('2026-01-01T12:00:00Z', p)).toBe('12:00 PM');
  });

  it('gives an empty text for an invalid date', () => {
    expect(formatDateTime('not a date', DEFAULT_SETTINGS.preferences)).toBe('');
  });
});

describe('a user living on an IANA zone', () => {
  const berlin = { timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } as const;

  it('reads times on that zone’s clock, daylight saving included', () => {
    expect(formatDateTime('2026-11-23T16:47:00Z', berlin)).toBe('23/11/2026 17:47');
    expect(formatDateTime('2026-07-01T16:47:00Z', berlin)).toBe('01/07/2026 18:47');
    expect(dayKey('2026-11-23T23:30:00Z', berlin)).toBe('2026-11-24');
  });

  it('labels a time with the zone’s offset, so it cannot be misread', () => {
    expect(zoneLabel('2026-11-23T16:47:00Z', berlin)).toBe('GMT+1');
    expect(zoneLabel('2026-11-23T16:47:00Z', { timezone: 'EST' })).toBe('EST');
  });

  it('reads an unknown stored zone as UTC rather than failing', () => {
    expect(formatTime('2026-11-23T16:47:00Z', { ...berlin, timezone: 'Mars/Olympus' })).toBe('16:47');
  });
});
