import type { BreakState } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { effectiveDeadline, examTimeLeft, nextBreak, type BreakClock } from './restBreak';

const MINUTE = 60_000;
const T = Date.parse('2030-01-01T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const none: BreakState = { state: 'none', requestedAt: null, startedAt: null, endsAt: null, usedMs: 0, allowanceMs: 10 * MINUTE, automatic: true };
/** A 10-minute break from T: the server moves a deadline of T + 20 min to T + 30 min. */
const away: BreakState = { ...none, state: 'on-break', startedAt: iso(T), endsAt: iso(T + 10 * MINUTE) };
const clock = (over: Partial<BreakClock>): BreakClock => ({ deadlineAt: T + 20 * MINUTE, deadlineReadAt: T - MINUTE, rest: away, endedBreak: null, ...over });

describe('the exam clock around a rest break', () => {
  it('stands at what was left when the break began, whether or not the moved deadline has arrived', () => {
    expect(examTimeLeft(clock({}), T + 4 * MINUTE)).toBe(20 * MINUTE);
    expect(examTimeLeft(clock({ deadlineAt: T + 30 * MINUTE, deadlineReadAt: T + 50 }), T + 4 * MINUTE)).toBe(20 * MINUTE);
  });

  it("takes a deadline read a moment 'before' the break's start by a skewed clock as already moved", () => {
    expect(effectiveDeadline(clock({ deadlineAt: T + 30 * MINUTE, deadlineReadAt: T - 200 }))).toBe(T + 30 * MINUTE);
  });

  it('runs on from where it stood after an early end, before and after the deadline moved back', () => {
    const change = nextBreak({ rest: away, restAt: T, endedBreak: null }, { ...none, usedMs: 3 * MINUTE }, T + 3 * MINUTE + 20);
    expect(change).toMatchObject({ ended: true, started: false, endedBreak: { startedAt: T, endsAt: T + 10 * MINUTE, endedAt: T + 3 * MINUTE } });
    const after = { rest: change!.rest, endedBreak: change!.endedBreak };
    // The deadline in hand still has the whole break in it: the part not taken comes off here.
    expect(examTimeLeft(clock({ ...after, deadlineAt: T + 30 * MINUTE, deadlineReadAt: T + 50 }), T + 4 * MINUTE)).toBe(19 * MINUTE);
    expect(examTimeLeft(clock({ ...after, deadlineAt: T + 23 * MINUTE, deadlineReadAt: T + 3 * MINUTE + 30 }), T + 4 * MINUTE)).toBe(19 * MINUTE);
  });

  it('ignores a state older than the one in hand', () => {
    expect(nextBreak({ rest: away, restAt: T + 1000, endedBreak: null }, none, T)).toBeNull();
  });
});
