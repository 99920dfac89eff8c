import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuleFlag } from './faceRules';
import { watchSecondMonitor, type ScreenLike } from './monitorCheck';

class FakeScreen extends EventTarget implements ScreenLike {
  isExtended = false;
  set(extended: boolean) {
    this.isExtended = extended;
    this.dispatchEvent(new Event('change'));
  }
}

describe('second monitor check', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = (screen: FakeScreen) => {
    const flags: RuleFlag[] = [];
    const stop = watchSecondMonitor((f) => flags.push(f), { screen, now: () => Date.now() });
    return { flags, stop };
  };

  it('flags a second monitor that stays attached for 3 s, once', () => {
    const screen = new FakeScreen();
    const { flags } = start(screen);
    screen.set(true);
    vi.advanceTimersByTime(2999);
    expect(flags).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(flags).toEqual([{ type: 'second-monitor', confidence: 1, durationMs: 3000 }]);
  });

  it('does not flag a monitor that flickers on for a moment', () => {
    const screen = new FakeScreen();
    const { flags } = start(screen);
    screen.set(true);
    vi.advanceTimersByTime(1000);
    screen.set(false);
    vi.advanceTimersByTime(10_000);
    expect(flags).toEqual([]);
  });

  it('flags a monitor already attached when the exam starts, and again after it is plugged back in', () => {
    const screen = new FakeScreen();
    screen.isExtended = true;
    const { flags } = start(screen);
    vi.advanceTimersByTime(3000);
    screen.set(false);
    screen.set(true);
    vi.advanceTimersByTime(3000);
    expect(flags.map((f) => f.type)).toEqual(['second-monitor', 'second-monitor']);
  });

  it('counts the screens the student already let the page see', async () => {
    const details = Object.assign(new EventTarget(), { screens: [{}, {}] });
    const flags: RuleFlag[] = [];
    watchSecondMonitor((f) => flags.push(f), { screen: new FakeScreen(), screenDetails: () => Promise.resolve(details), now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(3000);
    expect(flags).toHaveLength(1);
  });

  it('stops listening when stopped', () => {
    const screen = new FakeScreen();
    const { flags, stop } = start(screen);
    stop();
    screen.set(true);
    vi.advanceTimersByTime(10_000);
    expect(flags).toEqual([]);
  });
});
