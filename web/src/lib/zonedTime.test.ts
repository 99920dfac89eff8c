import { describe, expect, it } from 'vitest';
import { isoToWallTime, timeZoneOptions, wallTimeToIso } from './zonedTime';

describe('wallTimeToIso', () => {
  it('reads the wall time in the chosen zone, whatever zone the browser is in', () => {
    expect(wallTimeToIso('2026-03-01T09:30', 'Asia/Kolkata')).toBe('2026-03-01T04:00:00.000Z');
    expect(wallTimeToIso('2026-03-01T09:30', 'UTC')).toBe('2026-03-01T09:30:00.000Z');
    expect(wallTimeToIso('2025-07-01T12:00', 'Europe/London')).toBe('2025-07-01T11:00:00.000Z');
  });

  it('follows daylight saving time on each side of the change', () => {
    expect(wallTimeToIso('2025-03-09T01:30', 'America/New_York')).toBe('2025-03-09T06:30:00.000Z');
    expect(wallTimeToIso('2025-03-09T03:30', 'America/New_York')).toBe('2025-03-09T07:30:00.000Z');
  });

  it('keeps an empty value empty and leaves an unreadable one without an offset', () => {
    expect(wallTimeToIso('', 'UTC')).toBe('');
    expect(wallTimeToIso('tomorrow', 'UTC')).toBe('tomorrow');
    expect(wallTimeToIso('2026-02-30T10:00', 'UTC')).toBe('2026-02-30T10:00');
    expect(wallTimeToIso('2026-03-01T09:30', 'Mars/Olympus')).toBe('2026-03-01T09:30');
  });
});

describe('isoToWallTime', () => {
  it('shows the instant on the wall clock of the zone', () => {
    expect(isoToWallTime('2026-03-01T04:00:00.000Z', 'Asia/Kolkata')).toBe('2026-03-01T09:30');
    expect(isoToWallTime('2025-07-01T11:00:00Z', 'Europe/London')).toBe('2025-07-01T12:00');
    expect(isoToWallTime('2025-07-01T11:00:00+05:30', 'UTC')).toBe('2025-07-01T05:30');
  });

  it('round-trips with wallTimeToIso', () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/New_York', 'Australia/Adelaide']) {
      expect(isoToWallTime(wallTimeToIso('2026-10-05T23:45', zone), zone)).toBe('2026-10-05T23:45');
    }
  });

  it('gives an empty value for a missing or bad instant', () => {
    expect(isoToWallTime(null, 'UTC')).toBe('');
    expect(isoToWallTime('not a date', 'UTC')).toBe('');
  });
});

describe('timeZoneOptions', () => {
  it('lists UTC first and always keeps the zones asked for', () => {
    const zones = timeZoneOptions(['Asia/Kolkata']);
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Asia/Kolkata');
    expect(new Set(zones).size).toBe(zones.length);
  });
});
