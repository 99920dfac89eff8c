import { describe, expect, it } from 'vitest';
import { boardReducer, emptyBoard, waivedChecks, type BoardState } from './boardState';
import { rowView } from './rows';
import { buildRow } from './testRows';

const EXAM = { _id: 'e1', title: 'Algebra', startAt: '2030-01-01T00:00:00.000Z', endAt: '2030-01-01T02:00:00.000Z', duration: 30, totalQuestions: 5 };

function watched(): BoardState {
  return boardReducer(emptyBoard(), { type: 'snapshot', exam: EXAM, offset: 0, students: [buildRow({ id: 's1' }), buildRow({ id: 's2', name: ['Ana', 'Ortiz'] })] });
}

const event = (studentId: string, type: string, detail: Record<string, unknown> = {}, at = '2030-01-01T00:05:00.000Z') => ({
  type: 'event' as const,
  event: { attemptId: `a-${studentId}`, studentId, type, at, detail },
});

describe('proctor board state: flags, network events, broadcasts, history, waivers, help', () => {
  it('counts a device flag on the row without touching the violations that count toward the limits', () => {
    const counts = { tabSwitches: 0, fullscreenExits: 0, other: 0 };
    let s = boardReducer(watched(), event('s1', 'violation', { violation: 'face-missing', durationMs: 5000, confidence: 0.9, severity: 'high', counts }));
    s = boardReducer(s, event('s1', 'violation', { violation: 'voice', durationMs: 4000, severity: 'medium', counts }));
    expect(s.rows.get('s1')?.violations).toEqual({ tabSwitches: 0, fullscreenExits: 0, other: 0, flags: 2 });
    const view = rowView(s.rows.get('s1')!, Date.parse('2030-01-01T00:06:00.000Z'));
    expect(view.flags).toBe(2);
    expect(view.attention).not.toContain('near-auto-submit');
  });

  it('lists a network event in the feed and never as a violation', () => {
    const s = boardReducer(watched(), event('s1', 'network', { offlineMs: 12_000, since: '2030-01-01T00:04:48.000Z' }));
    expect(s.feed.map((e) => e.type)).toEqual(['network']);
    expect(s.rows.get('s1')?.violations).toEqual({ tabSwitches: 0, fullscreenExits: 0, other: 0 });
    expect(rowView(s.rows.get('s1')!, Date.parse('2030-01-01T00:06:00.000Z')).attention).toEqual([]);
  });

  it('shows a message to all once, however many students it reached', () => {
    let s = watched();
    for (const id of ['s1', 's2']) s = boardReducer(s, event(id, 'message', { text: 'Ten minutes left', broadcastId: 'b1', count: 2 }));
    s = boardReducer(s, event('s1', 'message', { text: 'Only you' }));
    expect(s.feed.map((e) => e.detail.text)).toEqual(['Only you', 'Ten minutes left']);
  });

  it('restores the feed from the stored history after a reload, without doubling what arrived live meanwhile', () => {
    // A fresh board (the page was reloaded): one event arrived live before the history came back.
    let s = boardReducer(watched(), event('s1', 'violation', { violation: 'tab-switch' }, '2030-01-01T00:09:00.000Z'));
    s = boardReducer(s, {
      type: 'history',
      events: [
        // The same violation as stored: its clock is a few milliseconds apart from the live one.
        { attemptId: 'a-s1', studentId: 's1', type: 'violation', at: '2030-01-01T00:09:00.004Z', detail: { violation: 'tab-switch' } },
        { attemptId: 'a-s2', studentId: 's2', type: 'message', at: '2030-01-01T00:07:00.000Z', detail: { text: 'Ten minutes left', broadcastId: 'b1', count: 2 } },
        { attemptId: 'a-s1', studentId: 's1', type: 'message', at: '2030-01-01T00:07:00.000Z', detail: { text: 'Ten minutes left', broadcastId: 'b1', count: 2 } },
        { attemptId: 'a-s1', studentId: 's1', type: 'network', at: '2030-01-01T00:03:00.000Z', detail: { offlineMs: 12_000 } },
        { attemptId: 'a-s1', studentId: 's1', type: 'joined', at: '2030-01-01T00:01:00.000Z', detail: {} },
      ],
    });
    expect(s.feed.map((e) => e.type)).toEqual(['violation', 'message', 'network', 'joined']);
    // History does not count violations again: the snapshot's rows already hold them.
    expect(s.rows.get('s1')?.violations.tabSwitches).toBe(0);
    expect(new Set(s.feed.map((e) => e.id)).size).toBe(4);
    // Read again after a reconnect, the same history adds nothing.
    expect(boardReducer(s, { type: 'history', events: [{ attemptId: 'a-s1', studentId: 's1', type: 'joined', at: '2030-01-01T00:01:00.000Z', detail: {} }] })).toBe(s);
  });

  it('keeps the waivers per student, live, and says so in the feed', () => {
    let s = boardReducer(watched(), { type: 'waivers', waivers: [{ studentId: 's1', check: 'camera', reason: 'No webcam', granted: true }] });
    s = boardReducer(s, { type: 'waiver', waiver: { studentId: 's1', check: 'face', reason: 'Screen reader', granted: true }, at: '2030-01-01T00:06:00.000Z' });
    expect(waivedChecks(s, 's1')).toEqual(['camera', 'face']);
    expect(rowView(s.rows.get('s1')!, 0, undefined, waivedChecks(s, 's1')).waivedText).toBe('Waived: Camera, Face checks');
    s = boardReducer(s, { type: 'waiver', waiver: { studentId: 's1', check: 'camera', reason: null, granted: false }, at: '2030-01-01T00:07:00.000Z' });
    expect(waivedChecks(s, 's1')).toEqual(['face']);
    expect(s.feed.map((e) => [e.type, e.detail.check, e.detail.granted])).toEqual([
      ['waiver', 'camera', false],
      ['waiver', 'face', true],
    ]);
  });

  it('lists an open help request until it is resolved', () => {
    const request = { id: 'h1', studentId: 's2', check: 'camera' as const, note: 'No camera found', at: '2030-01-01T00:02:00.000Z', status: 'open' as const };
    let s = boardReducer(watched(), { type: 'help', request });
    expect([...s.help.keys()]).toEqual(['h1']);
    expect(s.feed[0]).toMatchObject({ type: 'help', studentId: 's2', detail: { check: 'camera', note: 'No camera found' } });
    // The same request read back from the list is not a second line.
    s = boardReducer(s, { type: 'help', request });
    expect(s.feed).toHaveLength(1);
    s = boardReducer(s, { type: 'help', request: { ...request, status: 'resolved' } });
    expect(s.help.size).toBe(0);
  });
});
