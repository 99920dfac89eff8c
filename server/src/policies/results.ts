import type { IntegrityOutcome, IntegrityState, ResultHold } from '@exam/shared';

/**
 * May a student or a parent see an exam's scores yet: when the exam shows results at once, or
 * once its teacher released them (docs/live-session.md). Staff always see them. An exam's stored
 * settings may lack the key (rows written before it existed, or seeded by hand); then the
 * settings' own default decides, which is to show results at once.
 * Given one of its attempts, whether the release covers that attempt: a release of the marked
 * results only leaves out the attempts still waiting for marks then (`release_held`) until the
 * teacher releases again (issue 55). Without an attempt: whether the exam's results are out at all.
 */
export interface ResultsVisibilityFacts {
  settings: { showResultsImmediately?: boolean | null };
  results_released_at: Date | string | null;
}
export interface ReleaseAttemptFacts {
  /** Rows read before the column existed lack it: nothing held then. */
  release_held?: boolean | null;
}

export function resultsVisible(exam: ResultsVisibilityFacts, attempt?: ReleaseAttemptFacts): boolean {
  return (exam.settings.showResultsImmediately ?? true) || (exam.results_released_at !== null && !attempt?.release_held);
}

/**
 * The same rule as a SQL condition over an exams row (and an attempts row), for list queries and
 * aggregates; `exam` and `attempt` are the tables' aliases in the query (names of ours, never user input).
 */
export function resultsVisibleSql(exam: string, attempt?: string): string {
  const covered = attempt ? ` and not coalesce(${attempt}.release_held, false)` : '';
  return `(coalesce((${exam}.settings->>'showResultsImmediately')::boolean, true) or (${exam}.results_released_at is not null${covered}))`;
}

/** What the integrity review's hold reads of an exam and of one of its attempts. */
export interface HoldExamFacts {
  settings: { resultsWaitForReview?: boolean | null };
}
export interface HoldAttemptFacts {
  submit_reason: string | null;
  /** Rows read before the column existed lack it: nothing to review then. */
  integrity_state?: IntegrityState | null;
  integrity_outcome?: IntegrityOutcome | null;
}

/**
 * Why a student and their parents do not see one attempt's result although the exam's results
 * may be out (issue 53), or null. An attempt waits for its review when its exam says results
 * wait for it, or when its violations ended it (an automatic end is not a verdict): while a flag
 * is undecided, and once confirmed until a reviewer decides the outcome ('under_review'). A
 * reviewer's decision to withhold a confirmed attempt's result holds it whatever the exam says
 * ('withheld'): it is a verdict, not a wait.
 */
export function resultHold(exam: HoldExamFacts, attempt: HoldAttemptFacts): ResultHold | null {
  const state = attempt.integrity_state ?? 'clear';
  if (state === 'confirmed' && attempt.integrity_outcome === 'withhold') return 'withheld';
  const waits = (exam.settings.resultsWaitForReview ?? false) || attempt.submit_reason === 'violations';
  if (!waits) return null;
  if (state === 'needs_review') return 'under_review';
  if (state === 'confirmed' && !attempt.integrity_outcome) return 'under_review';
  return null;
}

/** The same rule as a SQL expression (the hold's name, or null) over an exams row `exam` and an attempts row `attempt`. */
export function resultHoldSql(exam: string, attempt: string): string {
  const waits = `(coalesce((${exam}.settings->>'resultsWaitForReview')::boolean, false) or ${attempt}.submit_reason is not distinct from 'violations')`;
  return `(case
    when ${attempt}.integrity_state = 'confirmed' and ${attempt}.integrity_outcome = 'withhold' then 'withheld'
    when not ${waits} then null
    when ${attempt}.integrity_state = 'needs_review' then 'under_review'
    when ${attempt}.integrity_state = 'confirmed' and ${attempt}.integrity_outcome is null then 'under_review'
  end)`;
}

/** A student or parent sees this attempt's result: the exam's results are out and nothing holds it. */
export function resultShown(exam: ResultsVisibilityFacts & HoldExamFacts, attempt: HoldAttemptFacts & ReleaseAttemptFacts): boolean {
  return resultsVisible(exam, attempt) && resultHold(exam, attempt) === null;
}

/** The same rule as a SQL condition over an exams row `exam` and an attempts row `attempt`. */
export function resultShownSql(exam: string, attempt: string): string {
  return `(${resultsVisibleSql(exam, attempt)} and ${resultHoldSql(exam, attempt)} is null)`;
}
