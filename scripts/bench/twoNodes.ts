/**
 * `BENCH_PHASES=twoNodes`: two nodes behind the proxy, as the compose file lays them out, started
 * as processes on loopback: two servers on one PostgreSQL database and one Redis (REDIS_URL,
 * default redis://127.0.0.1:6379, under a KEY_PREFIX of this run's own so no other run's traffic
 * reaches them). The students of one exam are split evenly, half connecting directly to each node:
 * the compose proxy balances by ip_hash, which would send every loopback client to one node,
 * where a real proxy spreads the schools' addresses over both. They save at the set rate while
 * some report violations, and a proctor on node A watches the exam, so a violation from a student
 * on node B reaches the board through Redis. Measures the save acks as the client sees them, each
 * node's memory per socket and CPU, violation to board across nodes and within one, and, through
 * the database, that no acknowledged save is lost.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import knexFactory from 'knex';
import type { Socket } from 'socket.io-client';
import { killHard, startServerProcess, type ServerProcess } from '../../server/src/faults/processNode';
import { ROOT } from '../webBuild';
import { boxCpu, cpuSeconds, cpuShares, fmt, joinLine, joinMissed, loopShares, lostSaves, p99BySecond, percentile, rssKb, summarise, type RunResult } from './figures';
import { LoadGenerators, mergeRuns, type Client, type JoinResult } from './loadGenerators';
import { boardLine, openSocket, watchViolations } from './proctorBoard';
import { seedLiveSession } from './seed';

export interface TwoNodesSettings {
  /** The scratch database both nodes share. */
  databaseUrl: string;
  secret: string;
  students: number;
  /** Saves per second offered in all, over `seconds`. */
  rate: number;
  seconds: number;
  /** Load worker threads in all; each node's students get half of them. */
  workers: number;
  targets: { saveP99Ms: number; violationToBoardP99Ms: number; kibPerSocket: number; joinP99Ms: number };
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Every 50th save is followed by a violation, as in the single-node set-rate phase. */
const VIOLATION_EVERY = 50;

const log = (...a: unknown[]) => console.error('[bench]', ...a);

/** One node, the students connected to it, and what it cost. */
interface Node {
  name: 'A' | 'B';
  server: ServerProcess;
  gens: LoadGenerators;
  held: number;
  joins: JoinResult;
  kibPerSocket: number;
}

/** What a node logged at error level or above (the log is pino's JSON lines; the start-up banner is not one). */
function errorsLogged(output: string): string[] {
  return output.split('\n').flatMap((line) => {
    if (!line.startsWith('{"level"')) return [];
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      return (entry.level ?? 0) >= 50 ? [[entry.msg, entry.err?.message].filter(Boolean).join(': ')] : [];
    } catch {
      return [line.slice(0, 200)];
    }
  });
}

/** Deletes what the nodes left under the run's prefix (health reports, rate-limit counters). */
async function forgetKeys(redis: Redis, keyPrefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

export async function twoNodesPhase(s: TwoNodesSettings): Promise<{ lines: string[]; missed: string[] }> {
  const keyPrefix = `bench-${randomBytes(6).toString('hex')}`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null, connectTimeout: 5000 });
  await redis.connect().catch((err: Error) => {
    throw new Error(`twoNodes needs Redis at ${REDIS_URL} (REDIS_URL): ${err.message}`);
  });
  const env = { DATABASE_URL: s.databaseUrl, JWT_SECRET: s.secret, REDIS_URL, KEY_PREFIX: keyPrefix, DATA_DIR: path.join(ROOT, '.tmp/bench-data'), LOG_LEVEL: 'error' };
  const servers: ServerProcess[] = [];
  const gens: LoadGenerators[] = [];
  const sockets: Socket[] = [];
  const db = knexFactory({ client: 'pg', connection: s.databaseUrl, pool: { min: 0, max: 4 } });
  try {
    // Started together, as compose starts them (the nodes migrate and seed safely side by side).
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    started.forEach((r) => r.status === 'fulfilled' && servers.push(r.value));
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;

    // A tag of its own, so this exam's students can sit beside the single-node phases' in one database.
    const { examId, clients, teacherToken } = await seedLiveSession(db, s.secret, s.students, 'two-');
    log(`two nodes: seeded ${clients.length} students`);
    const halves: Client[][] = [clients.filter((_, i) => i % 2 === 0), clients.filter((_, i) => i % 2 === 1)];
    const workersPerNode = Math.max(1, Math.floor(s.workers / 2));
    const rssBefore = servers.map((n) => rssKb(n.child.pid!));
    halves.forEach((half, i) => gens.push(new LoadGenerators(servers[i]!.url, half, workersPerNode)));
    const connected = await Promise.all(gens.map((g) => g.connect()));
    const nodes: Node[] = servers.map((server, i) => ({
      name: i ? 'B' : 'A',
      server,
      gens: gens[i]!,
      held: connected[i]!.held,
      joins: connected[i]!.joins,
      kibPerSocket: (rssKb(server.child.pid!) - rssBefore[i]!) / connected[i]!.held,
    }));
    const [a, b] = nodes as [Node, Node];
    const total = a.held + b.held;
    log(`two nodes: ${a.held} + ${b.held} sockets connected and joined`);

    // The proctor on node A: B's violations reach the board only through Redis.
    const proctor = await openSocket(a.server.url, teacherToken);
    sockets.push(proctor);
    const boardLatencies = await watchViolations(proctor, examId);

    const cpuBefore = nodes.map((n) => cpuSeconds(n.server.child.pid!));
    const serverPids = nodes.map((n) => n.server.child.pid!);
    const boxBefore = boxCpu(serverPids);
    const savesStarted = performance.now();
    const msg = { type: 'rate', ratePerSocket: s.rate / total, seconds: s.seconds, violationEvery: VIOLATION_EVERY };
    const [runA, runB] = await Promise.all(nodes.map((n) => n.gens.run<RunResult>(msg)));
    const wall = (performance.now() - savesStarted) / 1000;
    const cpu = nodes.map((n, i) => cpuSeconds(n.server.child.pid!) - cpuBefore[i]!);
    const boxAfter = boxCpu(serverPids);
    // Late violations still count (as in the single-node phase); after 3 s one counts as never shown.
    await new Promise((r) => setTimeout(r, 3000));
    const across = boardLatencies(runB!.violationSentAt);
    const within = boardLatencies(runA!.violationSentAt);
    const all = mergeRuns([runA!, runB!]);
    const rate = summarise('two nodes at set rate', all, s.seconds);
    const [rateA, rateB] = [summarise('node A', runA!, s.seconds), summarise('node B', runB!, s.seconds)];
    const lost = await lostSaves(db, all.acked);
    // Each node's log, kept for a look at what the cross-node path reported.
    const logDir = path.join(ROOT, '.tmp/bench-two-nodes');
    mkdirSync(logDir, { recursive: true });
    const errors = nodes.map((n) => {
      writeFileSync(path.join(logDir, `node-${n.name}.log`), n.server.output());
      return errorsLogged(n.server.output());
    });

    const missed: string[] = [];
    if (total < s.students) missed.push(`two nodes: ${s.students - total} of ${s.students} students not connected`);
    if (rate.p99 > s.targets.saveP99Ms) missed.push(`two nodes: save ack p99 ${fmt(rate.p99)} ms > ${s.targets.saveP99Ms} ms`);
    const acrossP99 = percentile(across, 99);
    if (!(acrossP99 <= s.targets.violationToBoardP99Ms)) missed.push(`two nodes: violation to board across nodes p99 ${fmt(acrossP99)} ms > ${s.targets.violationToBoardP99Ms} ms`);
    for (const n of nodes) {
      missed.push(...joinMissed(n.joins, s.targets.joinP99Ms, `two nodes: node ${n.name} `));
      if (n.kibPerSocket > s.targets.kibPerSocket) missed.push(`two nodes: node ${n.name} memory ${n.kibPerSocket.toFixed(1)} KiB per socket > ${s.targets.kibPerSocket} KiB`);
    }
    if (lost) missed.push(`two nodes: ${lost} acknowledged saves lost`);
    return {
      missed,
      lines: [
        `  two nodes: A and B on one PostgreSQL database and one Redis (KEY_PREFIX ${keyPrefix}); ${s.students} students, half connected directly to each node`,
        `    (the compose proxy's ip_hash would put every loopback client on one node; a real proxy spreads the schools' addresses over both)`,
        `  two nodes, sockets held A / B:        ${a.held} / ${b.held} (${workersPerNode} load worker${workersPerNode > 1 ? 's' : ''} each)`,
        `  two nodes, join ack p50/p99 A; B:     ${joinLine(a.joins)}; ${joinLine(b.joins)}`,
        `  two nodes, memory per socket A / B:   ${a.kibPerSocket.toFixed(1)} / ${b.kibPerSocket.toFixed(1)} KiB`,
        `  two nodes, saves at set rate (${s.rate}/s offered): ${rate.perSecond}/s acknowledged, errors ${rate.errors}, violations sent ${rate.violations}`,
        `  two nodes, ack latency p50/p95/p99:   ${fmt(rate.p50)} / ${fmt(rate.p95)} / ${fmt(rate.p99)} ms (on A p99 ${fmt(rateA.p99)}, on B p99 ${fmt(rateB.p99)}; errors A ${rateA.errors}, B ${rateB.errors})`,
        `  two nodes, ack p99 second by second:  ${p99BySecond(all)} ms`,
        `  two nodes, violation to board, proctor on A, students on B p50/p99: ${boardLine(across)}`,
        `  two nodes, violation to board, same node (students on A) p50/p99:    ${boardLine(within)}`,
        `  two nodes, server CPU A / B:          ${cpu[0]!.toFixed(1)} / ${cpu[1]!.toFixed(1)} s over ${wall.toFixed(1)} s of saves`,
        `  two nodes, whole box per acknowledged save: ${cpuShares(boxBefore, boxAfter, all.acked.length)}`,
        `  two nodes, event loops A; B:          ${loopShares(boxBefore, boxAfter)}`,
        `  two nodes, saves lost (acked, not in database): ${lost} of ${all.acked.length} acknowledged`,
        `  two nodes, errors logged A / B:       ${errors[0]!.length} / ${errors[1]!.length}${errors.flat().length ? ` (${[...new Set(errors.flat())].slice(0, 3).join('; ')})` : ''} (logs: ${path.relative(ROOT, logDir)})`,
        `  machine load average (1 min) after:   ${loadavg()[0]!.toFixed(1)} (other work on the box inflates every latency)`,
      ],
    };
  } finally {
    sockets.forEach((x) => x.close());
    await Promise.all(gens.map((g) => g.terminate()));
    await Promise.all(servers.map((n) => killHard(n)));
    await db.destroy();
    await forgetKeys(redis, keyPrefix).catch(() => undefined);
    redis.disconnect();
  }
}
