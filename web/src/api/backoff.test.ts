import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, retryWithBackoff } from './backoff';

describe('backoffDelay', () => {
  it('doubles from one second and stays at fifteen', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000]);
  });
});

describe('retryWithBackoff', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries after 1 s, 2 s, 4 s until an attempt succeeds, then stops', async () => {
    const results = [false, false, true];
    const attempt = vi.fn(async () => results.shift() ?? true);
    retryWithBackoff(attempt);

    await vi.advanceTimersByTimeAsync(999);
    expect(attempt).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(attempt).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('tries at once when the browser comes back online, and counts a rejection as a failure', async () => {
    const attempt = vi.fn(async () => {
      throw new Error('down');
    });
    retryWithBackoff(attempt);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(attempt).toHaveBeenCalledTimes(3);

    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(4);
    // The pauses start again from one second.
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it('does nothing more once stopped', async () => {
    const attempt = vi.fn(async () => false);
    const stop = retryWithBackoff(attempt);
    stop();
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).not.toHaveBeenCalled();
  });
});
