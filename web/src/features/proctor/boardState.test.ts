import { describe, expect, it } from 'vitest';
import { boardReducer, emptyBoard, FEED_LIMIT, type BoardState } from './boardState';
import { filterFeed } from './feed';
import { buildRow } from './testRows';

const EXAM = { _id: 'e1', title: 'Algebra', startAt: '2030-01-01T00:00:00.000Z', endAt: '2030-01-01T02:00:00.000Z', duration: 30, totalQuestions: 5 };

function watched(): BoardState {
  return boardReducer(emptyBoard(), {
    type: 'snapshot',
    exam: EXAM,
    offset: 0,
    students: [buildRow({ id: 's1' }), buildRow({ id: 's2', attemptId: null, status: 'not-started', pendingSaves: null })],
  });
}

const event = (studentId: string, type: string, detail: Record<string, unknown> = {}) => ({
  type: 'event' as const,
  event: { attemptId: `a-${studentId}`, studentId, type, at: '2030-01-01T00:05:00.000Z', detail },
});

describe('proctor board state', () => {
  it('gives a student who starts after the snapshot their attempt, so progress and health reach the row', () => {
    let s = boardReducer(watched(), { type: 'row', row: buildRow({ id: 's2', attemptId: 'a-s2', answered: 0 }) });
    s = boardReducer(s, { type: 'progress', students: [{ attemptId: 'a-s2', studentId: 's2', answered: 3, total: 5, lastSaveAt: '2030-01-01T00:06:00.000Z' }] });
    s = boardReducer(s, { type: 'health', attemptId: 'a-s2', pending: 2 });
    expect(s.rows.get('s2')).toMatchObject({ attemptId: 'a-s2', answered: 3, lastSaveAt: '2030-01-01T00:06:00.000Z', pendingSaves: 2 });
  });

  it('applies a change that arrived while the snapshot was read on top of it, not under it', () => {
    // The student is submitted while the re-watch's pages are read: the pages still say in progress.
    let s = boardReducer(watched(), { type: 'watching' });
    s = boardReducer(s, { type: 'row', row: buildRow({ id: 's1', status: 'submitted', submitReason: 'student' }) });
    s = boardReducer(s, { type: 'progress', students: [{ attemptId: 'a-s1', studentId: 's1', answered: 4, total: 5, lastSaveAt: '2030-01-01T00:06:00.000Z' }] });
    s = boardReducer(s, { type: 'health', attemptId: 'a-s1', pending: 1 });
    s = boardReducer(s, { type: 'snapshot', exam: EXAM, offset: 0, students: [buildRow({ id: 's1' })] });
    expect(s.rows.get('s1')).toMatchObject({ status: 'submitted', answered: 4, pendingSaves: 1 });
    // Once the snapshot is in, changes apply at once again.
    s = boardReducer(s, { type: 'health', attemptId: 'a-s1', pending: 0 });
    expect(s.rows.get('s1')?.pendingSaves).toBe(0);
  });

  it('shows a violation’s counts in the student’s row from its event, also when it came while the snapshot was read', () => {
    let s = boardReducer(watched(), event('s1', 'violation', { violation: 'copy', counts: { tabSwitches: 0, fullscreenExits: 0, other: 1 } }));
    expect(s.rows.get('s1')).toMatchObject({ violations: { tabSwitches: 0, fullscreenExits: 0, other: 1 }, lastEventAt: '2030-01-01T00:05:00.000Z' });
    expect(s.feed.map((e) => e.type)).toEqual(['violation']);
    s = boardReducer(s, { type: 'watching' });
    s = boardReducer(s, event('s1', 'violation', { violation: 'tab-switch', counts: { tabSwitches: 1, fullscreenExits: 0, other: 1 } }));
    // The re-watch's pages were read before it: its counts go on top of them.
    s = boardReducer(s, { type: 'snapshot', exam: EXAM, offset: 0, students: [buildRow({ id: 's1' })] });
    expect(s.rows.get('s1')?.violations).toEqual({ tabSwitches: 1, fullscreenExits: 0, other: 1 });
    // An event without the counts (an older server sends the row after it) leaves the row to that row.
    const before = s.rows.get('s1');
    s = boardReducer(s, event('s1', 'violation', { violation: 'paste' }));
    expect(s.rows.get('s1')).toBe(before);
  });

  it('applies the held changes when the snapshot never comes', () => {
    let s = boardReducer(watched(), { type: 'watching' });
    s = boardReducer(s, { type: 'row', row: buildRow({ id: 's1', violations: { tabSwitches: 2, fullscreenExits: 0, other: 0 } }) });
    expect(s.rows.get('s1')?.violations.tabSwitches).toBe(0);
    s = boardReducer(s, { type: 'watchFailed' });
    expect(s.rows.get('s1')?.violations.tabSwitches).toBe(2);
  });

  it('keeps the last known pending saves when a row says it does not know', () => {
    let s = boardReducer(watched(), { type: 'health', attemptId: 'a-s1', pending: 4 });
    s = boardReducer(s, { type: 'row', row: buildRow({ id: 's1', online: false, pendingSaves: null }) });
    expect(s.rows.get('s1')).toMatchObject({ online: false, pendingSaves: 4 });
  });

  it('leaves the state untouched when progress changes nothing, so nothing re-renders', () => {
    const s = watched();
    const same = boardReducer(s, { type: 'progress', students: [{ attemptId: 'a-s1', studentId: 's1', answered: 2, total: 5, lastSaveAt: null }] });
    expect(same).toBe(s);
  });

  it('lists events newest first, applies progress events to rows instead of the feed, and keeps the newest only', () => {
    let s = watched();
    s = boardReducer(s, event('s1', 'joined'));
    s = boardReducer(s, event('s1', 'progress', { answered: 4, total: 5, lastSaveAt: null }));
    s = boardReducer(s, event('s1', 'violation', { violation: 'tab-switch' }));
    expect(s.feed.map((e) => e.type)).toEqual(['violation', 'joined']);
    expect(s.rows.get('s1')?.answered).toBe(4);
    for (let i = 0; i < FEED_LIMIT + 10; i++) s = boardReducer(s, event('s1', 'left'));
    expect(s.feed).toHaveLength(FEED_LIMIT);
  });

  it('keeps the feed seen so far across a re-watch after a reconnect', () => {
    let s = boardReducer(watched(), event('s1', 'joined'));
    s = boardReducer(s, { type: 'snapshot', exam: EXAM, offset: 50, students: [buildRow({ id: 's1', answered: 5 })] });
    expect(s.feed).toHaveLength(1);
    expect(s.rows.get('s1')?.answered).toBe(5);
    expect(s.offset).toBe(50);
  });

  it('filters the feed by student and by type', () => {
    let s = watched();
    s = boardReducer(s, event('s1', 'joined'));
    s = boardReducer(s, event('s2', 'joined'));
    s = boardReducer(s, event('s1', 'violation', { violation: 'copy' }));
    expect(filterFeed(s.feed, { studentId: '', type: '' })).toHaveLength(3);
    expect(filterFeed(s.feed, { studentId: 's1', type: '' }).map((e) => e.type)).toEqual(['violation', 'joined']);
    expect(filterFeed(s.feed, { studentId: '', type: 'joined' }).map((e) => e.studentId)).toEqual(['s2', 's1']);
    expect(filterFeed(s.feed, { studentId: 's2', type: 'violation' })).toEqual([]);
  });
});
