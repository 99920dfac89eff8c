import { describe, expect, it } from 'vitest';
import { FLAG_KIND_GAP_MS, newFlagBudget, takeFlag } from './flagLimiter';

const KINDS = ['face-missing', 'faces-multiple', 'looking-away', 'voice', 'screen-share-ended', 'screen-not-whole', 'second-monitor'] as const;

describe('the flag limiter', () => {
  it('takes five flags of different kinds at once and refuses the sixth within the second', () => {
    const b = newFlagBudget(0);
    expect(KINDS.slice(0, 5).map((k, i) => takeFlag(b, k, i * 10))).toEqual([true, true, true, true, true]);
    expect(takeFlag(b, KINDS[5], 100)).toBe(false);
    // A third of a second later one token is back.
    expect(takeFlag(b, KINDS[5], 450)).toBe(true);
  });

  it('refuses a second flag of the same kind within 3 s and takes it after', () => {
    const b = newFlagBudget(0);
    expect(takeFlag(b, 'voice', 0)).toBe(true);
    expect(takeFlag(b, 'voice', FLAG_KIND_GAP_MS - 1)).toBe(false);
    expect(takeFlag(b, 'voice', FLAG_KIND_GAP_MS)).toBe(true);
  });
});
