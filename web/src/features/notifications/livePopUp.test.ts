import { describe, expect, it } from 'vitest';
import { livePopUp } from './livePopUp';

describe('live pop-ups', () => {
  const n = { title: 'Result available', message: 'Algebra: you scored 90%.', type: 'result' as const };

  it('pops up a pushed notification while push notifications are on', () => {
    expect(livePopUp(n, true)).toEqual({ title: 'Result available', message: 'Algebra: you scored 90%.', color: 'indigo' });
    expect(livePopUp({ ...n, type: 'achievement' }, true)?.color).toBe('yellow');
  });

  it('stays quiet when the user turned push notifications off', () => {
    expect(livePopUp(n, false)).toBeNull();
  });
});
