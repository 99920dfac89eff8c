import { describe, expect, it } from 'vitest';
import { boardReducer, emptyBoard } from './boardState';
import { eventDetailText } from './feed';
import { feedInScope, rowsInScope } from './hallScope';
import { buildRow } from './testRows';

describe('a shared hall on the board', () => {
  const rows = [buildRow({ id: 's1', section: 'A' }), buildRow({ id: 's2', section: 'B' }), buildRow({ id: 's3', section: null })];

  it('keeps the rows of the viewer’s part (by section or by name), or every row for the whole hall', () => {
    const part = { sections: ['A' as const], studentIds: ['s3'] };
    expect(rowsInScope(rows, part, 'part').map((r) => r.student._id)).toEqual(['s1', 's3']);
    expect(rowsInScope(rows, part, 'all')).toBe(rows);
    expect(rowsInScope(rows, null, 'part')).toBe(rows);
  });

  it('keeps the feed of the rows shown, and every message to all', () => {
    const items = [
      { id: 1, attemptId: 'a-s1', studentId: 's1', type: 'joined', at: '2030-01-01T00:00:00.000Z', detail: {} },
      { id: 2, attemptId: 'a-s2', studentId: 's2', type: 'joined', at: '2030-01-01T00:00:00.000Z', detail: {} },
      { id: 3, attemptId: 'a-s2', studentId: 's2', type: 'message', at: '2030-01-01T00:00:00.000Z', detail: { text: 'Hi', broadcastId: 'b1', count: 3 } },
    ];
    expect(feedInScope(items, [rows[0]!]).map((i) => i.id)).toEqual([1, 3]);
    expect(feedInScope(items, null)).toBe(items);
  });

  it('names who did an action, and a force-submit by its proctor rather than "a proctor"', () => {
    expect(eventDetailText('extended', { minutes: 5, by: 'u1', byName: 'Hugo Hall' })).toBe('+5 min · by Hugo Hall');
    expect(eventDetailText('reinstated', { byName: 'Hugo Hall' })).toBe('automatic submission undone · by Hugo Hall');
    expect(eventDetailText('submitted', { reason: 'proctor', byName: 'Hugo Hall' })).toBe('by Hugo Hall');
    expect(eventDetailText('submitted', { reason: 'proctor' })).toBe('by a proctor');
    expect(eventDetailText('help', { check: 'camera', resolved: true, byName: 'Olive Owner' })).toBe('Camera: resolved · by Olive Owner');
  });

  it('says once who resolved a help request, even when this board resolved it first', () => {
    const open = { id: 'h1', studentId: 's1', check: 'camera' as const, note: null, at: '2030-01-01T00:00:00.000Z', status: 'open' as const };
    let state = boardReducer(emptyBoard(), { type: 'snapshot', students: rows, exam: { _id: 'e1', title: 'T', startAt: '', endAt: '', duration: 1, totalQuestions: 1 }, offset: 0, part: null });
    state = boardReducer(state, { type: 'help', request: open });
    // This proctor's own click: the request goes, nothing named yet.
    state = boardReducer(state, { type: 'help', request: { ...open, status: 'resolved' } });
    expect(state.help.size).toBe(0);
    expect(state.feed.filter((f) => f.detail.resolved)).toHaveLength(0);
    // The server's word names them, once.
    const told = { ...open, status: 'resolved' as const, byName: 'Olive Owner' };
    state = boardReducer(boardReducer(state, { type: 'help', request: told }), { type: 'help', request: told });
    expect(state.feed.filter((f) => f.detail.resolved).map((f) => f.detail.byName)).toEqual(['Olive Owner']);
  });
});
