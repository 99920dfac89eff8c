import type { Knex } from 'knex';
import { INTEGRITY_MSG, hasPassed, type FlagDecisionInput, type FlagDecisionResult, type IntegrityOutcome, type IntegrityState, type OutcomeInput, type OutcomeResult } from '@exam/shared';
import type { Deps } from '../../deps';
import { Errors } from '../../errors';
import type { Viewer } from '../../policies';
import { resultHold, resultShown } from '../../policies/results';
import type { AttemptRow } from '../../presenters/attempt';
import { queueGradePosts } from '../lti/gradeSync';
import { rewriteTotals } from '../marking';
import { notifyResults } from '../resultNotices';
import { reviewedAttempt, type ReviewedExam } from './access';
import { tellOutcome } from './notices';
import { attemptFlags } from './timeline';

/**
 * Reviewers' decisions (issue 53). A decision on a flag and an outcome of a confirmed attempt are
 * appended, never updated: changing one is a new row, and the history is every row. The
 * attempt's integrity state is derived again in the same transaction from the latest decision on
 * each of its flags; its outcome starts empty when it becomes confirmed and is cleared when it
 * stops being confirmed (a zeroed result then gets its score back). A result let out, zeroed or
 * given back is queued for the LMS gradebooks in the same transaction. Once committed, a result that
 * has just become the student's to see is told to them and their parents, as a release tells it,
 * and an outcome is told to them in their language.
 */

/** The state from the standing decisions: any confirmed → confirmed; else any undecided → needs_review; else clear. */
export function deriveState(flags: { confirmed: number; undecided: number }): IntegrityState {
  if (flags.confirmed > 0) return 'confirmed';
  if (flags.undecided > 0) return 'needs_review';
  return 'clear';
}

const STANDING_SQL = `
  with latest as (
    select distinct on (d.event_id) d.event_id, d.decision
      from flag_decisions d where d.attempt_id = :attempt
     order by d.event_id, d.id desc
  )
  select (count(*) filter (where l.decision = 'confirm'))::int as confirmed,
         (count(*) filter (where l.decision is null))::int as undecided
    from attempt_events ev left join latest l on l.event_id = ev.id
   where ev.attempt_id = :attempt and ev.type = 'violation'`;

/** What a zero replaces, kept with the outcome as the record of what it was. */
interface Totals {
  score: number | string | null;
  percentage: number | null;
  passed: boolean | null;
}
const totalsOf = (a: AttemptRow): Totals => ({ score: a.score, percentage: a.percentage, passed: a.passed });

/** A zero is a score of nothing: no marks, no pass (unless the exam passes everyone). */
const zeroTotals = (passingMarks: number) => ({ score: 0, percentage: 0, passed: hasPassed(0, passingMarks) });

/**
 * An attempt whose confirmed breach set its result to zero stays at zero when its totals are
 * written again (a teacher's marks): the caller holds it locked and has just rewritten them.
 */
export async function keepZero(trx: Knex.Transaction, attempt: AttemptRow, passingMarks: number): Promise<AttemptRow> {
  if (attempt.integrity_outcome !== 'zero' || attempt.score === null) return attempt;
  const [row] = (await trx('attempts').where({ id: attempt.id }).update(zeroTotals(passingMarks)).returning('*')) as AttemptRow[];
  return row!;
}

/**
 * The attempt's new state and outcome written. An outcome stands only while the attempt stays
 * confirmed; leaving 'zero' gives the result back, written again from its marked answers (what
 * they are now: a teacher may have marked an essay meanwhile).
 */
async function writeState(trx: Knex.Transaction, attempt: AttemptRow, exam: ReviewedExam, state: IntegrityState, outcome: IntegrityOutcome | null, zero = false): Promise<AttemptRow> {
  const [row] = (await trx('attempts')
    .where({ id: attempt.id })
    .update({ integrity_state: state, integrity_outcome: outcome, ...(zero ? zeroTotals(exam.passing_marks) : {}), updated_at: trx.fn.now() })
    .returning('*')) as AttemptRow[];
  const restore = attempt.integrity_outcome === 'zero' && outcome !== 'zero' && row!.status !== 'in_progress';
  if (!restore) return row!;
  const points = new Map(((await trx('questions').whereIn('id', row!.question_order).select('id', 'points')) as { id: string; points: number }[]).map((q) => [q.id, q]));
  return rewriteTotals(trx, row!, points, exam.passing_marks);
}

/**
 * After the commit: a graded result its student could not see and now can is told to them and
 * their parents (a result notice, as a release sends); one whose score came back from a zero while
 * shown is told as updated. Never fails the decision: it is made.
 */
async function tellIfReleased(deps: Deps, exam: ReviewedExam, before: AttemptRow, after: AttemptRow): Promise<void> {
  if (after.status !== 'graded' || !resultShown(exam, after)) return;
  const wasShown = resultShown(exam, before);
  const scoreBack = before.integrity_outcome === 'zero' && after.integrity_outcome !== 'zero';
  if (wasShown && !scoreBack) return;
  await notifyResults(deps, [after], { updated: wasShown }).catch((err: unknown) => deps.log.error({ err, attemptId: after.id }, 'result notification failed'));
}

/** Confirms or dismisses one flag of an attempt (a reviewer of its exam), keeping every earlier decision. */
export async function decideFlag(deps: Deps, viewer: Viewer, attemptId: string, eventId: string, input: FlagDecisionInput): Promise<FlagDecisionResult> {
  const { exam, before, after, flags } = await deps.db.transaction(async (trx) => {
    const { attempt, exam } = await reviewedAttempt(trx, viewer, attemptId, { lock: true });
    const flag = await trx('attempt_events').where({ id: eventId, attempt_id: attempt.id, type: 'violation' }).first('id');
    if (!flag) throw Errors.notFound(INTEGRITY_MSG.flagNotFound);
    await trx('flag_decisions').insert({ attempt_id: attempt.id, event_id: eventId, decision: input.decision, note: input.note || null, reviewer_id: viewer.user.id });
    const { rows } = (await trx.raw(STANDING_SQL, { attempt: attempt.id })) as { rows: { confirmed: number; undecided: number }[] };
    const state = deriveState(rows[0]!);
    // Becoming confirmed starts with no outcome (under review until a reviewer decides one).
    const outcome = state === 'confirmed' && attempt.integrity_state === 'confirmed' ? (attempt.integrity_outcome ?? null) : null;
    const after = await writeState(trx, attempt, exam, state, outcome);
    await queueGradePosts(trx, { attemptIds: [attempt.id] });
    return { exam, before: attempt as AttemptRow, after, flags: await attemptFlags(trx, attempt.id) };
  });
  await tellIfReleased(deps, exam, before, after);
  return { flag: flags.find((f) => f.eventId === eventId)!, integrityState: after.integrity_state ?? 'clear', outcome: after.integrity_outcome ?? null, hold: resultHold(exam, after) };
}

/**
 * The outcome of a confirmed attempt (a reviewer of its exam): kept, set to zero (what it was is
 * kept, so a later outcome restores it) or withheld from the student and their parents.
 */
export async function decideOutcome(deps: Deps, viewer: Viewer, attemptId: string, input: OutcomeInput): Promise<OutcomeResult> {
  const { exam, before, after, history } = await deps.db.transaction(async (trx) => {
    const { attempt, exam } = await reviewedAttempt(trx, viewer, attemptId, { lock: true });
    if (attempt.integrity_state !== 'confirmed') throw Errors.conflict(INTEGRITY_MSG.outcomeNeedsConfirmed);
    // Grading at submission would write over a zero or a hold decided on an attempt still being sat.
    if (attempt.status === 'in_progress') throw Errors.conflict(INTEGRITY_MSG.outcomeAfterSubmission);
    const zeroing = input.outcome === 'zero' && attempt.integrity_outcome !== 'zero';
    await trx('integrity_outcomes').insert({
      attempt_id: attempt.id,
      outcome: input.outcome,
      note: input.note || null,
      decided_by: viewer.user.id,
      previous: zeroing ? JSON.stringify(totalsOf(attempt)) : null,
    });
    const after = await writeState(trx, attempt, exam, 'confirmed', input.outcome, zeroing && attempt.score !== null);
    await queueGradePosts(trx, { attemptIds: [attempt.id] });
    const history = (await trx('integrity_outcomes as o')
      .leftJoin('users as u', 'u.id', 'o.decided_by')
      .where('o.attempt_id', attempt.id)
      .orderBy('o.id')
      .select('o.outcome', 'o.note', 'o.decided_by', 'o.created_at', 'u.first_name', 'u.last_name')) as {
      outcome: IntegrityOutcome;
      note: string | null;
      decided_by: string | null;
      created_at: Date;
      first_name: string | null;
      last_name: string | null;
    }[];
    return { exam, before: attempt as AttemptRow, after, history };
  });
  await tellOutcome(deps, after, input.outcome).catch((err: unknown) => deps.log.error({ err, attemptId: after.id }, 'outcome notification failed'));
  await tellIfReleased(deps, exam, before, after);
  return {
    integrityState: 'confirmed',
    outcome: input.outcome,
    hold: resultHold(exam, after),
    history: history.map((h) => ({
      outcome: h.outcome,
      note: h.note,
      by: h.first_name === null ? null : { id: h.decided_by, name: `${h.first_name} ${h.last_name ?? ''}`.trim() },
      at: new Date(h.created_at).toISOString(),
    })),
  };
}
