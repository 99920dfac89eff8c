import { formatDuration, marksText, type SubmitReason } from '@exam/shared';
import type { AnswerStatus, DisplayStatus, SubmissionAnswer } from './types';

/** How a submit reason reads in the security report. */
export const SUBMIT_REASON_TEXT: Record<SubmitReason, string> = {
  student: 'Submitted by the student',
  'time-expired': 'Submitted automatically: time expired',
  violations: 'Submitted automatically: too many security violations',
  proctor: 'Submitted by the proctor',
};

export const ANSWER_STATUS_TEXT: Record<AnswerStatus, string> = {
  correct: 'Correct',
  partial: 'Partially correct',
  incorrect: 'Incorrect',
  pending: 'Pending review',
  skipped: 'Skipped',
  submitted: 'Submitted',
};

export const ANSWER_STATUS_COLOR: Record<AnswerStatus, string> = {
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
  if (a.status === 'partial' && a.marks !== null) return `${ANSWER_STATUS_TEXT.partial} · ${marksText(a.marks, a.points)}`;
  return ANSWER_STATUS_TEXT[a.status];
}

/** Badge colours always sit next to the status words, never alone. */
export const DISPLAY_STATUS_COLOR: Record<DisplayStatus, string> = {
  'In Progress': 'blue',
  Reviewing: 'yellow',
  Passed: 'green',
  Failed: 'red',
  Submitted: 'gray',
};

/** Colour bands of surroundings §9 (90, 80, 70, 60); the number or grade is always printed too. */
export function scoreColor(pct: number): string {
  if (pct >= 90) return 'teal';
  if (pct >= 80) return 'green';
  if (pct >= 70) return 'blue';
  if (pct >= 60) return 'yellow';
  return 'red';
}

/** Time spent (seconds) as hours and minutes (spec core §9); under a minute reads as such. */
export function formatTimeSpent(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  if (seconds < 60) return 'Under 1 min';
  return formatDuration(Math.round(seconds / 60));
}

export const studentName = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`.trim();

export const percentText = (pct: number | null | undefined) => (pct === null || pct === undefined ? '—' : `${pct}%`);
