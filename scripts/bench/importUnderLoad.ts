/**
 * What the question-import benchmark measures around one request while the live session's saves go
 * on: the saves that fell in the request's seconds, and the server's memory sampled meanwhile.
 */
import type { LoadGenerators } from './loadGenerators';
import { percentile, rssKb, type Acked, type RunResult } from './figures';

/** Each open-loop run is this long; runs follow one another until the request is answered. */
const CHUNK_SECONDS = 5;

export interface UnderLoad<T> {
  value: T;
  /** Every save acknowledged while saving went on (for the lost-saves check). */
  acked: Acked;
  /** Latencies of the saves sent within the seconds the request spanned, sorted. */
  during: number[];
  /** Saves that failed or timed out in those seconds. */
  errorsDuring: number;
  startedAt: number;
  endedAt: number;
}

/**
 * Runs `act` `leadMs` after the students start saving at `ratePerSocket`, and keeps them saving in
 * runs of CHUNK_SECONDS until it has finished. The load workers date each save by the second of
 * its run, so the window is whole seconds: up to a second of quiet saves either side is counted in.
 */
export async function whileSaving<T>(gens: LoadGenerators, ratePerSocket: number, leadMs: number, act: () => Promise<T>): Promise<UnderLoad<T>> {
  const runs: { startedAt: number; run: RunResult }[] = [];
  let finished = false;
  const saving = (async () => {
    while (!finished) {
      const startedAt = Date.now();
      runs.push({ startedAt, run: await gens.run({ type: 'rate', ratePerSocket, seconds: CHUNK_SECONDS, violationEvery: 0 }) });
    }
  })();
  await new Promise((r) => setTimeout(r, leadMs));
  const startedAt = Date.now();
  let value: T;
  try {
    value = await act();
  } finally {
    finished = true;
  }
  const endedAt = Date.now();
  await saving;
  const acked: Acked = [];
  const during: number[] = [];
  for (const { startedAt: runStart, run } of runs) {
    for (const a of run.acked) acked.push(a);
    run.latencies.forEach((ms, i) => {
      const secondStart = runStart + run.second![i]! * 1000;
      if (secondStart < endedAt && secondStart + 1000 > startedAt) during.push(ms);
    });
  }
  // Errors are not dated by the workers: those of the runs the request overlapped are all counted.
  const errorsDuring = runs.filter((r) => r.startedAt < endedAt && r.startedAt + CHUNK_SECONDS * 1000 > startedAt).reduce((n, r) => n + r.run.errors, 0);
  return { value, acked, during: during.sort((a, b) => a - b), errorsDuring, startedAt, endedAt };
}

/** p50 / p99 / max of sorted latencies, in ms. */
export function spread(sorted: number[]): { p50: number; p99: number; max: number } {
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN };
}

/** Samples a process's resident memory every `everyMs` until stopped: the first reading, and the highest. */
export function sampleRss(pid: number, everyMs = 100): { stop: () => { beforeKb: number; peakKb: number; samples: number } } {
  const beforeKb = rssKb(pid);
  let peakKb = beforeKb;
  let samples = 1;
  const timer = setInterval(() => {
    peakKb = Math.max(peakKb, rssKb(pid));
    samples++;
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      peakKb = Math.max(peakKb, rssKb(pid));
      return { beforeKb, peakKb, samples: samples + 1 };
    },
  };
}
