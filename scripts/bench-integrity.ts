/**
 * `npm run bench:integrity`: the integrity review's two reads at their largest expected size. In a
 * PostgreSQL database of its own (created on DATABASE_URL's server, dropped at the end) it seeds,
 * with bulk SQL, a school around the exam under review (BENCH_OTHER_ATTEMPTS attempts of other
 * exams, 20,000, each with a few events and saves, so the indexes must find the few rows asked),
 * an exam of BENCH_ATTEMPTS attempts (1,000) with flags, decisions and saves, and in it one attempt
 * of BENCH_EVENTS timeline rows (2,000: violations with decisions, saves of 20 questions, messages,
 * reconnects). Then it times GET /api/attempts/:id/timeline and GET /api/exams/:id/review-queue
 * over HTTP against the real server as the exam's owner, BENCH_RUNS times each (200) after a
 * warm-up, prints p50 / p99 / max, and EXPLAINs the queries of one call of each, naming any
 * sequential scan of a big table (BENCH_PLANS=1 prints their whole plans). Exits non-zero when a p99
 * misses BENCH_TARGET_MS (100).
 */
import type { Knex } from 'knex';
import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import { signAccessToken } from '../server/src/auth/jwt';
import type { Viewer } from '../server/src/policies';
import { reviewQueue } from '../server/src/services/integrity/queue';
import { attemptTimeline } from '../server/src/services/integrity/timeline';
import { startTestServer, type TestServer } from '../server/src/test/harness';
import { percentile, timedStep } from './bench/figures';
import { scratchDatabase } from './bench/scratchDatabase';

const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const OTHER_ATTEMPTS = Number(process.env.BENCH_OTHER_ATTEMPTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 100);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUESTIONS = 20;
const BIG_TABLES = new Set(['users', 'attempts', 'attempt_events', 'answer_saves', 'flag_decisions', 'integrity_outcomes', 'proctoring_evidence', 'exams']);

const log = (...a: unknown[]) => console.error('[bench:integrity]', ...a);

const timed = <T>(label: string, fn: () => Promise<T>) => timedStep(log, label, fn);

interface Seeded {
  ownerId: string;
  examId: string;
  attemptId: string;
}

/**
 * The school, the exam and the big attempt. The big attempt's rows: a fifth violations (a third of
 * them decided, some twice), two thirds saves, the rest messages and reconnects, over two hours.
 */
async function seed(db: Knex): Promise<Seeded> {
  const settings = JSON.stringify({ ...EXAM_SETTINGS_DEFAULTS, resultsWaitForReview: true });
  return db.transaction(async (trx) => {
    const one = async <T>(sql: string, bindings: Record<string, unknown> = {}) => (await trx.raw(sql, bindings)).rows[0] as T;
    const { id: ownerId } = await one<{ id: string }>(
      `insert into users (email, password_hash, first_name, last_name, role, is_verified) values ('owner@bench.test', 'x', 'Olga', 'Owner', 'teacher', true) returning id`,
    );
    const students = ATTEMPTS + OTHER_ATTEMPTS;
    await timed(`${students} students`, () =>
      trx.raw(
        `insert into users (email, password_hash, first_name, last_name, role, grade, section, is_verified)
         select 's' || g || '@bench.test', 'x', 'First' || g, 'Last' || (g % 997), 'student', 10, (array['A','B','C','D'])[1 + g % 4], true
           from generate_series(1, :students) g`,
        { students },
      ),
    );
    await trx.raw(`create temp table bench_student on commit drop as select id, row_number() over (order by email) as n from users where role = 'student'`);
    await trx.raw('create index on bench_student (n)');
    // The exam under review, and 20 other exams of the school.
    await trx.raw(
      `insert into exams (owner_id, title, subject, description, grade, duration_minutes, start_at, end_at, settings, is_published)
       select :owner, case when e = 0 then 'Under review' else 'Other exam ' || e end, 'mathematics', 'Bench', 10, 120,
              now() - interval '3 hours', now() - interval '1 hour', :settings::jsonb, true
         from generate_series(0, 20) e`,
      { owner: ownerId, settings },
    );
    const { id: examId } = await one<{ id: string }>(`select id from exams where title = 'Under review'`);
    await trx.raw(`create temp table bench_question on commit drop as select gen_random_uuid() as id, p from generate_series(1, ${QUESTIONS}) p`);
    await trx.raw(`insert into questions (id, owner_id, text, type, subject) select id, :owner, 'Question ' || p, 'essay', 'mathematics' from bench_question`, { owner: ownerId });
    await trx.raw('insert into exam_questions (exam_id, question_id, position) select :exam, id, p from bench_question', { exam: examId });
    const order = JSON.stringify(((await trx.raw('select id from bench_question order by p')).rows as { id: string }[]).map((r) => r.id));
    await timed(`${students} attempts`, () =>
      trx.raw(
        `insert into attempts (exam_id, student_id, attempt_number, status, started_at, deadline_at, submitted_at, submit_reason, percentage, score, max_score, graded_at, question_order)
         select case when s.n <= :attempts then :exam else (select id from exams where title = 'Other exam ' || (1 + s.n % 20)) end,
                s.id, 1, 'graded', now() - interval '3 hours', now() - interval '1 hour', now() - interval '1 hour',
                case when s.n % 50 = 0 then 'violations' else 'student' end, s.n % 101, s.n % 101, 100, now() - interval '1 hour', :order::jsonb
           from bench_student s`,
        { attempts: ATTEMPTS, exam: examId, order },
      ),
    );
    const { id: attemptId } = await one<{ id: string }>(`select a.id from attempts a join bench_student s on s.id = a.student_id where s.n = 1`);
    // Every attempt: a start, 0 to 5 violations, a submission; a third of the violations decided.
    await timed('events of every attempt', async () => {
      await trx.raw(
        `insert into attempt_events (attempt_id, type, actor_id, detail, created_at)
         select a.id, 'started', a.student_id, '{}', a.started_at from attempts a where a.id <> :big
         union all
         select a.id, 'violation', a.student_id, jsonb_build_object('violation', 'tab-switch'), a.started_at + v * interval '1 minute'
           from attempts a cross join lateral generate_series(1, (hashtext(a.id::text) & 7) % 6) v where a.id <> :big
         union all
         select a.id, 'submitted', a.student_id, jsonb_build_object('reason', a.submit_reason), a.submitted_at from attempts a where a.id <> :big`,
        { big: attemptId },
      );
      await trx.raw(
        `insert into flag_decisions (attempt_id, event_id, decision, reviewer_id, created_at)
         select ev.attempt_id, ev.id, case when ev.id % 2 = 0 then 'dismiss' else 'confirm' end, :owner, now()
           from attempt_events ev where ev.type = 'violation' and ev.id % 3 = 0 and ev.attempt_id <> :big`,
        { owner: ownerId, big: attemptId },
      );
      await trx.raw(
        `update attempts a set integrity_state = case when exists (select 1 from flag_decisions d where d.attempt_id = a.id and d.decision = 'confirm') then 'confirmed'
                                                      when exists (select 1 from attempt_events e where e.attempt_id = a.id and e.type = 'violation') then 'needs_review'
                                                      else 'clear' end`,
      );
      // Saves: ten per attempt of the school.
      await trx.raw(
        `insert into answer_saves (attempt_id, question_id, seq, saved_at)
         select a.id, q.id, q.p, a.started_at + q.p * interval '5 minutes' from attempts a join bench_question q on q.p <= 10 where a.id <> :big`,
        { big: attemptId },
      );
    });
    // The big attempt: EVENTS rows over two hours.
    const violations = Math.floor(EVENTS / 5);
    const decisions = Math.floor(violations / 3);
    const messages = Math.floor(EVENTS / 25);
    const reconnects = Math.floor(EVENTS / 50);
    const saves = EVENTS - violations - decisions - messages - reconnects - 2;
    await timed(`the big attempt: ${violations} violations, ${decisions} decisions, ${saves} saves, ${messages} messages, ${reconnects} reconnects`, async () => {
      const big = { big: attemptId, owner: ownerId };
      await trx.raw(`insert into attempt_events (attempt_id, type, actor_id, detail, created_at) select :big, 'started', student_id, '{}', started_at from attempts where id = :big`, big);
      await trx.raw(
        `insert into attempt_events (attempt_id, type, actor_id, detail, created_at)
         select :big, 'violation', a.student_id,
                jsonb_build_object('violation', (array['tab-switch','fullscreen-exit','copy','face-missing','looking-away'])[1 + v % 5], 'flagId', gen_random_uuid()),
                a.started_at + v * interval '7200 seconds' / :n
           from attempts a cross join generate_series(1, :n) v where a.id = :big`,
        { ...big, n: violations },
      );
      await trx.raw(
        `insert into attempt_events (attempt_id, type, actor_id, detail, created_at)
         select :big, 'message', :owner, jsonb_build_object('text', 'Message ' || m, 'to', 'student'), a.started_at + m * interval '7200 seconds' / :n
           from attempts a cross join generate_series(1, :n) m where a.id = :big`,
        { ...big, n: messages },
      );
      await trx.raw(
        `insert into attempt_events (attempt_id, type, actor_id, detail, created_at)
         select :big, 'network', a.student_id, jsonb_build_object('offlineMs', 4000, 'since', (a.started_at + r * interval '7200 seconds' / :n - interval '4 seconds')::text), a.started_at + r * interval '7200 seconds' / :n
           from attempts a cross join generate_series(1, :n) r where a.id = :big`,
        { ...big, n: reconnects },
      );
      await trx.raw(`insert into attempt_events (attempt_id, type, actor_id, detail, created_at) select :big, 'submitted', student_id, '{"reason":"student"}', submitted_at from attempts where id = :big`, big);
      await trx.raw(
        `insert into flag_decisions (attempt_id, event_id, decision, note, reviewer_id, created_at)
         select :big, id, case when n % 2 = 0 then 'dismiss' else 'confirm' end, 'Note ' || n, :owner, now()
           from (select id, row_number() over (order by id) as n from attempt_events where attempt_id = :big and type = 'violation') v where n <= :n`,
        { ...big, n: decisions },
      );
      await trx.raw(
        `insert into answer_saves (attempt_id, question_id, seq, saved_at)
         select :big, q.id, s, a.started_at + s * interval '7200 seconds' / :n
           from attempts a cross join generate_series(1, :n) s join bench_question q on q.p = 1 + (s / 7) % ${QUESTIONS} where a.id = :big`,
        { ...big, n: saves },
      );
      await trx.raw(`update attempts set integrity_state = 'confirmed' where id = :big`, big);
    });
    return { ownerId, examId, attemptId };
  });
}

async function tokenFor(server: TestServer, userId: string): Promise<string> {
  const [session] = (await server.deps.db('sessions').insert({ user_id: userId }).returning('id')) as { id: string }[];
  return signAccessToken(server.deps.config.jwtSecret, { sub: userId, sid: session!.id, role: 'teacher' });
}

async function timings(server: TestServer, path: string, token: string) {
  return timeRuns(async () => {
    const res = await server.api('GET', path, undefined, { token });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  });
}

/** p50, p99 and max of RUNS sequential runs. */
async function timeRuns(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
}

/** The queries of one call, EXPLAINed: sequential scans of big tables and each query's execution time. */
async function explainCall(server: TestServer, path: string, token: string): Promise<string[]> {
  const db = server.deps.db;
  const captured: { sql: string; bindings: readonly unknown[] }[] = [];
  const listener = (q: { sql: string; bindings?: readonly unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', listener);
  await server.api('GET', path, undefined, { token });
  db.off('query', listener);
  const lines: string[] = [];
  for (const q of captured) {
    if (!/^\s*(select|with)\b/i.test(q.sql)) continue;
    const { rows } = (await db.raw(`explain (analyze, format json) ${q.sql.replace(/\$(\d+)/g, '?')}`, q.bindings as Knex.RawBinding[])) as { rows: { 'QUERY PLAN': unknown }[] };
    const plan = rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown>; 'Execution Time': number }[];
    const scans: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      const relation = node['Relation Name'] as string | undefined;
      if (node['Node Type'] === 'Seq Scan' && relation && BIG_TABLES.has(relation)) scans.push(`Seq Scan on ${relation} (${node['Actual Rows']} rows)`);
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(plan[0]!.Plan);
    if (process.env.BENCH_PLANS) {
      const text = (await db.raw(`explain (analyze, buffers) ${q.sql.replace(/\$(\d+)/g, '?')}`, q.bindings as Knex.RawBinding[])) as { rows: { 'QUERY PLAN': string }[] };
      console.error(text.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
    lines.push(`${plan[0]!['Execution Time'].toFixed(1)} ms${scans.length ? ` [${scans.join(', ')}]` : ''}: ${q.sql.replace(/\s+/g, ' ').trim().slice(0, 90)}…`);
  }
  return lines;
}

async function main() {
  const scratch = await scratchDatabase(BASE_URL);
  log(`scratch database ${new URL(scratch.url).pathname.slice(1)}`);
  let server: TestServer | undefined;
  let missed = false;
  try {
    server = await startTestServer({ env: { DATABASE_URL: scratch.url } });
    const seeded = await timed('seed', () => seed(server!.deps.db));
    await timed('vacuum analyze', () => server!.deps.db.raw('vacuum analyze'));
    const counts = (await server.deps.db.raw(
      `select (select count(*) from attempts)::int as attempts, (select count(*) from attempt_events)::int as events, (select count(*) from answer_saves)::int as saves,
              (select count(*) from flag_decisions)::int as decisions,
              (select count(*) from attempt_events where attempt_id = :a)::int + (select count(*) from answer_saves where attempt_id = :a)::int + (select count(*) from flag_decisions where attempt_id = :a)::int as big,
              (select count(*) from attempts where exam_id = :e)::int as hall`,
      { a: seeded.attemptId, e: seeded.examId },
    )).rows[0] as Record<string, number>;
    log(`seeded: ${Object.entries(counts).map(([k, v]) => `${k} ${v.toLocaleString('en')}`).join(', ')}`);
    const token = await tokenFor(server, seeded.ownerId);
    const owner: Viewer = { user: { id: seeded.ownerId, role: 'teacher', grade: null }, children: [] };
    const deps = server.deps;
    const calls = [
      { label: `GET /attempts/:id/timeline (${counts.big} rows)`, path: `/attempts/${seeded.attemptId}/timeline`, service: () => attemptTimeline(deps, owner, seeded.attemptId) },
      { label: `GET /exams/:id/review-queue (${counts.hall} attempts)`, path: `/exams/${seeded.examId}/review-queue`, service: () => reviewQueue(deps, owner, seeded.examId, {}) },
    ];
    const floor = await timings(server, '/platform-settings', token);
    const results = [];
    for (const c of calls) {
      for (let i = 0; i < 5; i++) await server.api('GET', c.path, undefined, { token });
      const size = JSON.stringify(await c.service()).length;
      results.push({ ...c, size, http: await timings(server, c.path, token), inProcess: await timeRuns(c.service), explained: await explainCall(server, c.path, token) });
    }
    const ms = (t: { p50: number; p99: number; max: number }, ok = true) => `${t.p50.toFixed(1)} ms | ${t.p99.toFixed(1)} ms${ok ? '' : ' (missed)'} | ${t.max.toFixed(1)} ms`;
    console.log(`\nIntegrity review, ${RUNS} calls each, on PostgreSQL; target p99 ≤ ${TARGET_MS} ms over HTTP (the service alone, in the same process, beside it)\n`);
    console.log('| call | answer | HTTP p50 | HTTP p99 | HTTP max | service p50 | service p99 | service max |');
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(`| (floor) GET /platform-settings | | ${ms(floor)} | | | |`);
    for (const r of results) {
      const ok = r.http.p99 <= TARGET_MS;
      missed ||= !ok;
      console.log(`| ${r.label} | ${Math.round(r.size / 1024)} KB | ${ms(r.http, ok)} | ${ms(r.inProcess)} |`);
    }
    console.log('\nThe queries of one call (EXPLAIN ANALYZE execution time):');
    for (const r of results) for (const line of r.explained) console.log(`  ${r.label.split(' (')[0]}: ${line}`);
  } finally {
    await server?.stop();
    await scratch.drop();
  }
  if (missed) {
    console.error(`\nA p99 missed ${TARGET_MS} ms.`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
