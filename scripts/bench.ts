/**
 * `npm run bench`: the live session under load. Simulated students (socket.io-client in
 * worker threads) join one exam and save answers at a set rate while some report violations;
 * the same load against a bare Socket.IO server gives the transport ceiling. Prints its figures.
 *
 * Settings (environment): BENCH_SOCKETS (5000), BENCH_RATE total saves/s (2000), BENCH_SECONDS (20),
 * BENCH_WORKERS (2), BENCH_CONCURRENCY for the closed-loop ceiling run (500),
 * BENCH_REPEAT (3): closed-loop runs and sweeps measured, the median reported with the range,
 * BENCH_PHASES (rate,storm,closed,sweep,submitStorm): which measurements to make; `twoNodes`, not among the
 * defaults, runs after the others on two server processes of its own with Redis (REDIS_URL, default
 * redis://127.0.0.1:6379; scripts/bench/twoNodes.ts), BENCH_PROFILE=1 for a server CPU profile,
 * BENCH_STORM_STUDENTS (1000) and BENCH_STORM_SECONDS (60) for the exam-start storm,
 * BENCH_SUBMIT_SECONDS (10) and BENCH_SUBMIT_VIA (rest | socket) for the end-of-exam submit storm,
 * DATABASE_URL (PostgreSQL to create a scratch database in; default the local test server).
 */
import { fork } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { NOTIFICATION_EVENT, PROCTOR_EVENTS, SOCKET_EVENTS } from '@exam/shared';
import { signAccessToken } from '../server/src/auth/jwt';
import { freePort, killHard, startServerProcess } from '../server/src/faults/processNode';
import { HEARTBEAT } from '../server/src/realtime/heartbeat';
import type { Socket } from 'socket.io-client';
import { ROOT } from './webBuild';
import { boxCpu, cpuSeconds, cpuShares, fmt, joinLine, joinMissed, loopShares, lostSaves, majorCollections, p99BySecond, percentile, rssKb, summarise, untilQuiet, type Acked, type RunResult, type Summary } from './bench/figures';
import { LoadGenerators, type Client } from './bench/loadGenerators';
import { boardLine, openSocket, watchViolations } from './bench/proctorBoard';
import { scratchDatabase } from './bench/scratchDatabase';
import { insertOpenExam, seedLiveSession } from './bench/seed';
import { runStorm, seedStorm, STORM_SECONDS, STORM_STUDENTS } from './bench/storm';
import { bareStormLines, submitStormMessage, submitStormPhase, type SubmitStormRun } from './bench/submitStorm';
import { twoNodesPhase } from './bench/twoNodes';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 500);
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const PHASES = new Set((process.env.BENCH_PHASES ?? 'rate,storm,closed,sweep,submitStorm').split(','));
/** twoNodes starts servers of its own; the single node runs for any other phase (`none`: connect only). */
const SINGLE_NODE = [...PHASES].some((p) => p !== 'twoNodes');
/** Seconds of each closed-loop run. */
const CLOSED_SECONDS = 5;
const PROFILE = process.env.BENCH_PROFILE === '1';
/** Where the benched server logs its major garbage collections (scripts/bench/gcLog.mjs). */
const GC_LOG = path.join(ROOT, '.tmp/bench-gc.log');
/** Node.js options for the server process, to try a runtime setting (BENCH_SERVER_ARGS, space-separated). */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
/** The figures the product promises (issues 10 and 19); a run that misses one exits 1. */
const TARGETS = {
  saveP99Ms: 50,
  violationToBoardP99Ms: 150,
  stormSignInP99Ms: 3000,
  kibPerSocket: 24,
  sweepSeconds: 2,
  /** A quarter of the web app's 8 s join timeout: a hall joining at once stays well inside it. */
  joinP99Ms: 2000,
};
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const log = (...a: unknown[]) => console.error('[bench]', ...a);

interface Family {
  studentToken: string;
  parentToken: string;
  studentId: string;
  attemptId: string;
  questionId: string;
}

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 200);

/**
 * Students with a linked parent each, sitting a one-question multiple-choice exam: submitting
 * grades it at once, and the parent should hear about the result.
 */
async function seedFamilies(db: Knex, secret: string, teacherId: string): Promise<Family[]> {
  const [question] = await db('questions')
    .insert({ owner_id: teacherId, text: 'What is two plus two, in words?', type: 'multiple-choice', subject: 'mathematics', options: JSON.stringify([{ text: 'Four', isCorrect: true }, { text: 'Five', isCorrect: false }]), correct_answer: 'Four' })
    .returning('id');
  const exam = await insertOpenExam(db, teacherId, { title: 'Notification exam', subject: 'mathematics', description: 'Submitting it produces a result at once', grade: 11 });
  await db('exam_questions').insert({ exam_id: exam.id, question_id: question.id, position: 1 });
  const families: Family[] = [];
  for (let i = 0; i < FAMILIES; i++) {
    const [student] = await db('users').insert({ email: `fs${i}@bench.test`, password_hash: 'x', first_name: 'Kid', last_name: String(i), role: 'student', grade: 11, is_verified: true }).returning('id');
    const [parent] = await db('users').insert({ email: `fp${i}@bench.test`, password_hash: 'x', first_name: 'Parent', last_name: String(i), role: 'parent', is_verified: true }).returning('id');
    await db('parent_children').insert({ parent_id: parent.id, child_id: student.id, relationship: 'parent', status: 'accepted' });
    const [ss] = await db('sessions').insert({ user_id: student.id }).returning('id');
    const [ps] = await db('sessions').insert({ user_id: parent.id }).returning('id');
    const [attempt] = await db('attempts').insert({ exam_id: exam.id, student_id: student.id, attempt_number: 1, deadline_at: new Date(Date.now() + 3 * 3600_000), question_order: JSON.stringify([question.id]) }).returning('id');
    families.push({
      studentId: student.id,
      attemptId: attempt.id,
      questionId: question.id,
      studentToken: signAccessToken(secret, { sub: student.id, sid: ss.id, role: 'student' }),
      parentToken: signAccessToken(secret, { sub: parent.id, sid: ps.id, role: 'parent' }),
    });
  }
  return families;
}

/** REPEAT closed-loop runs: each `concurrency` sockets saving the next answer as soon as the last is acked. */
async function closedLoop(gens: LoadGenerators, name: string): Promise<{ runs: Summary[]; all: RunResult[] }> {
  const all: RunResult[] = [];
  for (let i = 0; i < REPEAT; i++) all.push(await gens.run({ type: 'closed', concurrency: CONCURRENCY, seconds: CLOSED_SECONDS }));
  return { runs: all.map((r) => summarise(name, r, CLOSED_SECONDS)), all };
}

/** Appends without spreading: a phase's 100,000-odd saves as arguments overflow the call stack. */
function append<T>(into: T[], items: T[]): void {
  for (const item of items) into.push(item);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const medianRun = (runs: Summary[]) => runs.find((r) => r.perSecond === median(runs.map((x) => x.perSecond)))!;

/** The same load against a bare Socket.IO server: the transport's ceiling, and the load generator's own latency. */
async function bareServer(clients: Client[], phases: { rate: boolean; closed: boolean; submitStorm: boolean }): Promise<{ rate?: { summary: Summary; bySecond: string; shares: string; loop: string }; closed: Summary[]; submitStorm?: SubmitStormRun }> {
  const port = await freePort();
  const bare = fork(path.join(ROOT, 'scripts/bench/bareServer.mjs'), {
    env: { ...process.env, PORT: String(port), PING_INTERVAL_MS: String(HEARTBEAT.pingInterval), PING_TIMEOUT_MS: String(HEARTBEAT.pingTimeout) },
    stdio: 'ignore',
  });
  await new Promise((r) => bare.once('message', r));
  const gens = new LoadGenerators(`http://127.0.0.1:${port}`, clients, WORKERS);
  const { held } = await gens.connect();
  let rate;
  if (phases.rate) {
    const before = boxCpu([bare.pid!]);
    const r = await gens.run({ type: 'rate', ratePerSocket: RATE / held, seconds: SECONDS, violationEvery: 50 });
    const after = boxCpu([bare.pid!]);
    rate = { summary: summarise('bare at set rate', r, SECONDS), bySecond: p99BySecond(r), shares: cpuShares(before, after, r.acked.length), loop: loopShares(before, after) };
  }
  const closed = phases.closed ? (await closedLoop(gens, 'bare closed-loop')).runs : [];
  // The same students submitting at the same rate within the same seconds; no database, so nothing to check after.
  const submitStorm = phases.submitStorm ? await gens.run<SubmitStormRun>(submitStormMessage(held, RATE)) : undefined;
  await gens.close();
  bare.kill('SIGKILL');
  return { rate, closed, submitStorm };
}

/** Gives every attempt still in progress one deadline 3 s ahead: how long after it is the last one submitted? */
async function sweepSeconds(db: Knex, examId: string, attempts: number): Promise<number> {
  const set = (await db.raw("update attempts set deadline_at = date_trunc('second', now()) + interval '3 seconds' where exam_id = ? and status = 'in_progress' returning deadline_at as deadline", [examId])).rows as { deadline: Date }[];
  // Every attempt or the figure means nothing: a sweep of fewer is quicker.
  if (set.length !== attempts) throw new Error(`the sweep was to time ${attempts} attempts, ${set.length} were in progress`);
  const deadline = set[0]!.deadline;
  // Measured from outside, as committed: when did a reader first see no attempt left in progress?
  for (;;) {
    const left = (await db('attempts').where({ exam_id: examId, status: 'in_progress' }).count({ n: '*' })) as { n: string }[];
    const observed = Date.now();
    if (Number(left[0]?.n) === 0) return (observed - new Date(deadline).getTime()) / 1000;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Puts the exam's attempts back in progress, ungraded, for the next sweep, with an hour left: with
 * their past deadline the server's sweeper would close them again before the next measurement
 * set its deadline, and that sweep would time only the few it had left.
 */
async function reopen(db: Knex, examId: string): Promise<void> {
  await db('attempts').where({ exam_id: examId }).update({
    deadline_at: db.raw("now() + interval '1 hour'"),
    status: 'in_progress', submitted_at: null, submit_reason: null, graded_at: null, score: null, max_score: null, percentage: null,
    passed: null, correct_count: null, incorrect_count: null, skipped_count: null, pending_count: null,
  });
}

/** SIGTERM, so the server shuts down and writes its CPU profile. */
function stopGently(node: Awaited<ReturnType<typeof startServerProcess>>): Promise<void> {
  return new Promise((resolve) => {
    if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
    node.child.once('exit', () => resolve());
    node.child.kill('SIGTERM');
  });
}

/**
 * Every socket saves at a set rate while some report violations, a proctor watches, and students
 * of another exam submit with their parents waiting for the result.
 */
async function ratePhase(gens: LoadGenerators, held: number, open: (token: string) => Promise<Socket>, examId: string, teacherToken: string, families: Family[]) {
  // A proctor watches the exam while the load runs: when does each violation reach the board?
  const proctor = await open(teacherToken);
  const boardLatencies = await watchViolations(proctor, examId);

  // Parents wait for their child's result while students of another exam submit during the load.
  const parentSockets = await Promise.all(families.map((f) => open(f.parentToken)));
  const studentSockets = await Promise.all(families.map((f) => open(f.studentToken)));
  // Each student has joined their attempt before the phase, as the web app does when the exam opens,
  // so the save and the submission find it known to their socket (one that could not join still
  // saves and submits: the server then reads the attempt first).
  await Promise.all(studentSockets.map((s, i) => s.timeout(30_000).emitWithAck(SOCKET_EVENTS.join, { attemptId: families[i]!.attemptId }).catch(() => null)));
  const submittedAt = new Map<string, number>();
  const notifiedAt = new Map<string, number>();
  parentSockets.forEach((p) =>
    p.on(NOTIFICATION_EVENT, (n: { type: string; metadata: { childId?: string } }) => {
      if (n.type === 'result' && n.metadata.childId) notifiedAt.set(n.metadata.childId, Date.now());
    }),
  );
  const spacing = (SECONDS * 1000 * 0.8) / families.length;
  const submissions = families.map(
    (f, i) =>
      new Promise<void>((resolve) =>
        setTimeout(async () => {
          const s = studentSockets[i]!;
          await s.timeout(30_000).emitWithAck(SOCKET_EVENTS.save, { attemptId: f.attemptId, questionId: f.questionId, answer: 'Four', seq: 1 }).catch(() => null);
          submittedAt.set(f.studentId, Date.now());
          await s.timeout(30_000).emitWithAck(SOCKET_EVENTS.submit, { attemptId: f.attemptId }).catch(() => null);
          resolve();
        }, i * spacing),
      ),
  );

  // Halfway through, a second proctor opens the board, as a teacher reloading it mid-exam does: the
  // snapshot of every student is read and sent while the saves go on, and their p99 includes it.
  const boardOpened = new Promise<number>((resolve) =>
    setTimeout(async () => {
      // A board that cannot connect or misses a student counts as never opened.
      const late = await open(teacherToken).catch(() => null);
      const rows = new Map<string, number>();
      late?.on(PROCTOR_EVENTS.snapshot, (page: { snapshotId: string; students: unknown[] }) => rows.set(page.snapshotId, (rows.get(page.snapshotId) ?? 0) + page.students.length));
      const sent = Date.now();
      const ack = (await late?.timeout(30_000).emitWithAck(PROCTOR_EVENTS.watch, { examId }).catch(() => null)) as { data?: { snapshotId: string } } | null | undefined;
      late?.close();
      resolve(ack?.data && rows.get(ack.data.snapshotId) === held ? Date.now() - sent : Number.POSITIVE_INFINITY);
    }, (SECONDS * 1000) / 2),
  );
  const savesStartedAt = Date.now();
  const rateRun = await gens.run({ type: 'rate', ratePerSocket: RATE / held, seconds: SECONDS, violationEvery: 50 });
  await Promise.all(submissions);
  const boardOpenMs = await boardOpened;
  await new Promise((r) => setTimeout(r, 3000));
  const violationLatency = boardLatencies(rateRun.violationSentAt);
  const notifyLatency = families.map((f) => (notifiedAt.has(f.studentId) ? notifiedAt.get(f.studentId)! - submittedAt.get(f.studentId)! : Number.POSITIVE_INFINITY)).sort((a, b) => a - b);
  [proctor, ...parentSockets, ...studentSockets].forEach((x) => x.close());
  const rate = summarise('ours at set rate', rateRun, SECONDS);
  const violationP99 = percentile(violationLatency, 99);
  return {
    acked: rateRun.acked,
    savesStartedAt,
    missed: [
      ...(rate.p99 > TARGETS.saveP99Ms ? [`save ack p99 ${rate.p99.toFixed(1)} ms > ${TARGETS.saveP99Ms} ms`] : []),
      ...(!(violationP99 <= TARGETS.violationToBoardP99Ms) ? [`violation to board p99 ${violationP99.toFixed(1)} ms > ${TARGETS.violationToBoardP99Ms} ms`] : []),
    ],
    lines: [
      `  saves at set rate (${RATE}/s offered):   ${rate.perSecond}/s acknowledged, errors ${rate.errors}, violations sent ${rate.violations}`,
      `  ack latency at set rate p50/p95/p99:  ${fmt(rate.p50)} / ${fmt(rate.p95)} / ${fmt(rate.p99)} ms`,
      `  ack p99 second by second (ms):        ${p99BySecond(rateRun)}`,
      `  violation to proctor board p50/p99:   ${boardLine(violationLatency)}`,
      `  board opened mid-phase, all ${held}:   snapshot acknowledged in ${fmt(boardOpenMs)} ms`,
      `  result to parent notification p50/p99: ${fmt(percentile(notifyLatency, 50))} / ${fmt(percentile(notifyLatency, 99))} ms (${notifyLatency.filter(Number.isFinite).length}/${notifyLatency.length} notified)`,
    ],
  };
}

/** The phases on one server process: the set rate, the storms, the closed loops and the sweeps. */
async function singleNode(databaseUrl: string, secret: string): Promise<{ lines: string[]; missed: string[] }> {
  // A fresh clone has no .tmp yet, and the server's log module appends without creating folders.
  mkdirSync(path.dirname(GC_LOG), { recursive: true });
  rmSync(GC_LOG, { force: true });
  const node = await startServerProcess({
    DATABASE_URL: databaseUrl,
    JWT_SECRET: secret,
    DATA_DIR: path.join(ROOT, '.tmp/bench-data'),
    LOG_LEVEL: 'error',
    // One node is one node: no Socket.IO adapter on Redis, whatever the shell exports (empty means unset).
    REDIS_URL: '',
    BENCH_GC_LOG: GC_LOG,
  },
    [
      '--import',
      path.join(ROOT, 'scripts/bench/gcLog.mjs'),
      // BENCH_PROFILE=1: a CPU profile of the server, written when it stops, in .tmp/bench-profile.
      ...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, '.tmp/bench-profile')}`] : []),
      ...SERVER_NODE_ARGS,
    ],
  );
  const db = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 4 } });
  try {
    const { examId, clients, teacherToken, teacherId } = await seedLiveSession(db, secret, SOCKETS);
    const families = await seedFamilies(db, secret, teacherId);
    const storm = PHASES.has('storm') ? await seedStorm(db, teacherId) : undefined;
    log('seeded');
    const open = (token: string) => openSocket(node.url, token);
    const rssBefore = rssKb(node.child.pid!);
    const gens = new LoadGenerators(node.url, clients, WORKERS);
    const { held, joins } = await gens.connect();
    const rssAfter = rssKb(node.child.pid!);
    log(`${held} sockets connected and joined`);
    const kibPerSocket = (rssAfter - rssBefore) / held;
    const missed: string[] = [...joinMissed(joins, TARGETS.joinP99Ms)];

    const lines = [
      `  sockets held:                         ${held}`,
      `  all join at once, join ack p50/p99:   ${joinLine(joins)}`,
      `  server memory per socket:             ${kibPerSocket.toFixed(1)} KiB`,
    ];
    const acked: Acked = [];
    if (kibPerSocket > TARGETS.kibPerSocket) missed.push(`memory ${kibPerSocket.toFixed(1)} KiB per socket > ${TARGETS.kibPerSocket} KiB`);

    if (PHASES.has('rate')) {
      const cpuBefore = cpuSeconds(node.child.pid!);
      const boxBefore = boxCpu([node.child.pid!]);
      const started = Date.now();
      const r = await ratePhase(gens, held, open, examId, teacherToken, families);
      const cpu = cpuSeconds(node.child.pid!) - cpuBefore;
      const boxAfter = boxCpu([node.child.pid!]);
      const shares = cpuShares(boxBefore, boxAfter, r.acked.length);
      append(acked, r.acked);
      lines.push(...r.lines);
      // All of the server's threads: near one second a second, its one event loop is the limit.
      lines.push(
        `  server CPU during the set rate:       ${cpu.toFixed(1)} s over ${((Date.now() - started) / 1000).toFixed(1)} s, ${((cpu * 1e6) / Math.max(1, r.acked.length)).toFixed(0)} µs per acknowledged save incl. the rest of the phase`,
        `  whole box per acknowledged save:      ${shares}`,
        `  the server's event loop:              ${loopShares(boxBefore, boxAfter)}`,
        `  server's major collections in it:     ${majorCollections(GC_LOG, r.savesStartedAt, r.savesStartedAt + SECONDS * 1000)}`,
      );
      missed.push(...r.missed);
      log('rate phase done');
    }

    if (storm) {
      // The students already sitting keep saving at the set rate while the school signs in.
      // The same saves for 10 s before the storm: what this box gives them without it, right now.
      const before = summarise('saves before storm', await gens.run({ type: 'rate', ratePerSocket: RATE / held, seconds: 10, violationEvery: 0 }), 10);
      const cpuBefore = cpuSeconds(node.child.pid!);
      const stormStarted = Date.now();
      const savesDuring = gens.run({ type: 'rate', ratePerSocket: RATE / held, seconds: STORM_SECONDS + 5, violationEvery: 0 });
      const r = await runStorm(node.url, storm);
      const stormCpu = cpuSeconds(node.child.pid!) - cpuBefore;
      const stormWall = (Date.now() - stormStarted) / 1000;
      const saves = await savesDuring;
      append(acked, saves.acked);
      const during = summarise('saves during storm', saves, STORM_SECONDS + 5);
      const signIns = [...r.signIns].sort((a, b) => a - b);
      const journeys = [...r.journeys].sort((a, b) => a - b);
      lines.push(
        `  exam-start storm: ${STORM_STUDENTS} students from one address within ${STORM_SECONDS} s: refused ${r.refused}, failed ${r.failed.length}${r.failed.length ? ` (${[...new Set(r.failed)].slice(0, 3).join('; ')})` : ''}`,
        `  storm sign-in p50/p95/p99:            ${fmt(percentile(signIns, 50))} / ${fmt(percentile(signIns, 95))} / ${fmt(percentile(signIns, 99))} ms`,
        `  storm sign-in to joined p50/p99:      ${fmt(percentile(journeys, 50))} / ${fmt(percentile(journeys, 99))} ms (${journeys.length} joined)`,
        `  saves just before the storm p50/p95/p99: ${fmt(before.p50)} / ${fmt(before.p95)} / ${fmt(before.p99)} ms (${RATE}/s offered)`,
        `  saves during the storm p50/p95/p99:   ${fmt(during.p50)} / ${fmt(during.p95)} / ${fmt(during.p99)} ms (${during.perSecond}/s acknowledged, errors ${during.errors})`,
        `  server CPU during the storm:          ${stormCpu.toFixed(1)} s over ${stormWall.toFixed(0)} s, ${((stormCpu * 1000) / STORM_STUDENTS).toFixed(0)} ms per student incl. the saves`,
        `  machine load average (1 min) after:   ${(await import('node:os')).loadavg()[0]!.toFixed(1)} (other work on the box inflates every latency)`,
      );
      const stormP99 = percentile(signIns, 99);
      if (!(stormP99 <= TARGETS.stormSignInP99Ms)) missed.push(`storm sign-in p99 ${fmt(stormP99)} ms > ${TARGETS.stormSignInP99Ms} ms`);
      if (during.p99 > TARGETS.saveP99Ms) missed.push(`saves during the storm p99 ${fmt(during.p99)} ms > ${TARGETS.saveP99Ms} ms`);
      if (r.failed.length || r.refused) missed.push(`storm: ${r.refused} refused, ${r.failed.length} failed`);
      log('storm phase done');
    }

    let closed: Summary[] = [];
    if (PHASES.has('closed')) {
      const c = await closedLoop(gens, 'ours closed-loop');
      c.all.forEach((r) => append(acked, r.acked));
      closed = c.runs;
      log('closed-loop phase done');
      await new Promise((r) => setTimeout(r, 500));
    }

    const sweeps: number[] = [];
    let aftermath: number | undefined;
    if (PHASES.has('sweep')) {
      for (let i = 0; i < REPEAT; i++) {
        if (i) await reopen(db, examId);
        sweeps.push(await sweepSeconds(db, examId, clients.length));
        // What the sweep set off (results to every student, their mails, achievements, dashboards)
        // finishes before the next measurement, which would otherwise time that too.
        aftermath = await untilQuiet(node.child.pid!);
      }
      log('sweeps done');
    }
    let submitStorm: Awaited<ReturnType<typeof submitStormPhase>> | undefined;
    if (PHASES.has('submitStorm')) {
      // After the sweeps every attempt is closed: the exam goes on, an hour left for everyone.
      if (sweeps.length) await reopen(db, examId);
      else await db('attempts').where({ exam_id: examId }).update({ deadline_at: db.raw("now() + interval '1 hour'") });
      submitStorm = await submitStormPhase(db, examId, held, RATE, (msg) => gens.run<SubmitStormRun>(msg), (stormAcked) => lostSaves(db, stormAcked), () => cpuSeconds(node.child.pid!));
      lines.push(...submitStorm.lines);
      missed.push(...submitStorm.missed);
      log('submit storm done');
    }
    const lost = await lostSaves(db, acked);
    await gens.close();
    await (PROFILE ? stopGently(node) : killHard(node));

    const bare =
      PHASES.has('rate') || closed.length || submitStorm
        ? await bareServer(clients, { rate: PHASES.has('rate'), closed: closed.length > 0, submitStorm: !!submitStorm })
        : { closed: [] };
    if (bare.rate) {
      const { summary, bySecond, shares, loop } = bare.rate;
      lines.push(
        `  same rate, bare Socket.IO p50/p95/p99: ${fmt(summary.p50)} / ${fmt(summary.p95)} / ${fmt(summary.p99)} ms (the load generator's own share)`,
        `  bare Socket.IO, p99 second by second: ${bySecond}`,
        `  bare Socket.IO, whole box per save:   ${shares}`,
        `  bare Socket.IO's event loop:          ${loop}`,
      );
    }
    if (closed.length) {
      const ours = medianRun(closed);
      const ceiling = medianRun(bare.closed);
      const range = (runs: Summary[]) => `${Math.min(...runs.map((r) => r.perSecond))}–${Math.max(...runs.map((r) => r.perSecond))}`;
      lines.push(
        `  closed loop (${CONCURRENCY} in flight), ours:   ${ours.perSecond}/s, p99 ${fmt(ours.p99)} ms (median of ${REPEAT} × ${CLOSED_SECONDS} s; ${range(closed)})`,
        `  closed loop, bare Socket.IO ceiling:  ${ceiling.perSecond}/s, p99 ${fmt(ceiling.p99)} ms (${range(bare.closed)})`,
        `  throughput vs bare ceiling:           ${(ours.perSecond / ceiling.perSecond).toFixed(2)}`,
      );
    }
    if (submitStorm && bare.submitStorm) lines.push(...bareStormLines(submitStorm.latencies, bare.submitStorm));
    lines.push(`  saves lost (acked, not in database):  ${lost} of ${acked.length} acknowledged`);
    if (lost) missed.push(`${lost} acknowledged saves lost`);
    if (sweeps.length && median(sweeps) > TARGETS.sweepSeconds) missed.push(`sweeper ${median(sweeps).toFixed(2)} s after the deadline > ${TARGETS.sweepSeconds} s`);
    if (sweeps.length) {
      lines.push(
        `  sweeper, ${held} attempts one deadline: all seen submitted ${median(sweeps).toFixed(2)} s after the deadline (median of ${sweeps.length}; ${sweeps.map((x) => x.toFixed(2)).join(', ')})`,
        `  the last sweep's aftermath:           the node busy ${aftermath!.toFixed(1)} s more (each student's result, mail, achievements, dashboards)`,
      );
    }
    return { lines, missed };
  } finally {
    await db.destroy();
    await killHard(node).catch(() => undefined);
  }
}

async function main() {
  log(`${SOCKETS} sockets, ${RATE} saves/s for ${SECONDS} s, ${WORKERS} load workers`);
  const scratch = await scratchDatabase(BASE_URL);
  const secret = randomBytes(32).toString('hex');
  try {
    const lines = ['', 'Live session benchmark', `  machine: ${(await import('node:os')).cpus().length} cores; server, PostgreSQL and load generators on one box`];
    const parts: { lines: string[]; missed: string[] }[] = [];
    if (SINGLE_NODE) parts.push(await singleNode(scratch.url, secret));
    // After the single node has gone, so neither disturbs the other's figures.
    if (PHASES.has('twoNodes')) {
      parts.push(await twoNodesPhase({ databaseUrl: scratch.url, secret, students: SOCKETS, rate: RATE, seconds: SECONDS, workers: WORKERS, targets: TARGETS }));
      log('two nodes phase done');
    }
    const missed = parts.flatMap((r) => r.missed);
    lines.push(...parts.flatMap((r) => r.lines));
    if (missed.length) lines.push(`  TARGETS MISSED: ${missed.join('; ')}`);
    lines.push('');
    console.log(lines.join('\n'));
    return missed.length ? 1 : 0;
  } finally {
    await scratch.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
