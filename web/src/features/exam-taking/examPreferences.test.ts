import { describe, expect, it } from 'vitest';
import { crossedThresholds, shortcutFor, timerHidden } from './examPreferences';

const key = (k: string, over: Partial<KeyboardEvent> = {}) => ({ key: k, ctrlKey: false, metaKey: false, altKey: false, target: null, ...over });

describe('exam preferences', () => {
  it('maps N, P and M to next, previous and mark, but not while typing, choosing in a list, or with modifiers', () => {
    expect(shortcutFor(key('n'))).toBe('next');
    expect(shortcutFor(key('P'))).toBe('previous');
    expect(shortcutFor(key('m'))).toBe('mark');
    expect(shortcutFor(key('n', { ctrlKey: true }))).toBeNull();
    const textarea = { tagName: 'TEXTAREA', isContentEditable: false } as unknown as EventTarget;
    expect(shortcutFor(key('n', { target: textarea }))).toBeNull();
    // A matching question's list: M jumps to "Mammal", it does not mark the question.
    const list = { tagName: 'SELECT', isContentEditable: false } as unknown as EventTarget;
    expect(shortcutFor(key('m', { target: list }))).toBeNull();
    const radio = { tagName: 'INPUT', type: 'radio', isContentEditable: false } as unknown as EventTarget;
    expect(shortcutFor(key('n', { target: radio }))).toBe('next');
  });

  it('sounds once when 5 minutes and 1 minute are left', () => {
    expect(crossedThresholds(null, 290_000)).toEqual([]);
    expect(crossedThresholds(301_000, 300_000)).toEqual([300_000]);
    expect(crossedThresholds(300_000, 299_000)).toEqual([]);
    expect(crossedThresholds(61_000, 59_000)).toEqual([60_000]);
    expect(crossedThresholds(1000, 0)).toEqual([]);
  });

  it('hides the timer only when showTimer is off, and shows it again in the last 5 minutes', () => {
    expect(timerHidden(true, 3_600_000)).toBe(false);
    expect(timerHidden(false, 3_600_000)).toBe(true);
    expect(timerHidden(false, 300_001)).toBe(true);
    expect(timerHidden(false, 300_000)).toBe(false);
    expect(timerHidden(false, 0)).toBe(false);
  });
});
