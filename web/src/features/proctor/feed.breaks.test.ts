import { describe, expect, it } from 'vitest';
import type { FeedItem } from './boardState';
import { eventDetailText, eventLabel, filterFeed } from './feed';

const item = (id: number, type: string): FeedItem => ({ id, attemptId: 'a1', studentId: 's1', type, at: '2030-01-01T00:10:00.000Z', detail: {} });

describe('rest break events in words (issue 56)', () => {
  it('says who asked, who allowed or refused, how long the break lasted and who ended it', () => {
    expect(eventLabel('break-requested')).toBe('Break');
    expect(eventDetailText('break-requested', {})).toBe('asked for a break');
    expect(eventDetailText('break-cancelled', {})).toBe('withdrew the break request');
    expect(eventDetailText('break-refused', { by: 'u1', byName: 'Ms Xu' })).toBe('break refused by Ms Xu');
    expect(eventDetailText('break-started', { pausedMs: 0, by: 'u1', byName: 'Ms Xu' })).toBe('break allowed by Ms Xu');
    // No proctor: the student's breaks start by themselves.
    expect(eventDetailText('break-started', { pausedMs: 0 })).toBe('break started (automatic breaks)');
    // The student came back, or the allowance ran out.
    expect(eventDetailText('break-ended', { pausedMs: 6 * 60_000 })).toBe('break ended after 6 min');
    expect(eventDetailText('break-ended', { pausedMs: 40_000 })).toBe('break ended after 40 s');
    expect(eventDetailText('break-ended', { pausedMs: 125_000, by: 'u1', byName: 'Ms Xu' })).toBe('break ended after 2 min · ended by Ms Xu');
    expect(eventDetailText('break-ended', { pausedMs: 'soon' })).toBe('break ended');
  });

  it('keeps every break event under one "Break" type in the feed filter', () => {
    const items = [item(1, 'break-requested'), item(2, 'violation'), item(3, 'break-ended')];
    expect(filterFeed(items, { studentId: '', type: 'break' }).map((e) => e.id)).toEqual([1, 3]);
  });
});
