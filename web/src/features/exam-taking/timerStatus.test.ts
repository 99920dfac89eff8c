import { describe, expect, it } from 'vitest';
import { formatClock, timerAnnouncement, timerLevel, timerView } from './timerStatus';

const MIN = 60_000;
const total = 40 * MIN;

describe('timer levels, text and colour', () => {
  it('is green with the time left above 25%', () => {
    expect(timerView(12 * MIN + 4000, total)).toEqual({ level: 'normal', text: '12:04 left', hint: null, color: 'green' });
  });

  it('reads a very long time left in days and hours, not as a clock of hundreds of hours', () => {
    const month = 30 * 24 * 60 * MIN;
    expect(timerView(month - 4 * MIN, month).text).toBe('30 days left');
    expect(timerView((2 * 24 + 3) * 60 * MIN, month).text).toBe('2 days 3 h left');
    expect(timerView(23 * 60 * MIN, month).text).toBe('23:00:00 left');
  });

  it('turns amber at 25% or less, and says so in words', () => {
    expect(timerLevel(10 * MIN + 1, total)).toBe('normal');
    expect(timerView(10 * MIN, total)).toMatchObject({ level: 'low', hint: 'Less than 25% of time left', color: 'orange' });
  });

  it('turns red at 10% or less, and says so in words', () => {
    expect(timerLevel(4 * MIN + 1, total)).toBe('low');
    expect(timerView(4 * MIN, total)).toMatchObject({ level: 'critical', hint: 'Less than 10% of time left', color: 'red' });
  });

  it('reads Time expired at zero', () => {
    expect(timerView(0, total)).toMatchObject({ level: 'expired', text: 'Time expired' });
  });

  it('formats minutes and seconds, hours when needed, rounding up', () => {
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(5_000)).toBe('0:05');
    expect(formatClock(3_725_000)).toBe('1:02:05');
  });
});

describe('timer announcements', () => {
  it('announces 10, 5 and 1 minutes left, only on the crossing', () => {
    expect(timerAnnouncement(null, 9 * MIN)).toBeNull();
    expect(timerAnnouncement(10 * MIN + 500, 10 * MIN)).toBe('10 minutes left.');
    expect(timerAnnouncement(10 * MIN, 10 * MIN - 500)).toBeNull();
    expect(timerAnnouncement(5 * MIN + 500, 5 * MIN)).toBe('5 minutes left.');
    expect(timerAnnouncement(MIN + 500, MIN)).toBe('One minute left.');
    expect(timerAnnouncement(500, 0)).toBe('Time expired.');
  });

  it('says nothing at the amber and red levels of a long exam (they stay visible words)', () => {
    const long = 120 * MIN;
    expect(timerAnnouncement(long * 0.25 + 500, long * 0.25)).toBeNull();
    expect(timerAnnouncement(long * 0.1 + 500, long * 0.1)).toBeNull();
  });

  it('announces the most urgent when several are crossed at once', () => {
    expect(timerAnnouncement(20 * MIN, 30_000)).toBe('One minute left.');
    expect(timerAnnouncement(20 * MIN, 4 * MIN)).toBe('5 minutes left.');
  });

  it('stays quiet when the time goes up (an extension)', () => {
    expect(timerAnnouncement(MIN - 1, 20 * MIN)).toBeNull();
  });
});
