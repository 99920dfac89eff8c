import { MIN_FLAG_DURATION_MS, type DeviceFlag, type ProctoringProfile } from '@exam/shared';

/** What the face worker saw in one frame: nothing of the picture itself. */
export interface FaceSample {
  /** When the frame was taken (ms, one clock for every sample). */
  at: number;
  faces: number;
  /** The detector's mean score over the faces it found (0 when none). */
  score: number;
  /** Head pose of the most certain face, in radians (0 = facing the camera); null without a face. */
  yaw: number | null;
  pitch: number | null;
}

export interface RuleFlag {
  type: DeviceFlag;
  confidence: number;
  durationMs: number;
}

/**
 * A head turned further than this reads as looking away. Generous on purpose: glancing at the
 * keyboard or the edge of the screen is normal, and a false flag costs a student more than a missed one.
 */
export const LOOK_AWAY_YAW_RAD = 0.6;
export const LOOK_AWAY_PITCH_RAD = 0.6;
/** A detector misses or invents a face in a single frame now and then; a blip this short does not end a condition. */
export const BLIP_GRACE_MS = 1000;
/** Samples further apart than this (a stalled camera, a throttled tab) are a blind spot: no condition spans one. */
export const MAX_SAMPLE_GAP_MS = 3000;

/**
 * A condition that must hold for `thresholdMs` before it is flagged, once per episode. Its
 * confidence is the mean score over the episode, the samples inside a tolerated blip counting 0.
 */
export function createConditionTimer(type: DeviceFlag, thresholdMs: number, graceMs = BLIP_GRACE_MS, maxGapMs = MAX_SAMPLE_GAP_MS) {
  const threshold = Math.max(thresholdMs, MIN_FLAG_DURATION_MS);
  let start: number | null = null;
  let lastOn = 0;
  let lastAt: number | null = null;
  let scoreSum = 0;
  let samples = 0;
  let flagged = false;
  const reset = () => {
    start = null;
    scoreSum = 0;
    samples = 0;
    flagged = false;
  };
  return {
    /** `score` is how sure this sample is of the condition (ignored when it does not hold). */
    push(at: number, holds: boolean, score: number): RuleFlag | null {
      if (lastAt !== null && at - lastAt > maxGapMs) reset();
      lastAt = at;
      if (!holds) {
        if (start !== null && at - lastOn > graceMs) reset();
        else if (start !== null) samples += 1;
        return null;
      }
      if (start === null) start = at;
      lastOn = at;
      samples += 1;
      scoreSum += clamp01(score);
      const durationMs = Math.round(at - start);
      if (flagged || durationMs < threshold) return null;
      flagged = true;
      return { type, durationMs, confidence: round2(scoreSum / samples) };
    },
  };
}

/** Turns face samples into flags: face missing, several faces and looking away, each debounced. */
export function createFaceRules(checks: ProctoringProfile['faceChecks']) {
  const missing = createConditionTimer('face-missing', checks.missingSeconds * 1000);
  const several = checks.multipleFaces ? createConditionTimer('faces-multiple', MIN_FLAG_DURATION_MS) : null;
  const away = createConditionTimer('looking-away', checks.lookAwaySeconds * 1000);
  return {
    push(sample: FaceSample): RuleFlag[] {
      const turned = sample.faces > 0 && isTurnedAway(sample);
      return [
        // The detector gives no score to an empty frame: each empty frame is one full vote.
        missing.push(sample.at, sample.faces === 0, 1),
        several?.push(sample.at, sample.faces > 1, sample.score) ?? null,
        away.push(sample.at, turned, sample.score),
      ].filter((flag): flag is RuleFlag => flag !== null);
    },
  };
}

export function isTurnedAway(sample: Pick<FaceSample, 'yaw' | 'pitch'>): boolean {
  return Math.abs(sample.yaw ?? 0) > LOOK_AWAY_YAW_RAD || Math.abs(sample.pitch ?? 0) > LOOK_AWAY_PITCH_RAD;
}

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);
const round2 = (n: number) => Math.round(n * 100) / 100;
