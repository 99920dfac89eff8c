import { SAVE_GRACE_MS } from '@exam/shared';
import { withStatementDeadline } from '../db/deadlines';
import type { Deps } from '../deps';
import { announceSubmitted } from '../services/submissionAnnouncements';
import { submitAndGradeTx, type AttemptToSubmit, type SubmittedAttempt } from '../services/marking';
import { every, type Job } from './periodic';

/**
 * Most attempts one claim-and-grade transaction takes: enough that 10,000 attempts with one
 * deadline are one batch per lane (at 2,000, two lanes ran two batches one after the other).
 */
const MAX_BATCH = 4000;
/**
 * Claim-and-grade transactions at once, each on its own share of the due attempts (SKIP LOCKED
 * keeps them disjoint from other nodes' sweepers too). Three on two cores, so one lane's grading
 * in Node overlaps the others' statements.
 */
const PARALLEL = 3;
/** Due attempts one tick reads; more are left to the next tick, 50 ms later. */
const MAX_PER_TICK = 50_000;
/**
 * Longest a sweeper waits between looks when no deadline is near. A look that finds nothing due
 * also finds the next deadline, and the next look is then (ticks in between cost nothing). The
 * cap covers deadlines it could not know of: an attempt started since, on any node, in an exam
 * whose window closes sooner. Deadlines are otherwise moved later (extra time, a rest break's
 * start), or earlier only when a break ends early, and then never nearer than the time the
 * student still has: the cap covers that too. A paused attempt needs nothing here: its deadline
 * already lies past the break's latest end (services/restBreaks.ts).
 */
const IDLE_LOOK_MS = 1000;

/** When a sweeper next needs to look (`performance.now()` time); ticks before it skip the database. */
export interface SweepPlan {
  lookAt: number;
}

/**
 * Submits every attempt past its deadline (plus the grace for saves in flight), reason
 * time-expired, whether or not a browser is connected. Safe on any number of nodes: rows are
 * claimed with FOR UPDATE SKIP LOCKED and closed only while still in progress, so an attempt is
 * submitted exactly once.
 */
export async function sweepOnce(deps: Deps, announcing: Set<Promise<void>> = new Set(), plan?: SweepPlan): Promise<SubmittedAttempt[]> {
  // Most looks find nothing due: one indexed read, no transaction, no locks.
  const { due, nextDueInMs } = await dueAttempts(deps);
  if (!due.length) {
    if (plan) plan.lookAt = performance.now() + Math.min(IDLE_LOOK_MS, nextDueInMs ?? IDLE_LOOK_MS);
    return [];
  }
  const all: SubmittedAttempt[] = [];
  // PGlite has one connection: its sweeps run one at a time.
  const lanes = deps.config.databaseUrl ? PARALLEL : 1;
  // The due attempts shared evenly, so the lanes finish together. Each lane locks only its own
  // share: lanes that each took the next rows in deadline order, skipping those another had
  // locked, each walked every due row (10,000 attempts: 0.6 s per lane, most of the sweep).
  const size = Math.min(MAX_BATCH, Math.ceil(due.length / lanes));
  const shares = Array.from({ length: Math.ceil(due.length / size) }, (_, i) => due.slice(i * size, (i + 1) * size));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      // A batch claims and grades thousands of attempts in one transaction: the long deadline, not a request's.
      for (let share = shares.shift(); share; share = shares.shift()) all.push(...(await withStatementDeadline(deps.config.deadlines.dbLongStatementMs, () => sweepBatch(deps, share))));
    }),
  );
  // Announced once every batch is in: closing attempts comes before telling about them. Sockets
  // hear at once; the next sweep does not wait for the result notifications to be written.
  if (all.length) {
    const told = announceSubmitted(deps, ...all)
      .catch((err: unknown) => deps.log.error({ err }, 'announcing submissions failed'))
      .finally(() => announcing.delete(told));
    announcing.add(told);
  }
  return all;
}

const pastGrace = (db: Deps['db']) => db.raw('now() - make_interval(secs => ?)', [SAVE_GRACE_MS / 1000]);

/**
 * Attempts past their deadline and its grace, the earliest first (what one tick takes on), and in
 * how many milliseconds of the database's clock the next open attempt falls due (null: none open).
 * One statement; both halves read the partial index of open attempts' deadlines.
 */
async function dueAttempts(deps: Deps): Promise<{ due: string[]; nextDueInMs: number | null }> {
  const since = pastGrace(deps.db);
  const { rows } = (await deps.db.raw(
    `(select id, null::float8 as next_due_in_ms from attempts
       where status = 'in_progress' and deadline_at < ?
       order by deadline_at limit ?)
     union all
     select null, (extract(epoch from min(deadline_at) - (?)) * 1000)::float8 from attempts
      where status = 'in_progress' and deadline_at >= ?`,
    [since, MAX_PER_TICK, since, since],
  )) as { rows: { id: string | null; next_due_in_ms: number | null }[] };
  const due = rows.flatMap((r) => (r.id ? [r.id] : []));
  const next = rows.find((r) => !r.id)?.next_due_in_ms;
  return { due, nextDueInMs: next === null || next === undefined ? null : Math.max(0, Number(next)) };
}

/**
 * Claims some due attempts and submits them, in one transaction. Claimed FOR UPDATE SKIP LOCKED
 * and checked again under the lock: another node's sweeper, a student's submission or a
 * proctor's extension may have got there since the due attempts were read.
 */
async function sweepBatch(deps: Deps, ids: string[]): Promise<SubmittedAttempt[]> {
  return deps.db.transaction(async (trx) => {
    const due = (await trx('attempts')
      .select('id', 'exam_id', 'question_order')
      .whereRaw('id = any(?::uuid[])', [ids])
      .where('status', 'in_progress')
      .where('deadline_at', '<', pastGrace(trx))
      .orderBy('id')
      .forUpdate()
      .skipLocked()) as AttemptToSubmit[];
    // Closed and graded in one update, with every answer saved so far.
    return submitAndGradeTx(trx, due, { reason: 'time-expired', actorId: null }, 'summary');
  });
}

/**
 * Ticks every `intervalMs` (50 ms by default), so attempts close just over the grace after the
 * deadline, but looks at the database only when the last look said something may be due: once a
 * second at most while no deadline is near, instead of twenty times (on PGlite, twenty turns a
 * second of its one connection).
 */
export function startDeadlineSweeper(deps: Deps, intervalMs = 50): Job {
  const announcing = new Set<Promise<void>>();
  const plan: SweepPlan = { lookAt: 0 };
  const job = every(deps, 'deadline-sweeper', intervalMs, () => (performance.now() < plan.lookAt ? Promise.resolve() : sweepOnce(deps, announcing, plan)));
  return {
    async stop() {
      await job.stop();
      // Shutting down still tells students and parents about what was just submitted.
      await Promise.all([...announcing]);
    },
  };
}
