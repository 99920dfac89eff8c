import type { Submission } from '@exam/shared';

export interface ResultsSummary {
  total: number;
  /** Over final results only; null when there are none yet. */
  average: number | null;
  passed: number;
  best: number | null;
  /** Results counted in the average and best (released and fully graded). */
  final: number;
}

/**
 * The results list's summary cards. A hidden, held (integrity review) or partly graded result has
 * no final percentage, so it counts towards the total but not towards the average, passes or best score.
 */
export function summarise(submissions: Submission[]): ResultsSummary {
  const final = submissions.filter((s) => s.resultsReleased && !s.integrityHold && s.isGraded && s.percentage !== null);
  const pcts = final.map((s) => s.percentage!);
  return {
    total: submissions.length,
    average: pcts.length ? Math.round(pcts.reduce((a, b) => a + b, 0) / pcts.length) : null,
    passed: final.filter((s) => s.isPassed).length,
    best: pcts.length ? Math.max(...pcts) : null,
    final: final.length,
  };
}
