import { describe, expect, it } from 'vitest';
import { levelsOf } from './voiceMonitor';
import { createVoiceRules, type VoiceSample } from './voiceRules';

const SPEECH = { bandDb: -30, bandRatio: 0.8 };
const QUIET = { bandDb: -70, bandRatio: 0.7 };
const TYPING = { bandDb: -35, bandRatio: 0.3 };

function feed(rules: ReturnType<typeof createVoiceRules>, from: number, to: number, levels: Omit<VoiceSample, 'at'>) {
  const flags = [];
  for (let at = from; at <= to; at += 200) flags.push(...rules.push({ at, ...levels }));
  return flags;
}

describe('voice rules', () => {
  it('flags speech that lasts longer than the exam allows, once', () => {
    const rules = createVoiceRules({ enabled: true, speechSeconds: 5 });
    expect(feed(rules, 0, 4800, SPEECH)).toEqual([]);
    expect(feed(rules, 5000, 30_000, SPEECH)).toEqual([{ type: 'voice', durationMs: 5000, confidence: 0.8 }]);
  });

  it('keeps counting through the pauses between words', () => {
    const rules = createVoiceRules({ enabled: true, speechSeconds: 5 });
    const flags = [...feed(rules, 0, 2000, SPEECH), ...feed(rules, 2200, 3000, QUIET), ...feed(rules, 3200, 6000, SPEECH)];
    expect(flags).toHaveLength(1);
    expect(flags[0]?.durationMs).toBe(5000);
  });

  it('ignores a quiet room and loud typing', () => {
    const rules = createVoiceRules({ enabled: true, speechSeconds: 3 });
    expect([...feed(rules, 0, 20_000, QUIET), ...feed(rules, 20_200, 40_000, TYPING)]).toEqual([]);
  });
});

describe('microphone levels', () => {
  it('reads a speech-band tone as loud and in the band, and silence as quiet', () => {
    const tone = Float32Array.from({ length: 1024 }, (_, i) => 0.1 * Math.sin(i / 5));
    const loud = levelsOf(0, tone, tone);
    expect(loud.bandDb).toBeGreaterThan(-45);
    expect(loud.bandRatio).toBeCloseTo(1);
    const silent = levelsOf(0, new Float32Array(1024), new Float32Array(1024));
    expect(silent).toEqual({ at: 0, bandDb: -120, bandRatio: 0 });
  });
});
