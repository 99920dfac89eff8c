/** What the live-session benchmarks measure and how they sum it up; one copy for every phase. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import type { JoinResult } from './loadGenerators';

/** Acknowledged saves: attempt, question, seq. */
export type Acked = [string, string, number][];

/** One load run, as the load workers report it (every worker's result added up). */
export interface RunResult {
  sent: number;
  errors: number;
  violations: number;
  latencies: number[];
  /** Open-loop runs: for each latency, the second of the run its save was sent in. */
  second?: number[];
  acked: Acked;
  /** Per violation sent: `attemptId:count` as the proctor board will see it, and when it was sent. */
  violationSentAt: [string, number][];
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds so far: the whole box, and the parts that share it. */
export interface BoxCpu {
  busy: number;
  idle: number;
  servers: number;
  postgres: number;
  /** This process: the bench's own sockets and its load generator threads. */
  bench: number;
  /** When read (ms, monotonic). */
  at: number;
  /** Each server's event loop thread, as the scheduler saw it (null where the kernel does not say). */
  loops: (LoopThread | null)[];
}

/** A process's main thread, which runs its event loop: every socket's messages and every query's result. */
interface LoopThread {
  /** Milliseconds on a core so far. */
  onCore: number;
  /** Milliseconds runnable but waiting for a core so far. */
  waiting: number;
  /** Times it was taken off a core while it still had work. */
  preempted: number;
}

function loopThread(pid: number): LoopThread | null {
  try {
    const [onCore, waiting] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    const preempted = /nonvoluntary_ctxt_switches:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8'))?.[1];
    return onCore === undefined || waiting === undefined || preempted === undefined ? null : { onCore: onCore / 1e6, waiting: waiting / 1e6, preempted: Number(preempted) };
  } catch {
    return null;
  }
}

/** Where the box's two cores go: read before and after a phase, then `cpuShares`. */
export function boxCpu(serverPids: number[]): BoxCpu {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks as number[];
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres')) postgres += cpuSeconds(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return {
    busy: (user! + nice! + system! + irq! + softirq! + steal!) / 100,
    idle: (idle! + iowait!) / 100,
    servers: serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    postgres,
    bench: cpuSeconds(process.pid),
    at: performance.now(),
    loops: serverPids.map(loopThread),
  };
}

/**
 * One line: the CPU each part of the box spent per acknowledged save between two readings, and how
 * busy the box was. It says whether a missed latency target is the code or a box out of cores.
 */
export function cpuShares(before: BoxCpu, after: BoxCpu, saves: number): string {
  const per = (s: number) => `${Math.round((s * 1e6) / Math.max(1, saves))} µs`;
  const busy = after.busy - before.busy;
  const part = (k: 'servers' | 'postgres' | 'bench') => after[k] - before[k];
  const rest = busy - part('servers') - part('postgres') - part('bench');
  const share = (100 * busy) / Math.max(0.01, busy + after.idle - before.idle);
  return `server ${per(part('servers'))}, PostgreSQL ${per(part('postgres'))}, load generators ${per(part('bench'))}, the rest ${per(rest)}; the box ${share.toFixed(0)} % busy`;
}

/**
 * Each server's event loop between two readings, per second: time on a core, and time it had work
 * but waited for a core. A loop that waits a third of each second answers every message late
 * however little work each one takes: the box is out of cores, not the code out of speed.
 */
export function loopShares(before: BoxCpu, after: BoxCpu): string {
  const seconds = Math.max(0.001, (after.at - before.at) / 1000);
  return after.loops
    .map((a, i) => {
      const b = before.loops[i];
      if (!a || !b) return 'not reported by this kernel';
      const rate = (n: number) => Math.round(n / seconds);
      return `on a core ${rate(a.onCore - b.onCore)} ms/s, waiting for a core ${rate(a.waiting - b.waiting)} ms/s, preempted ${rate(a.preempted - b.preempted)}/s`;
    })
    .join('; ');
}

/**
 * Waits until a process has been quiet (under 15 % of a core) for two fifths of a second in a
 * row: the work a phase set off (results, mails, dashboards after a deadline) is done. Returns the
 * seconds waited.
 */
export async function untilQuiet(pid: number, maxSeconds = 60): Promise<number> {
  const started = performance.now();
  let quietTicks = 0;
  let cpu = cpuSeconds(pid);
  while (quietTicks < 2 && performance.now() - started < maxSeconds * 1000) {
    await new Promise((r) => setTimeout(r, 200));
    const now = cpuSeconds(pid);
    quietTicks = now - cpu < 0.03 ? quietTicks + 1 : 0;
    cpu = now;
  }
  return (performance.now() - started) / 1000;
}

/**
 * The major garbage collections the server logged (scripts/bench/gcLog.mjs) between two moments,
 * as seconds from the first with their pauses: "2, at 3.8 and 17.7 s (pauses 12.1 and 13.0 ms)".
 */
export function majorCollections(file: string, fromMs: number, toMs: number): string {
  if (!existsSync(file)) return '0';
  const inside = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' ').map(Number) as [number, number])
    .filter(([at]) => at >= fromMs && at <= toMs);
  if (!inside.length) return '0';
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}` : xs[0]!);
  return `${inside.length}, at ${list(inside.map(([at]) => ((at - fromMs) / 1000).toFixed(1)))} s (pause${inside.length > 1 ? 's' : ''} ${list(inside.map(([, ms]) => ms.toFixed(1)))} ms)`;
}

export function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** A hall's joins: p50/p99 of their waits, and any refused or timed out. */
export function joinLine(j: JoinResult): string {
  const sorted = [...j.latencies].sort((a, b) => a - b);
  return `${fmt(percentile(sorted, 50))} / ${fmt(percentile(sorted, 99))} ms (${j.latencies.length} joined, ${j.failed} failed)`;
}

/** What a hall's joins missed: a p99 over `p99Ms`, or any join refused or timed out. */
export function joinMissed(j: JoinResult, p99Ms: number, who = ''): string[] {
  const p99 = percentile([...j.latencies].sort((a, b) => a - b), 99);
  return [
    ...(!(p99 <= p99Ms) ? [`${who}join p99 ${fmt(p99)} ms > ${p99Ms} ms`] : []),
    ...(j.failed ? [`${who}${j.failed} joins failed`] : []),
  ];
}

export function summarise(name: string, r: RunResult, seconds: number) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  return {
    name,
    acked: r.latencies.length,
    perSecond: Math.round(r.latencies.length / seconds),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: r.errors,
    violations: r.violations,
  };
}

export type Summary = ReturnType<typeof summarise>;

/** Acknowledged saves whose newest version the database does not hold. */
export async function lostSaves(db: Knex, acked: Acked): Promise<number> {
  const newest = new Map<string, number>();
  for (const [a, q, seq] of acked) newest.set(`${a}:${q}`, Math.max(seq, newest.get(`${a}:${q}`) ?? 0));
  const stored = new Map<string, number>();
  const rows = (await db('answers').select('attempt_id', 'question_id', 'seq')) as { attempt_id: string; question_id: string; seq: number }[];
  for (const r of rows) stored.set(`${r.attempt_id}:${r.question_id}`, r.seq);
  let lost = 0;
  for (const [key, seq] of newest) if ((stored.get(key) ?? 0) < seq) lost++;
  return lost;
}

/** An open-loop run's p99 second by second: is the tail one bad moment or spread over the run? */
export function p99BySecond(r: RunResult): string {
  if (!r.second?.length) return 'n/a';
  const bySecond: number[][] = [];
  r.second.forEach((sec, i) => (bySecond[sec] ??= []).push(r.latencies[i]!));
  return [...bySecond].map((xs) => (xs ? percentile(xs.sort((a, b) => a - b), 99).toFixed(0) : '-')).join(' ');
}

/** Runs one step of a benchmark's set-up and logs how long it took. */
export async function timedStep<T>(log: (...a: unknown[]) => void, label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await fn();
  log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return out;
}
