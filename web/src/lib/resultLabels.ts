import type { DisplayStatus, ShownAnswerStatus, SubmissionAnswer, SubmitReason } from '@exam/shared';
import { i18n } from '../i18n';
import { enumLabel, formatDuration, formatNumber, formatPercent } from '../i18n/format';

const t = (key: string, values?: Record<string, unknown>) => i18n.t(key, { ns: 'results', ...values });

/** How a submit reason reads in the security report. */
export const submitReasonText = (reason: SubmitReason): string => t(`security.reasons.${reason}`);

export const answerStatusLabel = (status: ShownAnswerStatus): string => t(`answerStatus.${status}`);

export const ANSWER_STATUS_COLOR: Record<ShownAnswerStatus, string> = {
  correct: 'green',
  // Some marks earned: never the red of a wrong answer.
  partial: 'orange',
  incorrect: 'red',
  pending: 'yellow',
  skipped: 'gray',
  submitted: 'blue',
};

/**
 * An answer's status in words, as its badge reads: "Partially correct · 3 / 5" with the marks it
 * earned (the status itself comes from the shared classifyAnswer, on the server).
 */
export function answerStatusText(a: Pick<SubmissionAnswer, 'status' | 'marks' | 'points'>): string {
  if (a.status === 'partial' && a.marks !== null) return t('answerStatus.partialWithMarks', { marks: formatNumber(a.marks), points: formatNumber(a.points) });
  return answerStatusLabel(a.status);
}

/**
 * A result's outcome as a status of common:enums.submissionStatuses. No outcome yet (isPassed
 * null: an essay waiting for its marks) reads as Reviewing, never as Failed.
 */
export const outcomeStatus = (isPassed: boolean | null | undefined): 'passed' | 'failed' | 'reviewing' =>
  isPassed === true ? 'passed' : isPassed === false ? 'failed' : 'reviewing';
export const OUTCOME_COLOR = { passed: 'green', failed: 'red', reviewing: 'yellow' } as const;

/** Badge colours always sit next to the status words, never alone. */
export const DISPLAY_STATUS_COLOR: Record<DisplayStatus, string> = {
  'In Progress': 'blue',
  Reviewing: 'yellow',
  Passed: 'green',
  Failed: 'red',
  Submitted: 'gray',
};

/** The server's display status ('In Progress') in the reader's language. */
export const displayStatusText = (status: DisplayStatus): string => enumLabel('submissionStatuses', status.toLowerCase().replace(/\s+/g, '-'));

/** Colour bands (90, 80, 70, 60); the number or grade is always printed too. */
export function scoreColor(pct: number): string {
  if (pct >= 90) return 'teal';
  if (pct >= 80) return 'green';
  if (pct >= 70) return 'blue';
  if (pct >= 60) return 'yellow';
  return 'red';
}

/** Time spent (seconds) as hours and minutes; under a minute reads as such. */
export function formatTimeSpent(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return t('timeSpent.underMinute');
  return formatDuration(Math.round(seconds / 60));
}

export const studentName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();

export const percentText = (pct: number | null | undefined) => (pct === null || pct === undefined ? '—' : formatPercent(pct, 2));

/** The result screen's closing words for a final percentage. */
export function resultMessageText(pct: number): string {
  const key = pct >= 90 ? 'outstanding' : pct >= 80 ? 'great' : pct >= 70 ? 'good' : pct >= 60 ? 'fair' : pct >= 50 ? 'halfway' : 'keepStudying';
  return t(`score.message.${key}`);
}
