import type { VoiceSample } from './voiceRules';

/** Levels are read five times a second: enough to follow speech, far too coarse to hold any of it. */
export const VOICE_SAMPLE_MS = 200;
const SPEECH_LOW_HZ = 300;
const SPEECH_HIGH_HZ = 3400;
const FFT_SIZE = 1024;
/** The floor of a silent input, so that silence reads as a very low level rather than minus infinity. */
const SILENCE_DB = -120;

/**
 * Reads the microphone's speech-band level and its share of the whole signal through Web Audio.
 * Nothing is recorded, played back or sent: each reading is two numbers and the buffers are reused.
 * Returns the function that closes the audio graph.
 */
export function startVoiceMonitor(stream: MediaStream, onSample: (sample: VoiceSample) => void, everyMs = VOICE_SAMPLE_MS): () => void {
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  // A high-pass and a low-pass in series keep 300–3400 Hz more squarely than one band-pass biquad.
  const highPass = new BiquadFilterNode(context, { type: 'highpass', frequency: SPEECH_LOW_HZ, Q: Math.SQRT1_2 });
  const lowPass = new BiquadFilterNode(context, { type: 'lowpass', frequency: SPEECH_HIGH_HZ, Q: Math.SQRT1_2 });
  const band = new AnalyserNode(context, { fftSize: FFT_SIZE });
  const whole = new AnalyserNode(context, { fftSize: FFT_SIZE });
  // Analysers are pulled without reaching the speakers: the student never hears themself.
  source.connect(highPass).connect(lowPass).connect(band);
  source.connect(whole);
  const bandBuf = new Float32Array(FFT_SIZE);
  const wholeBuf = new Float32Array(FFT_SIZE);
  // The exam started from a click, so the context may run; if the browser held it, try again on each tick.
  void context.resume().catch(() => undefined);

  const timer = setInterval(() => {
    if (context.state !== 'running') {
      void context.resume().catch(() => undefined);
      return;
    }
    band.getFloatTimeDomainData(bandBuf);
    whole.getFloatTimeDomainData(wholeBuf);
    onSample(levelsOf(performance.now(), bandBuf, wholeBuf));
  }, everyMs);

  return () => {
    clearInterval(timer);
    source.disconnect();
    void context.close().catch(() => undefined);
  };
}

export function levelsOf(at: number, bandBuf: Float32Array, wholeBuf: Float32Array): VoiceSample {
  const bandPower = meanSquare(bandBuf);
  const wholePower = meanSquare(wholeBuf);
  const bandDb = bandPower > 0 ? Math.max(SILENCE_DB, 10 * Math.log10(bandPower)) : SILENCE_DB;
  const bandRatio = wholePower > 0 ? Math.min(1, bandPower / wholePower) : 0;
  return { at, bandDb, bandRatio };
}

function meanSquare(buf: Float32Array): number {
  let sum = 0;
  for (const v of buf) sum += v * v;
  return sum / buf.length;
}
