import type { Deps } from '../deps';
import { removeRetiredKeys } from '../services/lti/keys';
import { every, type Job } from './periodic';

/**
 * How long a rotated-out key stays published. A platform caches our keyset for minutes to hours,
 * and a deep-linking answer or a service token signed just before a rotation is checked after it;
 * a week covers both with room (the rotation's message says "a week").
 */
export const RETIRED_KEY_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;
/** An hour late is nothing against a week. */
export const LTI_KEY_CLEANUP_MS = 60 * 60_000;

/** Removes the keys retired more than RETIRED_KEY_DAYS ago; any node may run it (a delete is idempotent). */
export function removeOldLtiKeys(deps: Deps): Promise<number> {
  return removeRetiredKeys(deps.db, new Date(Date.now() - RETIRED_KEY_DAYS * DAY_MS));
}

export function startLtiKeyCleanup(deps: Deps, intervalMs = LTI_KEY_CLEANUP_MS): Job {
  return every(deps, 'lti-key-cleanup', intervalMs, () => removeOldLtiKeys(deps));
}
