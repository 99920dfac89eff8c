import type { Deps } from '../deps';
import type { AttemptRow } from '../presenters/attempt';
import type { AccommodationRow } from '../services/accommodations';
import { appliedAccommodationSql } from '../services/appliedAccommodationSql';
import { allowanceOf, announceBreak, breakStateOf } from '../services/restBreaks';
import { every, type Job } from './periodic';

/** How often breaks past their allowance are looked for: the student sees theirs end within about this. */
const INTERVAL_MS = 1000;

/**
 * Ends every break whose allowance has run out, in one statement over the partial index of breaks
 * under way: the whole allowance counts as used, and the deadline stays where the break's start put
 * it (it already holds all of it). Safe on any number of nodes: a row is ended by the one update
 * that still finds it past its end (SKIP LOCKED: a row a student or proctor is changing is left to
 * the next look, when it may no longer be on a break).
 */
export const END_BREAKS_SQL = `
  with due as (
    select id, break_started_at, break_ends_at from attempts
     where break_started_at is not null and break_ends_at <= now()
     order by id
     for update skip locked
  ), ended as (
    update attempts a
       set break_used_ms = a.break_used_ms + greatest(0, round(extract(epoch from due.break_ends_at - due.break_started_at) * 1000))::int,
           break_started_at = null, break_ends_at = null, updated_at = now()
      from due where a.id = due.id
    returning a.*, greatest(0, round(extract(epoch from due.break_ends_at - due.break_started_at) * 1000))::int as paused_ms__
  ), logged as (
    insert into attempt_events (attempt_id, type, detail)
    select id, 'break-ended', jsonb_build_object('pausedMs', paused_ms__) from ended
  )
  select ended.*, ${appliedAccommodationSql('ended.exam_id', 'ended.student_id')} as accommodation__ from ended`;

type EndedRow = AttemptRow & { paused_ms__: number; accommodation__: AccommodationRow | null };

/** One look: ends the breaks past their allowance and tells each student and the proctors. */
export async function endDueBreaks(deps: Deps): Promise<number> {
  const { rows } = (await deps.db.raw(END_BREAKS_SQL)) as { rows: EndedRow[] };
  for (const { paused_ms__: pausedMs, accommodation__: accommodation, ...row } of rows) {
    announceBreak(deps, row, breakStateOf(row, allowanceOf(accommodation)), [{ type: 'break-ended', detail: { pausedMs }, deadlineMoved: false }]);
  }
  return rows.length;
}

/**
 * Started and stopped with the deadline sweeper, at its interval when that is longer than a
 * second: a test that runs the sweeper by hand (a long interval) ends breaks by hand too.
 */
export function startBreakEnder(deps: Deps, sweepIntervalMs = 0): Job {
  return every(deps, 'break-ender', Math.max(INTERVAL_MS, sweepIntervalMs), () => endDueBreaks(deps));
}
