/**
 * The end-of-exam submit storm (issue 19): every student of the live session submits at a random
 * moment within BENCH_SUBMIT_SECONDS (10), each saving at the set rate until then, as the web app
 * does: it waits for its last save's acknowledgement and submits over its open socket
 * (`attempt:submit`; BENCH_SUBMIT_VIA=rest for `POST /submissions`, the web app's fallback). Measures the submit acknowledgement as the client sees it,
 * the saves of the students still writing meanwhile, and, through the database, that every
 * acknowledged answer is in its submission.
 */
import { loadavg } from 'node:os';
import type { Knex } from 'knex';

export const SUBMIT_SECONDS = Number(process.env.BENCH_SUBMIT_SECONDS ?? 10);
export const SUBMIT_VIA = process.env.BENCH_SUBMIT_VIA === 'rest' ? 'rest' : 'socket';
/** Targets: a student waits at most a second on "Submitting…", and nothing acknowledged is lost. */
const ACK_P99_TARGET_MS = 1000;
const SAVE_P99_TARGET_MS = 50;

export interface SubmitStormRun {
  latencies: number[];
  acked: [string, string, number][];
  errors: number;
  submitLatencies: number[];
  submitErrors: number;
  submitted: string[];
  /** Why submissions failed, as the client saw it. */
  submitFailures: string[];
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN);
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** Acknowledged submissions whose attempt is still in progress, and attempts of the exam left in progress. */
async function openAfter(db: Knex, run: SubmitStormRun, examId: string): Promise<{ submissions: number; notSubmitted: number }> {
  const open = new Set((await db('attempts').where({ exam_id: examId, status: 'in_progress' }).pluck('id')) as string[]);
  return { submissions: run.submitted.filter((id) => open.has(id)).length, notSubmitted: open.size };
}

/**
 * Runs the storm; returns the printed lines and the targets missed. `lostSaves` counts the
 * acknowledged saves whose newest version the database does not hold.
 */
export async function submitStormPhase(
  db: Knex,
  examId: string,
  held: number,
  ratePerSecond: number,
  run: (msg: object) => Promise<SubmitStormRun>,
  lostSaves: (acked: [string, string, number][]) => Promise<number>,
  serverCpuSeconds: () => number,
): Promise<{ lines: string[]; missed: string[] }> {
  const cpuBefore = serverCpuSeconds();
  const started = performance.now();
  const r = await run({ type: 'submitStorm', ratePerSocket: ratePerSecond / held, seconds: SUBMIT_SECONDS, via: SUBMIT_VIA });
  const cpu = serverCpuSeconds() - cpuBefore;
  const wall = (performance.now() - started) / 1000;
  const acks = [...r.submitLatencies].sort((a, b) => a - b);
  const saves = [...r.latencies].sort((a, b) => a - b);
  const gone = { answers: await lostSaves(r.acked), ...(await openAfter(db, r, examId)) };
  const missed: string[] = [];
  if (!(pct(acks, 99) <= ACK_P99_TARGET_MS)) missed.push(`submit ack p99 ${fmt(pct(acks, 99))} ms > ${ACK_P99_TARGET_MS} ms`);
  if (gone.answers || gone.submissions) missed.push(`${gone.answers} acknowledged answers and ${gone.submissions} acknowledged submissions lost`);
  if (r.submitErrors || r.submitted.length !== held) missed.push(`${held - r.submitted.length} of ${held} submissions not acknowledged`);
  // The students still writing must not feel the storm beyond the save target.
  if (pct(saves, 99) > SAVE_P99_TARGET_MS) missed.push(`saves during the submit storm p99 ${fmt(pct(saves, 99))} ms > ${SAVE_P99_TARGET_MS} ms`);
  return {
    missed,
    lines: [
      `  submit storm: ${held} students submitting within ${SUBMIT_SECONDS} s via ${SUBMIT_VIA === 'rest' ? 'POST /submissions' : 'attempt:submit'}, saving at ${ratePerSecond}/s until then`,
      `  submit ack p50/p95/p99:               ${fmt(pct(acks, 50))} / ${fmt(pct(acks, 95))} / ${fmt(pct(acks, 99))} ms (target p99 ≤ ${ACK_P99_TARGET_MS} ms; ${r.submitted.length} acknowledged, ${r.submitErrors} failed${r.submitErrors ? `: ${[...new Set(r.submitFailures)].slice(0, 3).join('; ')}` : ''})`,
      `  saves during the submit storm p50/p99: ${fmt(pct(saves, 50))} / ${fmt(pct(saves, 99))} ms (${saves.length} acknowledged, errors ${r.errors}; save target p99 ≤ ${SAVE_P99_TARGET_MS} ms)`,
      `  server CPU during the submit storm:   ${cpu.toFixed(1)} s over ${wall.toFixed(1)} s, ${((cpu * 1000) / held).toFixed(1)} ms per student incl. their saves`,
      `  machine load average (1 min) after:   ${loadavg()[0]!.toFixed(1)} (other work on the box inflates every latency)`,
      `  answers lost in the submit storm:     ${gone.answers} of ${new Set(r.acked.map(([a, q]) => `${a}:${q}`)).size} acknowledged answers; ${gone.submissions} acknowledged submissions still open; ${gone.notSubmitted} attempts left in progress`,
    ],
  };
}
