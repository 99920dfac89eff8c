import type { Deps } from '../deps';
import { deleteExpiredEvidence } from '../services/evidence';
import { deleteExpiredSaveLog } from '../services/integrity/saveLogRetention';
import { every, type Job } from './periodic';

/** How often evidence past its retention is looked for: a minute late is well within "30 days". */
export const EVIDENCE_RETENTION_MS = 60_000;

/**
 * Deletes evidence pictures, and the timeline's record of each save, past the school's retention,
 * on every node (the rows are shared out with SKIP LOCKED).
 */
export function startEvidenceRetention(deps: Deps, intervalMs = EVIDENCE_RETENTION_MS): Job {
  return every(deps, 'evidence-retention', intervalMs, async () => {
    await deleteExpiredEvidence(deps);
    await deleteExpiredSaveLog(deps);
  });
}
