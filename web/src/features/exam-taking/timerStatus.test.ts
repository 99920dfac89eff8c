import { describe, expect, it } from 'vitest';
import { formatClock, timerAnnouncement, timerLevel, timerView } from './timerStatus';

const MIN = 60_000;
const total = 40 * MIN;

describe('timer levels, text and colour', () => {
  it('is green with the time left above 25%', () => {
    expect(timerView(12 * MIN + 4000, total)).toEqual({ level: 'normal', text: '12:04 left', hint: null, color: 'green.8' });
  });

  it('reads a very long time left in days and hours, not as a clock of hundreds of hours', () => {
    const month = 30 * 24 * 60 * MIN;
    expect(timerView(month - 4 * MIN, month).text).toBe('30 days left');
    expect(timerView((2 * 24 + 3) * 60 * MIN, month).text).toBe('2 days 3 h left');
    expect(timerView(23 * 60 * MIN, month).text).toBe('23:00:00 left');
  });

  it('turns amber at 25% or less, and says so in words', () => {
    expect(timerLevel(10 * MIN + 1, total)).toBe('normal');
    expect(timerView(10 * MIN, total)).toMatchObject({ level: 'low', hint: 'Less than 25% of time left', color: 'orange.8' });
  });

  it('turns red at 10% or less, and says so in words', () => {
    expect(timerLevel(4 * MIN + 1, total)).toBe('low');
    expect(timerView(4 * MIN, total)).toMatchObject({ level: 'critical', hint: 'Less than 10% of time left', color: 'red.8' });
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
  it('announces the amber and red thresholds and one minute, only on the crossing', () => {
    expect(timerAnnouncement(null, 9 * MIN, total)).toBeNull();
    expect(timerAnnouncement(10 * MIN + 500, 10 * MIN, total)).toBe('Less than 25% of time left: about 10 minutes.');
    expect(timerAnnouncement(10 * MIN, 10 * MIN - 500, total)).toBeNull();
    expect(timerAnnouncement(4 * MIN + 500, 4 * MIN, total)).toBe('Less than 10% of time left: about 4 minutes.');
    expect(timerAnnouncement(MIN + 500, MIN, total)).toBe('One minute left.');
  });

  it('announces the most urgent when several are crossed at once', () => {
    expect(timerAnnouncement(20 * MIN, 30_000, total)).toBe('One minute left.');
  });

  it('stays quiet when the time goes up (an extension)', () => {
    expect(timerAnnouncement(MIN - 1, 20 * MIN, total)).toBeNull();
  });
});
