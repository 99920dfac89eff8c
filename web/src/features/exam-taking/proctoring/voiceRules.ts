import type { ProctoringProfile } from '@exam/shared';
import { createConditionTimer, type RuleFlag } from './faceRules';

/** One reading of the microphone's levels (never the sound itself). */
export interface VoiceSample {
  at: number;
  /** RMS of the speech band (300–3400 Hz), in dBFS. */
  bandDb: number;
  /** Share of the signal's energy that lies in the speech band (0..1). */
  bandRatio: number;
}

/** Quieter than this is room noise, a fan or a distant street, not someone speaking nearby. */
export const SPEECH_BAND_DB = -45;
/**
 * Typing, a knock or music spread their energy wider than a voice does. Not higher: a low voice
 * keeps much of its energy in its fundamental, below the band.
 */
export const SPEECH_BAND_RATIO = 0.5;
/** Speech pauses between words and phrases; a pause this short does not end it. */
export const SPEECH_PAUSE_MS = 1500;

export function isSpeech(sample: Pick<VoiceSample, 'bandDb' | 'bandRatio'>): boolean {
  return sample.bandDb > SPEECH_BAND_DB && sample.bandRatio > SPEECH_BAND_RATIO;
}

/** Turns level readings into one `voice` flag per stretch of speech longer than the exam allows. */
export function createVoiceRules(check: ProctoringProfile['voiceCheck']) {
  const speech = createConditionTimer('voice', check.speechSeconds * 1000, SPEECH_PAUSE_MS);
  return {
    push(sample: VoiceSample): RuleFlag[] {
      const flag = speech.push(sample.at, isSpeech(sample), sample.bandRatio);
      return flag ? [flag] : [];
    },
  };
}
