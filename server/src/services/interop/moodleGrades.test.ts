import { describe, expect, it } from 'vitest';
import { moodleFraction, moodlePercent, pointsOf } from './moodleGrades';

describe('Moodle grades', () => {
  it('takes only the grades Moodle lists, within its slack, as the listed value', () => {
    expect(moodleFraction(1 / 3)).toBe(0.3333333);
    expect(moodleFraction(-0.5)).toBe(-0.5);
    expect(moodleFraction(0.33)).toBeNull();
    expect(moodleFraction(0.35)).toBeNull();
  });

  it('writes percentages as Moodle does', () => {
    expect([1, 0.3333333, 1 / 3, -1, 0, 0.1428571].map(moodlePercent)).toEqual(['100', '33.33333', '33.33333', '-100', '0', '14.28571']);
  });

  it('makes a file grade whole points between 1 and 1000, saying when it changed', () => {
    expect(pointsOf(3)).toEqual({ points: 3 });
    expect(pointsOf(0)).toEqual({ points: 1, warning: 'Points 0 were changed to 1, as points run from 1 to 1000' });
    expect(pointsOf(2000)).toEqual({ points: 1000, warning: 'Points 2000 were changed to 1000, as points run from 1 to 1000' });
    expect(pointsOf(2.5)).toEqual({ points: 3, warning: 'Points 2.5 were rounded to 3' });
    expect(pointsOf(undefined)).toEqual({ points: 1 });
  });
});
