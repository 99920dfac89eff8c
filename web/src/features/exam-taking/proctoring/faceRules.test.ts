import { describe, expect, it } from 'vitest';
import { createFaceRules, type FaceSample, type RuleFlag } from './faceRules';

const CHECKS = { enabled: true, missingSeconds: 5, lookAwaySeconds: 8, multipleFaces: true };
const ONE_FACE = { faces: 1, score: 0.9, yaw: 0, pitch: 0 };
const NO_FACE = { faces: 0, score: 0, yaw: null, pitch: null };

/** Feeds samples twice a second (the worker's pace) from `from` ms to `to` ms inclusive. */
function feed(rules: ReturnType<typeof createFaceRules>, from: number, to: number, reading: Omit<FaceSample, 'at'>): RuleFlag[] {
  const flags: RuleFlag[] = [];
  for (let at = from; at <= to; at += 500) flags.push(...rules.push({ at, ...reading }));
  return flags;
}

describe('face rules', () => {
  it('raises nothing while one face looks at the screen', () => {
    expect(feed(createFaceRules(CHECKS), 0, 60_000, ONE_FACE)).toEqual([]);
  });

  it('does not flag a face missing for 4.9 s, then flags it once at 5 s with its duration', () => {
    const rules = createFaceRules(CHECKS);
    feed(rules, 0, 1000, ONE_FACE);
    expect(feed(rules, 1500, 6400, NO_FACE)).toEqual([]);
    expect(feed(rules, 6500, 20_000, NO_FACE)).toEqual([{ type: 'face-missing', durationMs: 5000, confidence: 1 }]);
  });

  it('starts over when the face comes back, so two short absences are not one long one', () => {
    const rules = createFaceRules(CHECKS);
    feed(rules, 0, 4000, NO_FACE);
    feed(rules, 4500, 7000, ONE_FACE);
    expect(feed(rules, 7500, 11_000, NO_FACE)).toEqual([]);
  });

  it('does not let one missed frame end an absence, and counts it against the confidence', () => {
    const rules = createFaceRules(CHECKS);
    const flags = [...feed(rules, 0, 2000, NO_FACE), ...rules.push({ at: 2500, ...ONE_FACE }), ...feed(rules, 3000, 6000, NO_FACE)];
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ type: 'face-missing', durationMs: 5000 });
    expect(flags[0]?.confidence).toBeLessThan(1);
  });

  it('flags several faces after 3 s with the detector score as confidence', () => {
    const rules = createFaceRules(CHECKS);
    expect(feed(rules, 0, 2500, { faces: 3, score: 0.8, yaw: 0, pitch: 0 })).toEqual([]);
    expect(feed(rules, 3000, 10_000, { faces: 3, score: 0.8, yaw: 0, pitch: 0 })).toEqual([{ type: 'faces-multiple', durationMs: 3000, confidence: 0.8 }]);
  });

  it('does not flag several faces when the exam turned that check off', () => {
    expect(feed(createFaceRules({ ...CHECKS, multipleFaces: false }), 0, 10_000, { faces: 2, score: 0.9, yaw: 0, pitch: 0 })).toEqual([]);
  });

  it('flags a head turned away for longer than the exam allows, not a glance', () => {
    const rules = createFaceRules(CHECKS);
    const turned = { faces: 1, score: 0.9, yaw: 0.9, pitch: 0 };
    expect(feed(rules, 0, 7500, turned)).toEqual([]);
    expect(feed(rules, 8000, 8000, turned)).toEqual([{ type: 'looking-away', durationMs: 8000, confidence: 0.9 }]);
    expect(feed(createFaceRules(CHECKS), 0, 20_000, { faces: 1, score: 0.9, yaw: 0.3, pitch: -0.3 })).toEqual([]);
  });

  it('never builds a flag across a blind spot (no samples for seconds)', () => {
    const rules = createFaceRules(CHECKS);
    feed(rules, 0, 3000, NO_FACE);
    expect(feed(rules, 10_000, 13_000, NO_FACE)).toEqual([]);
  });

  it('never flags under 3 s, even when the exam asks for less', () => {
    const rules = createFaceRules({ ...CHECKS, missingSeconds: 1 });
    expect(feed(rules, 0, 2500, NO_FACE)).toEqual([]);
    expect(feed(rules, 3000, 3000, NO_FACE)).toEqual([{ type: 'face-missing', durationMs: 3000, confidence: 1 }]);
  });
});
