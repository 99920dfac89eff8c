import { describe, expect, it } from 'vitest';
import { groupByDay } from './groupByDay';

const at = (iso: string) => ({ id: iso, start: iso });

describe('groupByDay', () => {
  it('groups exams by the local day they start, keeping the server order', () => {
    // Local times (no offset), so the test reads the same in every zone.
    const items = [at('2026-11-23T09:00'), at('2026-11-23T14:00'), at('2026-11-25T08:00'), at('2026-11-23T20:00')];
    const groups = groupByDay(items, (e) => e.start);
    expect(groups.map((g) => g.day)).toEqual(['2026-11-23', '2026-11-25']);
    expect(groups[0]!.items.map((e) => e.id)).toEqual(['2026-11-23T09:00', '2026-11-23T14:00', '2026-11-23T20:00']);
  });

  it('puts an unreadable start under its own heading instead of failing', () => {
    expect(groupByDay([at('nope')], (e) => e.start)).toEqual([{ day: 'unknown', items: [at('nope')] }]);
  });
});
