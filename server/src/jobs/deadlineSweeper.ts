import { SAVE_GRACE_MS } from '@exam/shared';
import type { Deps } from '../deps';
import { announceSubmitted } from '../services/attempts';
import { submitAndGradeTx, type AttemptToSubmit, type SubmittedAttempt } from '../services/grading';
import { every, type Job } from './periodic';

/**
 * Most attempts one claim-and-grade transaction takes: enough that 10,000 attempts with one
 * deadline are one batch per lane (at 2,000, two lanes ran two batches one after the other).
 */
const MAX_BATCH = 4000;
/**
 * Claim-and-grade transactions at once: SKIP LOCKED keeps them disjoint, so they share the work.
 * Three on two cores, so one lane's grading in Node overlaps the others' statements.
 */
const PARALLEL = 3;

/**
 * Submits every attempt past its deadline (plus the grace for saves in flight), reason
 * time-expired, whether or not a browser is connected. Safe on any number of nodes: rows are
 * claimed with FOR UPDATE SKIP LOCKED and closed only while still in progress, so an attempt is
 * submitted exactly once.
 */
export async function sweepOnce(deps: Deps, announcing: Set<Promise<void>> = new Set()): Promise<SubmittedAttempt[]> {
  // Most ticks find nothing due: one indexed count, no transaction, no locks.
  const due = await countDue(deps);
  if (!due) return [];
  const all: SubmittedAttempt[] = [];
  // PGlite has one connection: its sweeps run one at a time.
  const lanes = deps.config.databaseUrl ? PARALLEL : 1;
  // The due attempts shared evenly, so the lanes finish together.
  const batch = Math.min(MAX_BATCH, Math.ceil(due / lanes));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (;;) {
        const swept = await sweepBatch(deps, batch);
        all.push(...swept);
        if (swept.length < batch) return;
      }
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

async function countDue(deps: Deps): Promise<number> {
  const [row] = (await deps.db('attempts').where('status', 'in_progress').where('deadline_at', '<', pastGrace(deps.db)).count({ n: '*' })) as { n: number | string }[];
  return Number(row?.n ?? 0);
}

async function sweepBatch(deps: Deps, batch: number): Promise<SubmittedAttempt[]> {
  return deps.db.transaction(async (trx) => {
    const due = (await trx('attempts')
      .select('id', 'exam_id', 'question_order')
      .where('status', 'in_progress')
      .where('deadline_at', '<', pastGrace(trx))
      .orderBy('deadline_at')
      .limit(batch)
      .forUpdate()
      .skipLocked()) as AttemptToSubmit[];
    // Closed and graded in one update, with every answer saved so far.
    return submitAndGradeTx(trx, due, { reason: 'time-expired', actorId: null }, 'summary');
  });
}

/** Sweeps every `intervalMs` (50 ms by default: usually one indexed count that finds nothing), so attempts close just over the grace after the deadline. */
export function startDeadlineSweeper(deps: Deps, intervalMs = 50): Job {
  const announcing = new Set<Promise<void>>();
  const job = every(deps, 'deadline-sweeper', intervalMs, () => sweepOnce(deps, announcing));
  return {
    async stop() {
      await job.stop();
      // Shutting down still tells students and parents about what was just submitted.
      await Promise.all([...announcing]);
    },
  };
}
