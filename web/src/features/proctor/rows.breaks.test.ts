import type { BreakState } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { breakMark, breakRequestCount, DEFAULT_FILTER, rowView, selectRows, timeLeftMs } from './rows';
import { buildRow } from './testRows';

const MIN = 60_000;
const NOW = Date.parse('2030-01-01T00:10:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const none: BreakState = { state: 'none', requestedAt: null, startedAt: null, endsAt: null, usedMs: 0, allowanceMs: 15 * MIN, automatic: false };
const asking: BreakState = { ...none, state: 'requested', requestedAt: iso(NOW - 5000) };
const onBreak: BreakState = { ...none, state: 'on-break', startedAt: iso(NOW - 3 * MIN), endsAt: iso(NOW + 12 * MIN) };

describe('rest breaks in the board’s rows', () => {
  it('marks a request and a break under way only while the attempt runs, and a break past its end as over', () => {
    expect(breakMark(buildRow({ break: asking }), NOW)).toBe('requested');
    expect(breakMark(buildRow({ break: onBreak }), NOW)).toBe('on-break');
    expect(breakMark(buildRow({ break: onBreak }), NOW + 12 * MIN)).toBe('none');
    expect(breakMark(buildRow({ break: asking, status: 'submitted' }), NOW)).toBe('none');
    expect(breakMark(buildRow({ break: null }), NOW)).toBe('none');
    expect(breakMark(buildRow(), NOW)).toBe('none');
  });

  it('holds the exam time left still during a break: the student’s clock is stopped', () => {
    // The server moved the deadline (00:30) by the break's 15 min; 20 min of exam were left when it started.
    const row = buildRow({ deadlineAt: '2030-01-01T00:37:00.000Z', break: onBreak });
    expect(timeLeftMs(row, NOW)).toBe(15 * MIN);
    expect(timeLeftMs(row, NOW + 5 * MIN)).toBe(15 * MIN);
    expect(rowView(row, NOW).timeLeftText).toBe(rowView(row, NOW + 5 * MIN).timeLeftText);
    // Without a break the clock runs.
    expect(timeLeftMs(buildRow({ deadlineAt: '2030-01-01T00:37:00.000Z' }), NOW + 5 * MIN)).toBe(22 * MIN);
  });

  it('puts the students asking for a break first, counts them, and filters to them', () => {
    const rows = [
      buildRow({ id: 'a', name: ['Al', 'Aron'], violations: { tabSwitches: 2, fullscreenExits: 0, other: 0 } }),
      buildRow({ id: 'b', name: ['Bo', 'Zed'], break: asking }),
      buildRow({ id: 'c', name: ['Cy', 'Moss'], break: onBreak }),
      buildRow({ id: 'd', name: ['Di', 'Yu'], break: asking }),
    ];
    const names = (f: Partial<typeof DEFAULT_FILTER>) => selectRows(rows, { ...DEFAULT_FILTER, ...f }, NOW).map((r) => r.student.firstName);
    expect(names({})).toEqual(['Di', 'Bo', 'Al', 'Cy']);
    expect(names({ breakRequestsOnly: true })).toEqual(['Di', 'Bo']);
    expect(breakRequestCount(rows, NOW)).toBe(2);
  });
});
