import { describe, expect, it } from 'vitest';
import { normaliseTimeZone, wallTimeInZone } from './zonedTime';

describe('wall times read in a time zone', () => {
  it('reads a datetime-local value on the zone’s clock', () => {
    expect(wallTimeInZone('2026-11-24T22:49', 'UTC')).toBe('2026-11-24T22:49:00.000Z');
    expect(wallTimeInZone('2026-11-24T22:49', 'Asia/Kolkata')).toBe('2026-11-24T17:19:00.000Z');
    expect(wallTimeInZone('2026-07-01T09:00:30', 'Europe/London')).toBe('2026-07-01T08:00:30.000Z');
  });

  it('follows New York across its daylight-saving changes', () => {
    // The day before and after the spring change: EST (-5) then EDT (-4).
    expect(wallTimeInZone('2026-03-07T10:00', 'America/New_York')).toBe('2026-03-07T15:00:00.000Z');
    expect(wallTimeInZone('2026-03-08T10:00', 'America/New_York')).toBe('2026-03-08T14:00:00.000Z');
    // 02:30 does not exist on 8 March: moved forward by the hour skipped.
    expect(wallTimeInZone('2026-03-08T02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November: the first one (still EDT).
    expect(wallTimeInZone('2026-11-01T01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    expect(wallTimeInZone('2026-11-01T10:00', 'America/New_York')).toBe('2026-11-01T15:00:00.000Z');
  });

  it('refuses dates that do not exist and zones nobody knows', () => {
    expect(wallTimeInZone('2026-02-30T10:00', 'UTC')).toBeUndefined();
    expect(wallTimeInZone('2026-01-01T24:30', 'UTC')).toBeUndefined();
    expect(wallTimeInZone('2026-01-01T10:00', 'Mars/Base')).toBeUndefined();
    expect(wallTimeInZone('tomorrow', 'UTC')).toBeUndefined();
  });

  it('reads the settings’ abbreviations as the region’s zone', () => {
    expect(normaliseTimeZone('EST')).toBe('America/New_York');
    expect(normaliseTimeZone('pst')).toBe('America/Los_Angeles');
    expect(normaliseTimeZone('GMT')).toBe('UTC');
    expect(normaliseTimeZone(' Asia/Kolkata ')).toBe('Asia/Kolkata');
  });
});
