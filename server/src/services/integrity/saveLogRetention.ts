import type { Deps } from '../../deps';
import { getPlatformSettings } from '../platformSettings';

const BATCH = 5000;
const MAX_BATCHES_PER_RUN = 20;

/**
 * Forgets the record of each save (answer_saves) once it is older than the school's evidence
 * retention: a whole hall saving every few seconds writes millions of rows an exam, and the answers
 * themselves (with their last save) stay. The oldest rows are taken by id, which grows with time,
 * so a run that finds nothing to delete reads a handful of index entries, never the whole table;
 * SKIP LOCKED shares the work between nodes. Returns how many rows went.
 */
export async function deleteExpiredSaveLog(deps: Deps): Promise<number> {
  const { retentionDays } = (await getPlatformSettings(deps)).evidence;
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const result = (await deps.db.raw(
      `delete from answer_saves where id in (
         select id from (select id, saved_at from answer_saves order by id limit ? for update skip locked) oldest
          where saved_at < now() - make_interval(days => ?))
       returning 1`,
      [BATCH, retentionDays],
    )) as { rows: unknown[] };
    const n = result.rows.length;
    deleted += n;
    if (n < BATCH) break;
  }
  return deleted;
}
