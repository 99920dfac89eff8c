import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createGroupCommit } from './groupCommit';

// The clock is faked so the test says exactly when each batch starts, on any machine.
describe('group commit', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * A queue that records each batch and when it started. Its writes finish at once, but with
   * `holdFirst` the first stays in flight until `finishFirst` is called.
   */
  function recorded(gatherMs: number, holdFirst = false) {
    const batches: { items: string[]; at: number }[] = [];
    let finishFirst: () => void = () => {};
    const commit = createGroupCommit<string>({
      maxBatch: 1000,
      maxInFlight: 2,
      stallMs: 25,
      gatherMs,
      write: (items) => {
        batches.push({ items, at: performance.now() });
        return holdFirst && batches.length === 1 ? new Promise<void>((resolve) => (finishFirst = resolve)) : Promise.resolve();
      },
      failed: () => {},
    });
    return { commit, batches, finishFirst: () => finishFirst() };
  }

  it('writes a save that arrives after a quiet spell at once', async () => {
    const { commit, batches } = recorded(5);
    const start = performance.now();
    commit.push('first');
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([{ items: ['first'], at: start }]);

    // Long after: no gathering wait for a lone save either.
    await vi.advanceTimersByTimeAsync(1000);
    commit.push('later');
    await vi.advanceTimersByTimeAsync(0);
    expect(batches.map((b) => b.items)).toEqual([['first'], ['later']]);
    expect(batches[1]!.at).toBe(start + 1000);
  });

  it('under load gathers what arrives in the 5 ms after a batch started into the next one', async () => {
    const { commit, batches } = recorded(5);
    const start = performance.now();
    commit.push('a');
    await vi.advanceTimersByTimeAsync(0);
    // The first batch is done at once, yet the saves that follow it within 5 ms wait and go together.
    commit.push('b');
    await vi.advanceTimersByTimeAsync(2);
    commit.push('c');
    await vi.advanceTimersByTimeAsync(2);
    expect(batches.map((b) => b.items)).toEqual([['a']]);
    await vi.advanceTimersByTimeAsync(1);
    expect(batches.map((b) => b.items)).toEqual([['a'], ['b', 'c']]);
    expect(batches[1]!.at).toBe(start + 5);
    await commit.drain();
  });

  it('starts a second batch beside a slow one only once it has run for the stall time', async () => {
    const { commit, batches: started, finishFirst } = recorded(5, true);
    const start = performance.now();
    commit.push('stuck');
    await vi.advanceTimersByTimeAsync(0);
    commit.push('next');
    await vi.advanceTimersByTimeAsync(24);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.map((b) => b.items)).toEqual([['stuck'], ['next']]);
    expect(started[1]!.at).toBe(start + 25);
    finishFirst();
    await commit.drain();
  });

  it('goes on at the gathering time, not the stall time, when the batch before finishes quickly', async () => {
    const { commit, batches: started, finishFirst } = recorded(5, true);
    const start = performance.now();
    commit.push('first');
    await vi.advanceTimersByTimeAsync(0);
    // Queued while the first is written: a pump is set for the stall time (25 ms)...
    commit.push('second');
    await vi.advanceTimersByTimeAsync(1);
    // ...but the first is done after 2 ms, so the second goes at 5 ms.
    await vi.advanceTimersByTimeAsync(1);
    finishFirst();
    await vi.advanceTimersByTimeAsync(3);
    expect(started.map((b) => b.items)).toEqual([['first'], ['second']]);
    expect(started[1]!.at).toBe(start + 5);
    await commit.drain();
  });
});
