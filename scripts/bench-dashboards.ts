/**
 * `npm run bench:dashboards`: the four role dashboards at school size. In a PostgreSQL
 * database of its own (created on DATABASE_URL's server, dropped at the end) it seeds, with bulk
 * SQL (generate_series), BENCH_USERS users (100,000: 2 % teachers, 20 % parents, the rest students,
 * sign-ups over three years), an exam per 20 users (over the last year) with 10 questions each, and attempts with 10
 * answers each up to BENCH_ANSWERS answers (1,000,000), mostly graded, one in ten waiting for
 * grading, those of running exams in progress; every parent has two children, every user a
 * notification. Then it times GET /dashboard/admin, /teacher, /student and /parent over HTTP
 * against the real server, BENCH_RUNS times each (200) after a warm-up, prints p50 / p99, and
 * EXPLAINs every query one call of each dashboard makes, naming any sequential scan of a big
 * table. Exits non-zero when a dashboard's p99 misses BENCH_TARGET_MS (50).
 */
import { EXAM_SETTINGS_DEFAULTS, type Role } from '@exam/shared';
import type { Knex } from 'knex';
import { signAccessToken } from '../server/src/auth/jwt';
import { startTestServer, type TestServer } from '../server/src/test/harness';
import { percentile, timedStep } from './bench/figures';
import { scratchDatabase } from './bench/scratchDatabase';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 50);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUESTIONS_PER_EXAM = 10;
/** Tables big enough that reading them whole is a finding. */
const BIG_TABLES = new Set(['users', 'attempts', 'answers', 'notifications', 'parent_children', 'exams', 'questions', 'exam_questions']);

const log = (...a: unknown[]) => console.error('[bench:dashboards]', ...a);

const timed = <T>(label: string, fn: () => Promise<T>) => timedStep(log, label, fn);

/** Everything in one transaction on one connection, so the numbered temp tables are shared. */
async function seed(db: Knex): Promise<void> {
  const teachers = Math.max(1, Math.floor(USERS * 0.02));
  const parents = Math.floor(USERS * 0.2);
  const exams = Math.max(1, Math.floor(USERS / 20));
  const attempts = Math.floor(ANSWERS / QUESTIONS_PER_EXAM);
  const settings = JSON.stringify(EXAM_SETTINGS_DEFAULTS);
  await db.transaction(async (trx) => {
    const run = (label: string, sql: string, bindings: Record<string, unknown> = {}) => timed(label, () => trx.raw(sql, bindings));
    await run(
      `${USERS} users`,
      `insert into users (email, password_hash, first_name, last_name, role, grade, section, is_verified, created_at)
       select 'u' || g || '@bench.test', 'x', 'First' || g, 'Last' || g,
              case when g = 1 then 'admin' when g <= 1 + :teachers then 'teacher' when g <= 1 + :teachers + :parents then 'parent' else 'student' end,
              case when g > 1 + :teachers + :parents then 6 + g % 7 end,
              case when g > 1 + :teachers + :parents then (array['A','B','C','D'])[1 + g % 4] end,
              true, now() - (g % 1095) * interval '1 day' - (g % 1440) * interval '1 minute'
         from generate_series(1, :users) g`,
      { users: USERS, teachers, parents },
    );
    for (const role of ['teacher', 'parent', 'student']) {
      await trx.raw(`create temp table bench_${role} on commit drop as select id, grade, row_number() over (order by email) as n from users where role = '${role}'`);
      await trx.raw(`create index on bench_${role} (n)`);
    }
    const { students } = (await trx.raw('select count(*)::int as students from bench_student')).rows[0] as { students: number };
    await run(
      `${exams} exams`,
      // One exam in 50 is running now; the others spread over the last year and the next 10 days.
      `create temp table bench_exam on commit drop as
       select gen_random_uuid() as id, e as n, t.id as owner_id, 6 + e % 7 as grade,
              case when e % 50 = 0 then now() - interval '1 hour' else now() - ((e % 375) - 10) * interval '1 day' end as start_at
         from generate_series(1, :exams) e join bench_teacher t on t.n = 1 + e % :teachers`,
      { exams, teachers },
    );
    await trx.raw('create index on bench_exam (n)');
    await trx.raw(
      `insert into exams (id, owner_id, title, subject, description, grade, duration_minutes, start_at, end_at, settings, is_published, published_at, created_at)
       select id, owner_id, 'Bench exam ' || n, 'mathematics', 'An exam the benchmark made', grade, 60, start_at, start_at + interval '6 hours', :settings::jsonb, true, start_at, start_at - interval '7 days'
         from bench_exam`,
      { settings },
    );
    await run(
      `${exams * QUESTIONS_PER_EXAM} questions`,
      `create temp table bench_question on commit drop as
       select gen_random_uuid() as id, e.id as exam_id, e.owner_id, e.n as exam_n, p as position
         from bench_exam e cross join generate_series(1, ${QUESTIONS_PER_EXAM}) p`,
    );
    await trx.raw(`insert into questions (id, owner_id, text, type, subject) select id, owner_id, 'Benchmark question ' || position, 'essay', 'mathematics' from bench_question`);
    await trx.raw('insert into exam_questions (exam_id, question_id, position) select exam_id, id, position from bench_question');
    await run(
      `${attempts} attempts`,
      // Attempt k: student k, exam 7919k (a prime stride, so one student's attempts are at different exams).
      `insert into attempts (exam_id, student_id, attempt_number, status, started_at, deadline_at, submitted_at, submit_reason, percentage, graded_at)
       select e.id, s.id, 1, x.status, e.start_at, e.start_at + interval '1 hour',
              case when x.status <> 'in_progress' then e.start_at + interval '30 minutes' end,
              case when x.status <> 'in_progress' then 'student' end,
              case when x.status = 'graded' then k % 101 end,
              case when x.status = 'graded' then e.start_at + interval '2 hours' end
         from generate_series(0, :attempts - 1) k
         join bench_student s on s.n = 1 + k % :students
         join bench_exam e on e.n = 1 + (k::bigint * 7919) % :exams
         cross join lateral (select case when e.start_at > now() - interval '2 hours' and e.start_at <= now() then 'in_progress'
                                         when k % 10 = 0 then 'submitted' else 'graded' end as status) x
       on conflict do nothing`,
      { attempts, students, exams },
    );
    await run(
      `answers (${QUESTIONS_PER_EXAM} per attempt)`,
      `insert into answers (attempt_id, question_id, answer, seq, saved_at)
       select a.id, q.id, 'Answer ' || q.position, 1, a.started_at + q.position * interval '1 minute'
         from attempts a join bench_question q on q.exam_id = a.exam_id`,
    );
    await run(
      'parent links and notifications',
      `insert into parent_children (parent_id, child_id, relationship, status, responded_at)
       select p.id, s.id, 'parent', 'accepted', now()
         from bench_parent p join bench_student s on s.n in (2 * p.n - 1, 2 * p.n)`,
    );
    await trx.raw(
      `insert into notifications (user_id, type, title, message, read_at, created_at)
       select id, 'info', 'Welcome', 'A notification the benchmark made', case when n % 2 = 0 then now() end, now() - n * interval '1 second'
         from (select id, row_number() over () as n from users) u`,
    );
  });
  // What autovacuum does soon after any bulk load: statistics, and the visibility map index-only scans need.
  await timed('vacuum analyze', () => db.raw('vacuum analyze'));
}

/** A session and an access token for the first user of a role with the most to show. */
async function tokenFor(server: TestServer, role: Role): Promise<string> {
  const db = server.deps.db;
  const pick: Record<Role, string> = {
    admin: "select id from users where role = 'admin' limit 1",
    teacher: `select owner_id as id from exams group by owner_id order by count(*) desc, owner_id limit 1`,
    student: `select student_id as id from attempts group by student_id order by count(*) desc, student_id limit 1`,
    parent: `select parent_id as id from parent_children group by parent_id order by count(*) desc, parent_id limit 1`,
  };
  const { id } = (await db.raw(pick[role])).rows[0] as { id: string };
  const [session] = (await db('sessions').insert({ user_id: id }).returning('id')) as { id: string }[];
  return signAccessToken(server.deps.config.jwtSecret, { sub: id, sid: session!.id, role });
}

/** p50, p99 and max of RUNS sequential calls. */
async function timings(server: TestServer, path: string, token: string | undefined) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await server.api('GET', path, undefined, { token });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
}

interface Captured {
  sql: string;
  bindings: readonly unknown[];
}

/**
 * The queries one call of a dashboard makes, EXPLAINed: any sequential scan of a big table, and
 * the slowest queries with their execution times (where the time goes).
 */
async function explainCalls(server: TestServer, path: string, token: string): Promise<{ scans: string[]; slowest: string[] }> {
  const db = server.deps.db;
  const captured: Captured[] = [];
  const listener = (q: { sql: string; bindings?: readonly unknown[] }) => captured.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', listener);
  await server.api('GET', path, undefined, { token });
  db.off('query', listener);
  const findings: string[] = [];
  const times: [number, string][] = [];
  for (const q of captured) {
    if (!/^\s*(select|with)\b/i.test(q.sql)) continue;
    // The event gives PostgreSQL's numbered placeholders; knex.raw wants its own, in order.
    const { rows } = (await db.raw(`explain (analyze, format json) ${q.sql.replace(/\$(\d+)/g, '?')}`, q.bindings as Knex.RawBinding[])) as { rows: { 'QUERY PLAN': unknown }[] };
    const walk = (node: Record<string, unknown>) => {
      const relation = node['Relation Name'] as string | undefined;
      if (node['Node Type'] === 'Seq Scan' && relation && BIG_TABLES.has(relation)) {
        findings.push(`Seq Scan on ${relation} (${node['Actual Rows']} rows, ${Number(node['Actual Total Time']).toFixed(1)} ms) in: ${q.sql.replace(/\s+/g, ' ').slice(0, 140)}…`);
      }
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const plan = rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown>; 'Execution Time': number }[];
    walk(plan[0]!.Plan);
    times.push([plan[0]!['Execution Time'], q.sql.replace(/\s+/g, ' ').slice(0, 100)]);
  }
  const slowest = times.sort((a, b) => b[0] - a[0]).slice(0, 3).map(([ms, sql]) => `${ms.toFixed(1)} ms: ${sql}…`);
  return { scans: findings, slowest };
}

async function main() {
  const scratch = await scratchDatabase(BASE_URL);
  log(`scratch database ${new URL(scratch.url).pathname.slice(1)}`);
  let server: TestServer | undefined;
  let missed = false;
  try {
    server = await startTestServer({ env: { DATABASE_URL: scratch.url } });
    await timed('seed', () => seed(server!.deps.db));
    const counts = (await server.deps.db.raw(
      'select (select count(*) from users)::int as users, (select count(*) from exams)::int as exams, (select count(*) from attempts)::int as attempts, (select count(*) from answers)::int as answers',
    )).rows[0] as Record<string, number>;
    log(`seeded: ${Object.entries(counts).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}`);

    // The floor: a call that reads one cached row, so what the machine and HTTP cost alone shows.
    const floor = await timings(server, '/platform-settings', undefined);
    const results: { role: Role; p50: number; p99: number; max: number; scans: string[]; slowest: string[] }[] = [];
    for (const role of ['admin', 'teacher', 'student', 'parent'] as const) {
      const token = await tokenFor(server, role);
      const path = `/dashboard/${role}`;
      for (let i = 0; i < 5; i++) {
        const res = await server.api('GET', path, undefined, { token });
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 200)}`);
      }
      results.push({ role, ...(await timings(server, path, token)), ...(await explainCalls(server, path, token)) });
    }

    console.log(`\nDashboards over HTTP, ${RUNS} calls each (${counts.users} users, ${counts.answers} answers); target p99 ≤ ${TARGET_MS} ms\n`);
    console.log('| dashboard | p50 | p99 | max | sequential scans of big tables |');
    console.log('|---|---|---|---|---|');
    console.log(`| (floor) GET /platform-settings | ${floor.p50.toFixed(1)} ms | ${floor.p99.toFixed(1)} ms | ${floor.max.toFixed(1)} ms | |`);
    for (const r of results) {
      const ok = r.p99 <= TARGET_MS;
      missed ||= !ok;
      console.log(`| GET /dashboard/${r.role} | ${r.p50.toFixed(1)} ms | ${r.p99.toFixed(1)} ms${ok ? '' : ' (missed)'} | ${r.max.toFixed(1)} ms | ${r.scans.length} |`);
    }
    for (const r of results) for (const s of r.scans) console.log(`  ${r.role}: ${s}`);
    console.log('\nSlowest queries of one call (EXPLAIN ANALYZE execution time):');
    for (const r of results) for (const s of r.slowest) console.log(`  ${r.role}: ${s}`);
  } finally {
    await server?.stop();
    await scratch.drop();
  }
  if (missed) {
    console.error(`\nA dashboard's p99 missed ${TARGET_MS} ms.`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
