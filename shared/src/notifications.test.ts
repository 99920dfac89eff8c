import { describe, expect, it } from 'vitest';
import { notificationText, relativeTime, timePlaceholder } from './notifications';
import { formatDateTimeOnClock } from './dateFormat';

const US = { timezone: 'EST', dateFormat: 'MM/DD/YYYY', timeFormat: '12h' } as const;
const EU = { timezone: 'UTC', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' } as const;

describe('notification texts hold times as data', () => {
  const stored = { message: `Cells has been published. It starts ${timePlaceholder('startsAt')}.`, metadata: { startsAt: '2026-11-22T22:48:00.000Z' } };

  it('writes the time in each reader’s zone and formats, naming the zone, never as a UTC string', () => {
    expect(notificationText(stored, US)).toBe('Cells has been published. It starts 11/22/2026 5:48 PM EST.');
    expect(notificationText(stored, EU)).toBe('Cells has been published. It starts 22/11/2026 22:48 UTC.');
    expect(notificationText(stored, { ...EU, timezone: 'Europe/Berlin' })).toBe('Cells has been published. It starts 22/11/2026 23:48 GMT+1.');
    expect(notificationText(stored, EU)).not.toContain('GMT');
  });

  it('leaves texts without times, and placeholders without an instant, as they are', () => {
    expect(notificationText({ message: 'Welcome {{name}}', metadata: {} }, US)).toBe('Welcome {{name}}');
    expect(notificationText({ message: 'Plain text.', metadata: { startsAt: 'x' } }, US)).toBe('Plain text.');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-30T12:00:00Z');
  it('counts minutes, hours and days, then gives the date in the reader’s format', () => {
    expect(relativeTime('2026-11-30T11:59:30Z', now, EU)).toBe('Just now');
    expect(relativeTime('2026-11-30T09:00:00Z', now, EU)).toBe('3 hours ago');
    expect(relativeTime('2026-11-28T12:00:00Z', now, EU)).toBe('2 days ago');
    expect(relativeTime('2026-11-01T12:00:00Z', now, EU)).toBe('01/11/2026');
    expect(relativeTime('2026-11-01T12:00:00Z', now, US)).toBe('11/01/2026');
  });
});

describe('times on an exam’s own clock', () => {
  it('uses the exam’s zone with the reader’s formats, and UTC for an unknown zone', () => {
    expect(formatDateTimeOnClock('2026-03-01T04:00:00Z', 'Asia/Kolkata', EU)).toBe('01/03/2026 09:30 (Asia/Kolkata)');
    expect(formatDateTimeOnClock('2026-03-01T04:00:00Z', 'Mars/Olympus', US)).toBe('03/01/2026 4:00 AM (UTC)');
    expect(formatDateTimeOnClock('', 'UTC', US)).toBe('');
  });
});
