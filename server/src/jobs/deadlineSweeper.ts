import { SAVE_GRACE_MS } from '@exam/shared';
import type { Deps } from '../deps';
import type { AttemptRow } from '../presenters/attempt';
import { announceSubmitted } from '../services/attempts';
import { autoGradeTx } from '../services/grading';
import { every, type Job } from './periodic';

const BATCH = 1000;

/**
 * Submits every attempt past its deadline (plus the grace for saves in flight), reason
 * time-expired, whether or not a browser is connected. Safe on any number of nodes: rows are
 * claimed with FOR UPDATE SKIP LOCKED and flipped by one conditional UPDATE, so an attempt is
 * submitted exactly once.
 */
export async function sweepOnce(deps: Deps): Promise<AttemptRow[]> {
  const all: AttemptRow[] = [];
  for (;;) {
    const swept = await deps.db.transaction(async (trx) => {
      const rows = (await trx('attempts')
        .whereIn(
          'id',
          trx('attempts')
            .select('id')
            .where('status', 'in_progress')
            .where('deadline_at', '<', trx.raw('now() - make_interval(secs => ?)', [SAVE_GRACE_MS / 1000]))
            .orderBy('deadline_at')
            .limit(BATCH)
            .forUpdate()
            .skipLocked(),
        )
        .where('status', 'in_progress')
        .update({ status: 'submitted', submitted_at: trx.fn.now(), submit_reason: 'time-expired', updated_at: trx.fn.now() })
        .returning('*')) as AttemptRow[];
      if (!rows.length) return rows;
      await trx('attempt_events').insert(rows.map((r) => ({ attempt_id: r.id, type: 'submitted', detail: JSON.stringify({ reason: 'time-expired' }) })));
      // Graded in the same transaction, with every answer saved so far.
      return autoGradeTx(trx, rows);
    });
    all.push(...swept);
    if (swept.length < BATCH) break;
  }
  // Announced once every batch is in: closing attempts comes before telling about them.
  if (all.length) await announceSubmitted(deps, ...all);
  return all;
}

/** Sweeps every `intervalMs` (250 ms by default, so attempts close about 1.5 s after the deadline). */
export function startDeadlineSweeper(deps: Deps, intervalMs = 250): Job {
  return every(deps, 'deadline-sweeper', intervalMs, () => sweepOnce(deps));
}
