import { describe, expect, it } from 'vitest';
import { improvementText, recommendations } from './insights';

describe('recommendations', () => {
  it.each([
    [90, 0, 'Excellent results'],
    [89, 0, 'Good, steady progress'],
    [70, 0, 'Good, steady progress'],
    [69, 100, 'Results are mixed'],
    [50, 100, 'Results are mixed'],
    [49, 100, 'needs support'],
  ])('picks the tier for an average of %i', (avg, passRate, start) => {
    expect(recommendations(avg, passRate)[0]).toContain(start);
  });

  it('adds the extra lines for a high pass rate with a high average, and a low one with a low average', () => {
    expect(recommendations(85, 80)).toHaveLength(2);
    expect(recommendations(84, 80)).toHaveLength(1);
    expect(recommendations(69, 69)[1]).toContain('not passed');
    expect(recommendations(70, 69)).toHaveLength(1);
  });
});

describe('improvementText', () => {
  it('signs the figure', () => {
    expect(improvementText(12)).toBe('+12 points');
    expect(improvementText(-1)).toBe('−1 point');
    expect(improvementText(0)).toBe('No change');
  });
});
