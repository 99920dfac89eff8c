/**
 * `npm run bench:import`: a teacher imports a big Moodle XML bank while an exam is being sat. One
 * server process on a scratch PostgreSQL database (DATABASE_URL, required), one exam with its
 * students saving at a steady rate through the load generators; first their save p99 with nothing
 * else going on, then the same saves while the bank is imported for real over HTTP, then while a
 * dry run of the same file is judged. Prints the figures; exits 1 when a target is missed.
 *
 * Settings (environment): BENCH_IMPORT_QUESTIONS (5000), BENCH_STUDENTS (1000), BENCH_RATE total
 * saves/s (400), BENCH_WORKERS load threads (2), BENCH_PROFILE=1 for a server CPU profile in
 * .tmp/bench-import-profile, BENCH_IMPORT_FILE to write the generated bank there as well.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { killHard, startServerProcess, type ServerProcess } from '../server/src/faults/processNode';
import { ROOT } from './webBuild';
import { boxCpu, cpuSeconds, fmt, loopShares, lostSaves, majorCollections, summarise, type Acked } from './bench/figures';
import { LoadGenerators } from './bench/loadGenerators';
import { moodleBank } from './bench/moodleBank';
import { sampleRss, spread, whileSaving } from './bench/importUnderLoad';
import { importStages, mainThreadProfile } from './bench/profileStages';
import { scratchDatabase } from './bench/scratchDatabase';
import { seedLiveSession } from './bench/seed';

const QUESTIONS = Number(process.env.BENCH_IMPORT_QUESTIONS ?? 5000);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 400);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const PROFILE = process.env.BENCH_PROFILE === '1';
const BASELINE_SECONDS = 10;
/** Saves run this long before the request goes, so the window starts on a steady load. */
const LEAD_MS = 2000;
/** The brief's targets: the import itself, its memory, and the live session's save target (docs/benchmarks.md). */
const TARGETS = { importSeconds: 10, rssMb: 200, saveP99Ms: 50 };
const GC_LOG = path.join(ROOT, '.tmp/bench-import-gc.log');
const PROFILE_DIR = path.join(ROOT, '.tmp/bench-import-profile');

const log = (...a: unknown[]) => console.error('[bench:import]', ...a);
const mb = (kb: number) => (kb / 1024).toFixed(1);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

interface Posted {
  ms: number;
  status: number;
  responseBytes: number;
  body: { success?: boolean; message?: string; data?: { imported?: number; skipped?: number; items?: { status: string }[] } };
}

/** The teacher's upload, as the web app sends it: request sent → whole response read. */
async function postImport(url: string, token: string, file: string, dryRun: boolean): Promise<Posted> {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/xml' }), 'question-bank.xml');
  const started = performance.now();
  const res = await fetch(`${url}/api/questions/import?dryRun=${dryRun}&subject=mathematics`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: Posted['body'];
  try {
    body = JSON.parse(text) as Posted['body'];
  } catch {
    body = { message: text.slice(0, 300) };
  }
  return { ms, status: res.status, responseBytes: Buffer.byteLength(text), body };
}

/** SIGTERM, so a profiled server writes its CPU profile before it goes. */
function stopGently(node: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
    node.child.once('exit', () => resolve());
    node.child.kill('SIGTERM');
  });
}

/** One request while the students save: its answer, its figures as lines, and the saves acknowledged meanwhile. */
async function measured(node: ServerProcess, gens: LoadGenerators, held: number, label: string, send: () => Promise<Posted>) {
  const pid = node.child.pid!;
  let rss!: ReturnType<ReturnType<typeof sampleRss>['stop']>;
  let cpu = 0;
  let box!: [ReturnType<typeof boxCpu>, ReturnType<typeof boxCpu>];
  const r = await whileSaving(gens, RATE / held, LEAD_MS, async () => {
    const box0 = boxCpu([pid]);
    const cpu0 = cpuSeconds(pid);
    const sampler = sampleRss(pid);
    try {
      return await send();
    } finally {
      rss = sampler.stop();
      cpu = cpuSeconds(pid) - cpu0;
      box = [box0, boxCpu([pid])];
    }
  });
  const posted = r.value;
  const saves = spread(r.during);
  const growthKb = rss.peakKb - rss.beforeKb;
  const lines = [
    `  ${label}: HTTP ${posted.status} in ${(posted.ms / 1000).toFixed(2)} s, response ${mb(posted.responseBytes / 1024)} MB`,
    `    server RSS: ${mb(rss.beforeKb)} MB before, peak ${mb(rss.peakKb)} MB (+${mb(growthKb)} MB; ${rss.samples} samples, 100 ms apart)`,
    `    server CPU: ${cpu.toFixed(1)} s; its event loop: ${loopShares(box[0], box[1])}`,
    `    server's major collections in it: ${majorCollections(GC_LOG, r.startedAt, r.endedAt)}`,
    `    saves in its seconds p50/p99/max: ${fmt(saves.p50)} / ${fmt(saves.p99)} / ${fmt(saves.max)} ms (${r.during.length} acknowledged, ${r.errorsDuring} failed)`,
  ];
  return { posted, saves, growthKb, lines, acked: r.acked, errorsDuring: r.errorsDuring };
}

async function run(baseUrl: string): Promise<number> {
  const bank = moodleBank(QUESTIONS);
  const file = bank.xml;
  if (process.env.BENCH_IMPORT_FILE) writeFileSync(process.env.BENCH_IMPORT_FILE, file);
  const kinds = Object.entries(bank.stats.byKind).map(([k, n]) => `${k} ${n}`).join(', ');
  log(`bank: ${QUESTIONS} questions in ${bank.stats.categories} categories, ${bank.stats.pictures} pictures, ${mb(bank.stats.bytes / 1024)} MB (${kinds})`);

  const scratch = await scratchDatabase(baseUrl);
  const secret = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(GC_LOG), { recursive: true });
  rmSync(GC_LOG, { force: true });
  // One run's profiles only, so the main thread's is the one read afterwards.
  rmSync(PROFILE_DIR, { recursive: true, force: true });
  const dataDir = path.join(ROOT, `.tmp/bench-import-data-${process.pid}`);
  let node: ServerProcess | undefined;
  let gens: LoadGenerators | undefined;
  const db = knexFactory({ client: 'pg', connection: scratch.url, pool: { min: 0, max: 2 } });
  try {
    node = await startServerProcess(
      // One node is one node: no Socket.IO adapter on Redis, whatever the shell exports (empty means unset).
      { DATABASE_URL: scratch.url, JWT_SECRET: secret, DATA_DIR: dataDir, LOG_LEVEL: 'error', REDIS_URL: '', BENCH_GC_LOG: GC_LOG },
      ['--import', path.join(ROOT, 'scripts/bench/gcLog.mjs'), ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    );
    const { clients, teacherToken, teacherId } = await seedLiveSession(db, secret, STUDENTS);
    gens = new LoadGenerators(node.url, clients, WORKERS);
    const { held } = await gens.connect();
    log(`${held} students connected and joined; load average ${load()}`);
    const acked: Acked = [];
    const loadBefore = load();

    const baselineRun = await gens.run({ type: 'rate', ratePerSocket: RATE / held, seconds: BASELINE_SECONDS, violationEvery: 0 });
    for (const a of baselineRun.acked) acked.push(a);
    const baseline = summarise('baseline', baselineRun, BASELINE_SECONDS);
    log(`baseline: save p99 ${fmt(baseline.p99)} ms`);

    // The real import first, on a server that has not read the file before: the memory it takes is all its own.
    const real = await measured(node, gens, held, `import (dryRun=false) of ${QUESTIONS} questions`, () => postImport(node!.url, teacherToken, file, false));
    for (const a of real.acked) acked.push(a);
    log(`import: HTTP ${real.posted.status} in ${(real.posted.ms / 1000).toFixed(2)} s`);
    const dry = await measured(node, gens, held, 'dry run of the same file', () => postImport(node!.url, teacherToken, file, true));
    for (const a of dry.acked) acked.push(a);
    log(`dry run: HTTP ${dry.posted.status} in ${(dry.posted.ms / 1000).toFixed(2)} s`);
    const loadAfter = load();

    const stored = Number(((await db('questions').where({ owner_id: teacherId }).count({ n: '*' })) as { n: string }[])[0]!.n) - 20;
    const lost = await lostSaves(db, acked);
    const imported = real.posted.body.data?.imported ?? 0;
    const statuses = (dry.posted.body.data?.items ?? []).reduce<Record<string, number>>((m, i) => ({ ...m, [i.status]: (m[i.status] ?? 0) + 1 }), {});

    const missed: string[] = [];
    if (real.posted.status !== 201) missed.push(`import answered HTTP ${real.posted.status}: ${real.posted.body.message ?? ''}`);
    if (imported !== QUESTIONS || stored !== QUESTIONS) missed.push(`import wrote ${stored} of ${QUESTIONS} questions (it reported ${imported})`);
    if (real.posted.ms > TARGETS.importSeconds * 1000) missed.push(`import ${(real.posted.ms / 1000).toFixed(2)} s > ${TARGETS.importSeconds} s`);
    if (real.growthKb / 1024 > TARGETS.rssMb) missed.push(`import RSS +${mb(real.growthKb)} MB > ${TARGETS.rssMb} MB`);
    if (!(real.saves.p99 <= TARGETS.saveP99Ms)) missed.push(`save p99 during the import ${fmt(real.saves.p99)} ms > ${TARGETS.saveP99Ms} ms`);
    if (lost) missed.push(`${lost} acknowledged saves lost`);
    if (dry.posted.status !== 200) missed.push(`dry run answered HTTP ${dry.posted.status}: ${dry.posted.body.message ?? ''}`);

    const lines = [
      '',
      'Question import during a live exam',
      `  bank: ${QUESTIONS} Moodle XML questions, ${mb(bank.stats.bytes / 1024)} MB, ${bank.stats.categories} categories, ${bank.stats.pictures} pictures (${kinds})`,
      `  live exam: ${held} students, ${RATE} saves/s offered; load average (1, 5, 15 min) ${loadBefore} before, ${loadAfter} after`,
      `  baseline, ${BASELINE_SECONDS} s without import, save p50/p99: ${fmt(baseline.p50)} / ${fmt(baseline.p99)} ms (${baseline.perSecond}/s acknowledged, ${baseline.errors} failed)`,
      ...real.lines,
      `    imported ${imported}, skipped ${real.posted.body.data?.skipped ?? 'n/a'}; ${stored} rows in the bank afterwards`,
      ...dry.lines,
      `    items judged: ${Object.entries(statuses).map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}`,
      `  saves lost (acked, not in database): ${lost} of ${acked.length} acknowledged`,
      `  targets: import ≤ ${TARGETS.importSeconds} s, RSS ≤ +${TARGETS.rssMb} MB, save p99 during it ≤ ${TARGETS.saveP99Ms} ms, 0 saves lost`,
    ];
    if (PROFILE) {
      await gens.close();
      gens = undefined;
      await stopGently(node);
      const profile = mainThreadProfile(PROFILE_DIR);
      lines.push(`  where the server's main thread went (BENCH_PROFILE=1: the profiler itself slows the server, so these are not the figures above):`, ...(profile ? importStages(profile) : ['    no profile written']));
    }
    if (missed.length) lines.push(`  TARGETS MISSED: ${missed.join('; ')}`);
    lines.push('');
    console.log(lines.join('\n'));
    return missed.length ? 1 : 0;
  } finally {
    await gens?.close().catch(() => gens?.terminate());
    if (node) await (PROFILE ? stopGently(node) : killHard(node));
    await db.destroy();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('[bench:import] needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test); a scratch database is made on it and dropped afterwards.');
  process.exit(1);
}
run(databaseUrl).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
