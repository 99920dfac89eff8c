/**
 * The end-of-exam submit storm: every student of the live session submits at a random
 * moment within BENCH_SUBMIT_SECONDS (10), each saving at the set rate until then, as the web app
 * does: it waits for its last save's acknowledgement and submits over its open socket
 * (`attempt:submit`; BENCH_SUBMIT_VIA=rest for `POST /submissions`, the web app's fallback). Measures the submit acknowledgement as the client sees it,
 * the saves of the students still writing meanwhile, and, through the database, that every
 * acknowledged answer is in its submission. The same storm against the bare Socket.IO server
 * (`submitStormMessage`, `bareStormLines`) gives the transport's share.
 */
import { loadavg } from 'node:os';
import type { Knex } from 'knex';
import { fmt, percentile, type Acked } from './figures';

export const SUBMIT_SECONDS = Number(process.env.BENCH_SUBMIT_SECONDS ?? 10);
export const SUBMIT_VIA = process.env.BENCH_SUBMIT_VIA === 'rest' ? 'rest' : 'socket';
/** Targets: a student waits at most a second on "Submitting…", and nothing acknowledged is lost. */
const ACK_P99_TARGET_MS = 1000;
const SAVE_P99_TARGET_MS = 50;

export interface SubmitStormRun {
  latencies: number[];
  acked: Acked;
  errors: number;
  submitLatencies: number[];
  submitErrors: number;
  submitted: string[];
  /** Why submissions failed, as the client saw it. */
  submitFailures: string[];
}

/** What the load workers are asked to do: every student submits within SUBMIT_SECONDS, saving at `ratePerSecond` in all until then. */
export function submitStormMessage(held: number, ratePerSecond: number) {
  return { type: 'submitStorm', ratePerSocket: ratePerSecond / held, seconds: SUBMIT_SECONDS, via: SUBMIT_VIA };
}

/** The storm's latencies, each sorted: the submit acknowledgements and the saves meanwhile. */
export function stormLatencies(r: SubmitStormRun): { acks: number[]; saves: number[] } {
  return { acks: [...r.submitLatencies].sort((a, b) => a - b), saves: [...r.latencies].sort((a, b) => a - b) };
}

/** The same storm against the bare Socket.IO server, and our p99s over its. */
export function bareStormLines(ours: ReturnType<typeof stormLatencies>, bareRun: SubmitStormRun): string[] {
  const bare = stormLatencies(bareRun);
  const ratio = (a: number[], b: number[]) => fmt(percentile(a, 99) / percentile(b, 99));
  return [
    `  same submit storm, bare Socket.IO:    submit ack p50/p95/p99 ${fmt(percentile(bare.acks, 50))} / ${fmt(percentile(bare.acks, 95))} / ${fmt(percentile(bare.acks, 99))} ms (${bareRun.submitted.length} acknowledged, ${bareRun.submitErrors} failed${SUBMIT_VIA === 'rest' ? '; the POST answered by a bare HTTP handler' : ''}), saves meanwhile p50/p99 ${fmt(percentile(bare.saves, 50))} / ${fmt(percentile(bare.saves, 99))} ms`,
    `  submit storm p99, ours over bare:     submit ack ${ratio(ours.acks, bare.acks)}, saves meanwhile ${ratio(ours.saves, bare.saves)}`,
  ];
}

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
  lostSaves: (acked: Acked) => Promise<number>,
  serverCpuSeconds: () => number,
): Promise<{ lines: string[]; missed: string[]; latencies: ReturnType<typeof stormLatencies> }> {
  const cpuBefore = serverCpuSeconds();
  const started = performance.now();
  const r = await run(submitStormMessage(held, ratePerSecond));
  const cpu = serverCpuSeconds() - cpuBefore;
  const wall = (performance.now() - started) / 1000;
  const latencies = stormLatencies(r);
  const { acks, saves } = latencies;
  const gone = { answers: await lostSaves(r.acked), ...(await openAfter(db, r, examId)) };
  const missed: string[] = [];
  if (!(percentile(acks, 99) <= ACK_P99_TARGET_MS)) missed.push(`submit ack p99 ${fmt(percentile(acks, 99))} ms > ${ACK_P99_TARGET_MS} ms`);
  if (gone.answers || gone.submissions) missed.push(`${gone.answers} acknowledged answers and ${gone.submissions} acknowledged submissions lost`);
  if (r.submitErrors || r.submitted.length !== held) missed.push(`${held - r.submitted.length} of ${held} submissions not acknowledged`);
  // The students still writing must not feel the storm beyond the save target.
  if (percentile(saves, 99) > SAVE_P99_TARGET_MS) missed.push(`saves during the submit storm p99 ${fmt(percentile(saves, 99))} ms > ${SAVE_P99_TARGET_MS} ms`);
  return {
    missed,
    latencies,
    lines: [
      `  submit storm: ${held} students submitting within ${SUBMIT_SECONDS} s via ${SUBMIT_VIA === 'rest' ? 'POST /submissions' : 'attempt:submit'}, saving at ${ratePerSecond}/s until then`,
      `  submit ack p50/p95/p99:               ${fmt(percentile(acks, 50))} / ${fmt(percentile(acks, 95))} / ${fmt(percentile(acks, 99))} ms (target p99 ≤ ${ACK_P99_TARGET_MS} ms; ${r.submitted.length} acknowledged, ${r.submitErrors} failed${r.submitErrors ? `: ${[...new Set(r.submitFailures)].slice(0, 3).join('; ')}` : ''})`,
      `  saves during the submit storm p50/p99: ${fmt(percentile(saves, 50))} / ${fmt(percentile(saves, 99))} ms (${saves.length} acknowledged, errors ${r.errors}; save target p99 ≤ ${SAVE_P99_TARGET_MS} ms)`,
      `  server CPU during the submit storm:   ${cpu.toFixed(1)} s over ${wall.toFixed(1)} s, ${((cpu * 1000) / held).toFixed(1)} ms per student incl. their saves`,
      `  machine load average (1 min) after:   ${loadavg()[0]!.toFixed(1)} (other work on the box inflates every latency)`,
      `  answers lost in the submit storm:     ${gone.answers} of ${new Set(r.acked.map(([a, q]) => `${a}:${q}`)).size} acknowledged answers; ${gone.submissions} acknowledged submissions still open; ${gone.notSubmitted} attempts left in progress`,
    ],
  };
}
