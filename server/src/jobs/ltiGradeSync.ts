import type { Deps } from '../deps';
import { sendDueGradePosts } from '../services/lti/gradeSync';
import { every, type Job } from './periodic';

/** How often due scores are sent to the LMSs: a released result reaches the gradebook within seconds. */
export const LTI_GRADE_SYNC_MS = 3_000;

/**
 * Sends the grade posts that are due (services/lti/gradeSync.ts), on every node: each run claims
 * its rows with SKIP LOCKED, so nodes share the work and never send one row twice at once.
 */
export function startLtiGradeSync(deps: Deps, intervalMs = LTI_GRADE_SYNC_MS): Job {
  return every(deps, 'lti-grade-sync', intervalMs, () => sendDueGradePosts(deps));
}
