import { describe, expect, it } from 'vitest';
import { attentionReasons, canReinstate, DEFAULT_FILTER, offlineForText, rowView, selectRows, statusText, timeLeftMs, timeLeftShort, timeLeftText } from './rows';
import { buildRow } from './testRows';

const NOW = Date.parse('2030-01-01T00:10:00.000Z');
const MIN = 60_000;

describe('board row derivations', () => {
  it('says each status in words, with the submit reason', () => {
    expect(statusText(buildRow({ status: 'not-started', attemptId: null }), NOW)).toBe('Not started');
    expect(statusText(buildRow({ online: true }), NOW)).toBe('In progress · online');
    expect(statusText(buildRow({ online: false, lastSeenAt: new Date(NOW - 4 * MIN - 10_000).toISOString() }), NOW)).toBe('In progress · offline for 4 min');
    expect(statusText(buildRow({ status: 'graded', submitReason: 'violations' }), NOW)).toBe('Submitted for violations');
    expect(statusText(buildRow({ status: 'submitted', submitReason: 'time-expired' }), NOW)).toBe('Submitted when time ran out');
    expect(statusText(buildRow({ status: 'submitted', submitReason: 'proctor' }), NOW)).toBe('Submitted by a proctor');
  });

  it('measures how long a student has been offline from when they were last seen', () => {
    expect(offlineForText(null, NOW)).toBe('offline');
    expect(offlineForText(new Date(NOW - 20_000).toISOString(), NOW)).toBe('offline for less than a minute');
    expect(offlineForText(new Date(NOW - 59 * MIN).toISOString(), NOW)).toBe('offline for 59 min');
    expect(offlineForText(new Date(NOW - 75 * MIN).toISOString(), NOW)).toBe('offline for 1 h 15 min');
  });

  it('counts time left from the deadline by the server clock, in minutes until the last two', () => {
    const row = buildRow({ deadlineAt: new Date(NOW + 12 * MIN + 30_000).toISOString() });
    expect(timeLeftText(timeLeftMs(row, NOW))).toBe('12 min left');
    expect(timeLeftText(timeLeftMs(row, NOW + 11 * MIN))).toBe('90 s left');
    expect(timeLeftText(timeLeftMs(row, NOW + 13 * MIN))).toBe('Time up');
    expect(timeLeftText(timeLeftMs(buildRow({ deadlineAt: new Date(NOW + 95 * MIN).toISOString() }), NOW))).toBe('1 h 35 min left');
    expect(timeLeftText(timeLeftMs(buildRow({ status: 'submitted' }), NOW))).toBe('—');
  });

  it('flags offline students, violations and attempts one step from auto-submit', () => {
    expect(attentionReasons(buildRow())).toEqual([]);
    expect(attentionReasons(buildRow({ online: false }))).toEqual(['offline']);
    expect(attentionReasons(buildRow({ violations: { tabSwitches: 1, fullscreenExits: 0, other: 0 } }))).toEqual(['violations']);
    expect(attentionReasons(buildRow({ violations: { tabSwitches: 3, fullscreenExits: 0, other: 0 } }))).toEqual(['violations', 'near-auto-submit']);
    expect(attentionReasons(buildRow({ violations: { tabSwitches: 0, fullscreenExits: 2, other: 0 } }))).toContain('near-auto-submit');
    expect(attentionReasons(buildRow({ violations: { tabSwitches: 2, fullscreenExits: 1, other: 0 } }))).not.toContain('near-auto-submit');
    // On the exam's own allowances: one allowed tab switch used is close; with five allowed, two exits are not.
    const own = { tabSwitches: 1, fullscreenExits: 5 };
    expect(attentionReasons(buildRow({ violations: { tabSwitches: 1, fullscreenExits: 0, other: 0 } }), own)).toContain('near-auto-submit');
    expect(attentionReasons(buildRow({ violations: { tabSwitches: 0, fullscreenExits: 2, other: 0 } }), own)).not.toContain('near-auto-submit');
    expect(rowView(buildRow({ violations: { tabSwitches: 1, fullscreenExits: 0, other: 0 } }), NOW, own).attention).toEqual(['violations', 'near-auto-submit']);
    // Not started or finished normally: nothing to act on.
    expect(attentionReasons(buildRow({ status: 'not-started', online: false }))).toEqual([]);
    expect(attentionReasons(buildRow({ status: 'graded', submitReason: 'student', online: false }))).toEqual([]);
  });

  it('offers reinstatement only for a submission for violations with time left', () => {
    const future = new Date(NOW + 5 * MIN).toISOString();
    expect(canReinstate(buildRow({ status: 'graded', submitReason: 'violations', deadlineAt: future }), NOW)).toBe(true);
    expect(canReinstate(buildRow({ status: 'graded', submitReason: 'violations', deadlineAt: new Date(NOW - 1).toISOString() }), NOW)).toBe(false);
    expect(canReinstate(buildRow({ status: 'submitted', submitReason: 'student', deadlineAt: future }), NOW)).toBe(false);
    expect(canReinstate(buildRow({ status: 'in_progress', deadlineAt: future }), NOW)).toBe(false);
  });

  it('shows save health as waiting saves, all saved, or unknown when the device is away', () => {
    expect(rowView(buildRow({ pendingSaves: 3 }), NOW).saveText).toBe('3 waiting');
    expect(rowView(buildRow({ pendingSaves: 0 }), NOW).saveText).toBe('All saved');
    expect(rowView(buildRow({ pendingSaves: null, online: false }), NOW).saveText).toBe('Unknown');
  });

  it('filters by status, attention and name, and sorts those needing attention first', () => {
    const rows = [
      buildRow({ id: 'a', name: ['Ann', 'Zed'] }),
      buildRow({ id: 'b', name: ['Bob', 'Young'], online: false }),
      buildRow({ id: 'c', name: ['Cy', 'Xu'], status: 'not-started', attemptId: null }),
      buildRow({ id: 'd', name: ['Di', 'Webb'], violations: { tabSwitches: 3, fullscreenExits: 0, other: 0 } }),
    ];
    const names = (f: Partial<typeof DEFAULT_FILTER>) => selectRows(rows, { ...DEFAULT_FILTER, ...f }, NOW).map((r) => r.student.firstName);
    expect(names({})).toEqual(['Di', 'Bob', 'Ann', 'Cy']);
    expect(names({ sort: 'name' })).toEqual(['Di', 'Cy', 'Bob', 'Ann']);
    expect(names({ status: 'offline' })).toEqual(['Bob']);
    expect(names({ attentionOnly: true })).toEqual(['Di', 'Bob']);
    expect(names({ search: 'ann z' })).toEqual(['Ann']);
    expect(names({ search: 'webb', status: 'online' })).toEqual(['Di']);
  });

  it('sorts 300 rows quickly enough to run every second', () => {
    const many = Array.from({ length: 300 }, (_, i) => buildRow({ id: `s${i}`, name: [`F${i}`, `L${i}`], online: i % 7 !== 0 }));
    const started = performance.now();
    for (let i = 0; i < 10; i++) selectRows(many, DEFAULT_FILTER, NOW).map((r) => rowView(r, NOW));
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });

  it('gives the tile view short forms of answered, time left and save health', () => {
    expect([timeLeftShort(null), timeLeftShort(0), timeLeftShort(45_000), timeLeftShort(12 * 60_000 + 5), timeLeftShort(65 * 60_000)]).toEqual(['—', '0s', '45s', '12m', '1h 5m']);
    const view = rowView(buildRow({ answered: 3, total: 10, pendingSaves: 2 }), NOW);
    expect([view.progressShort, view.saveHealth]).toEqual(['3/10', 'waiting']);
    expect(rowView(buildRow({ pendingSaves: 0 }), NOW).saveHealth).toBe('saved');
  });
});
