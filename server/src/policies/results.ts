/**
 * May a student or a parent see an exam's scores yet: when the exam shows results at once, or
 * once its teacher released them (docs/live-session.md). Staff always see them. An exam's stored
 * settings may lack the key (rows written before it existed, or seeded by hand); then the
 * settings' own default decides, which is to show results at once.
 */
export interface ResultsVisibilityFacts {
  settings: { showResultsImmediately?: boolean | null };
  results_released_at: Date | string | null;
}

export function resultsVisible(exam: ResultsVisibilityFacts): boolean {
  return (exam.settings.showResultsImmediately ?? true) || exam.results_released_at !== null;
}

/**
 * The same rule as a SQL condition over an exams row, for list queries and aggregates;
 * `exam` is the exams table's alias in the query (a name of ours, never user input).
 */
export function resultsVisibleSql(exam: string): string {
  return `(coalesce((${exam}.settings->>'showResultsImmediately')::boolean, true) or ${exam}.results_released_at is not null)`;
}
