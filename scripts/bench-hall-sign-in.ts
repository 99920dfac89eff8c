/**
 * `npx tsx scripts/bench-hall-sign-in.ts`: a hall signing in at once. BENCH_HALL (500) students,
 * each with a real argon2id hash at the production cost, send their sign-in in the same instant,
 * from a process of their own, each with the web app's 30 s limit per request. A crowded server's
 * place in line (503 with Retry-After) is followed as the sign-in page does: wait, then try again
 * with the ticket. Prints how long until every student had an answer (a place in line or signed
 * in), how long until all were signed in, and how many requests failed or timed out.
 *
 * SIGN_IN_QUEUE_SECONDS (5) is the server's threshold; 25 approximates the old behaviour (every
 * sign-in waits). HASH_CONCURRENCY as on the server. Embedded PGlite by default, or PostgreSQL
 * with DATABASE_URL (a scratch schema).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from '../server/src/auth/passwords';
import { TICKET_HEADER } from '../server/src/auth/signInQueue';

const HALL = Number(process.env.BENCH_HALL ?? 500);
const PASSWORD = 'hall-password-9';
const REQUEST_LIMIT_MS = 30_000;

interface Outcome {
  firstAnswerMs: number;
  signedInMs?: number;
  queuedAnswers: number;
  failure?: string;
}

async function student(url: string, email: string, started: number): Promise<Outcome> {
  const out: Outcome = { firstAnswerMs: NaN, queuedAnswers: 0 };
  let ticket: string | undefined;
  for (;;) {
    let res: Response;
    try {
      res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(ticket ? { [TICKET_HEADER]: ticket } : {}) },
        body: JSON.stringify({ email, password: PASSWORD }),
        signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      });
    } catch (err) {
      out.failure = (err as Error).name === 'TimeoutError' ? 'timed out (30 s)' : (err as Error).message;
      return out;
    }
    const body = (await res.json()) as { data?: { retryAfterSeconds?: number; queueTicket?: string } };
    if (Number.isNaN(out.firstAnswerMs)) out.firstAnswerMs = performance.now() - started;
    if (res.status === 200) {
      out.signedInMs = performance.now() - started;
      return out;
    }
    if (res.status !== 503 || !body.data?.retryAfterSeconds) {
      out.failure = `answered ${res.status}`;
      return out;
    }
    out.queuedAnswers++;
    ticket = body.data.queueTicket;
    await new Promise((r) => setTimeout(r, body.data!.retryAfterSeconds! * 1000));
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function runClient(url: string) {
  const emails = Array.from({ length: HALL }, (_, i) => `hall${i}@bench.test`);
  const started = performance.now();
  const outcomes = await Promise.all(emails.map((e) => student(url, e, started)));
  const first = outcomes.map((o) => o.firstAnswerMs).filter((x) => !Number.isNaN(x));
  const signed = outcomes.flatMap((o) => (o.signedInMs === undefined ? [] : [o.signedInMs]));
  const failures = outcomes.flatMap((o) => (o.failure ? [o.failure] : []));
  const told = outcomes.filter((o) => o.queuedAnswers > 0).length;
  console.log(`[hall] ${HALL} sign-ins at once`);
  console.log(`[hall] every one answered (place in line or signed in) after ${sec(Math.max(...first))} (p50 ${sec(pct(first, 50))}, p99 ${sec(pct(first, 99))})`);
  console.log(`[hall] all signed in after ${sec(Math.max(...signed))} (p50 ${sec(pct(signed, 50))}, p99 ${sec(pct(signed, 99))}); signed in ${signed.length}/${HALL}`);
  console.log(`[hall] told a place in line: ${told} students, ${outcomes.reduce((n, o) => n + o.queuedAnswers, 0)} answers in all; most for one student: ${Math.max(...outcomes.map((o) => o.queuedAnswers))}`);
  console.log(`[hall] failed or timed out: ${failures.length}${failures.length ? ` (${[...new Set(failures)].join(', ')})` : ''}`);
}

async function main() {
  const { startTestServer } = await import('../server/src/test/harness');
  const server = await startTestServer({ env: { SIGN_IN_QUEUE_SECONDS: process.env.SIGN_IN_QUEUE_SECONDS ?? '5' } });
  try {
    console.log(`[hall] database: ${server.deps.config.databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}; threshold ${server.deps.config.signInQueueSeconds} s; hashing lanes ${server.deps.config.hashConcurrency ?? 'default'}`);
    // One hash shared by all: verifying it costs the same as each student having their own.
    const hash = await argon2.hash(PASSWORD, ARGON2_OPTIONS);
    const users = Array.from({ length: HALL }, (_, i) => ({
      id: randomUUID(),
      email: `hall${i}@bench.test`,
      password_hash: hash,
      first_name: 'Hall',
      last_name: String(i),
      role: 'student',
      grade: 12,
      section: 'A',
      is_verified: true,
    }));
    await server.deps.db.batchInsert('users', users, 500);
    await server.deps.db.batchInsert('user_settings', users.map((u) => ({ user_id: u.id })), 500);
    // The students run in a process of their own, so their requests do not share the server's event loop.
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    // How busy the hashing lanes were while the hall signed in: idle lanes with students still
    // waiting outside would mean the line sends them away for too long.
    const { hashing } = await import('../server/src/auth/passwords');
    const samples = { busy: 0, idleWithLine: 0, all: 0 };
    const { signInLine } = await import('../server/src/auth/signInQueue');
    const sampler = setInterval(() => {
      samples.all++;
      if (hashing.active >= hashing.concurrency) samples.busy++;
      else if (signInLine.waiting === 0) samples.idleWithLine++;
    }, 50);
    const child = fork(fileURLToPath(import.meta.url), ['--client', server.url], { execArgv: ['--import', tsx], stdio: 'inherit' });
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    clearInterval(sampler);
    const share = (n: number) => `${Math.round((100 * n) / Math.max(1, samples.all))} %`;
    console.log(`[hall] hashing lanes all busy ${share(samples.busy)} of the time; no sign-in let in at all ${share(samples.idleWithLine)}`);
    if (code !== 0) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

if (process.argv[2] === '--client') await runClient(process.argv[3]!);
else await main();
