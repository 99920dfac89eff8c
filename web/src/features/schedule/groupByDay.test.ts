import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@exam/shared';
import { setDatePrefs } from '../../lib/dateFormat';
import { dayHeading, groupByDay, timeRange } from './groupByDay';

const at = (iso: string) => ({ id: iso, start: iso });

afterEach(() => setDatePrefs(DEFAULT_SETTINGS.preferences));

describe('groupByDay', () => {
  it('groups exams by the day they start in the reader’s zone, keeping the server order', () => {
    const items = [at('2026-11-23T09:00:00Z'), at('2026-11-23T14:00:00Z'), at('2026-11-25T07:00:00Z'), at('2026-11-23T20:00:00Z')];
    const groups = groupByDay(items, (e) => e.start);
    expect(groups.map((g) => g.day)).toEqual(['2026-11-23', '2026-11-25']);
    expect(groups[0]!.items.map((e) => e.id)).toEqual(['2026-11-23T09:00:00Z', '2026-11-23T14:00:00Z', '2026-11-23T20:00:00Z']);
    // In Pacific time the 07:00 UTC exam of the 25th starts on the evening of the 24th.
    setDatePrefs({ ...DEFAULT_SETTINGS.preferences, timezone: 'PST' });
    expect(groupByDay(items, (e) => e.start).map((g) => g.day)).toEqual(['2026-11-23', '2026-11-24']);
  });

  it('puts an unreadable start under its own heading instead of failing', () => {
    expect(groupByDay([at('nope')], (e) => e.start)).toEqual([{ day: 'unknown', items: [at('nope')] }]);
  });

  it('writes headings and time ranges in the reader’s formats', () => {
    expect(dayHeading('2026-11-23')).toBe('Mon, 11/23/2026');
    expect(timeRange('2026-11-23T14:00:00Z', '2026-11-23T15:30:00Z')).toBe('2:00 PM – 3:30 PM UTC');
    setDatePrefs({ timezone: 'UTC', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    expect(dayHeading('2026-11-23')).toBe('Mon, 23/11/2026');
    expect(timeRange('2026-11-23T14:00:00Z', '2026-11-24T09:00:00Z')).toBe('14:00 – 24/11/2026 09:00 UTC');
  });

  it('names the reader’s zone on the range, at each end across a change of clocks', () => {
    setDatePrefs({ timezone: 'Europe/Berlin', dateFormat: 'DD/MM/YYYY', timeFormat: '24h' });
    expect(timeRange('2026-11-23T16:47:00Z', '2026-11-23T18:47:00Z')).toBe('17:47 – 19:47 GMT+1');
    expect(timeRange('2026-10-24T22:00:00Z', '2026-10-25T09:00:00Z')).toBe('00:00 GMT+2 – 10:00 GMT+1');
  });

  it('heads a day with that day on zones far from UTC', () => {
    setDatePrefs({ timezone: 'Pacific/Kiritimati', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' });
    expect(dayHeading('2026-11-23')).toBe('Mon, 2026-11-23');
    setDatePrefs({ timezone: 'Pacific/Pago_Pago', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' });
    expect(dayHeading('2026-11-23')).toBe('Mon, 2026-11-23');
  });
});
