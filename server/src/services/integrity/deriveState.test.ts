import { describe, expect, it } from 'vitest';
import { deriveState } from './decisions';

describe('an attempt’s integrity state, derived from the standing decision on each flag', () => {
  const table: [string, number, number, string][] = [
    ['no flags', 0, 0, 'clear'],
    ['every flag dismissed', 0, 0, 'clear'],
    ['one flag undecided', 0, 1, 'needs_review'],
    ['one confirmed, others undecided', 1, 3, 'confirmed'],
    ['one confirmed, the rest dismissed', 1, 0, 'confirmed'],
  ];
  it.each(table)('%s', (_what, confirmed, undecided, state) => {
    expect(deriveState({ confirmed, undecided })).toBe(state);
  });
});
