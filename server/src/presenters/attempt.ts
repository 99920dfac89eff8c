import type { Attempt, AttemptStatus, IntegrityOutcome, IntegrityState, SubmitReason } from '@exam/shared';

export interface AttemptRow {
  id: string;
  exam_id: string;
  student_id: string;
  attempt_number: number;
  status: AttemptStatus;
  /** Derived from its flags' decisions (issue 53); rows read before the column existed lack it. */
  integrity_state?: IntegrityState;
  integrity_outcome?: IntegrityOutcome | null;
  started_at: Date;
  deadline_at: Date;
  submitted_at: Date | null;
  submit_reason: SubmitReason | null;
  question_order: string[];
  option_order: Record<string, number[]>;
  tab_switches: number;
  fullscreen_exits: number;
  other_violations: number;
  warnings: number;
  extra_minutes: number;
  /** Rest breaks (shared/src/restBreaks.ts); rows read before the columns existed lack them. */
  break_requested_at?: Date | null;
  break_started_at?: Date | null;
  break_ends_at?: Date | null;
  break_used_ms?: number;
  score: number | string | null;
  max_score: number | null;
  percentage: number | null;
  passed: boolean | null;
  correct_count: number | null;
  /** Answers given some but not all of their points (an essay marked 3 of 5). */
  partial_count: number | null;
  incorrect_count: number | null;
  skipped_count: number | null;
  pending_count: number | null;
  graded_at: Date | null;
  client_time_spent: number | null;
  client_security_flags: unknown;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Seconds between start and submission, by the server's clock (what the client says is only recorded). */
export function serverTimeSpent(row: Pick<AttemptRow, 'started_at' | 'submitted_at'>): number | null {
  if (!row.submitted_at) return null;
  return Math.max(0, Math.round((new Date(row.submitted_at).getTime() - new Date(row.started_at).getTime()) / 1000));
}

/** The attempt, for its student and the exam's staff. */
export function presentAttempt(row: AttemptRow): Attempt {
  const timeSpent = serverTimeSpent(row);
  return {
    _id: row.id,
    examId: row.exam_id,
    studentId: row.student_id,
    attemptNumber: row.attempt_number,
    status: row.status,
    isSubmitted: row.status !== 'in_progress',
    startedAt: iso(row.started_at),
    deadlineAt: iso(row.deadline_at),
    submittedAt: iso(row.submitted_at),
    submitReason: row.submit_reason,
    extraMinutes: row.extra_minutes,
    timeSpent,
    timeTaken: timeSpent === null ? null : Math.round(timeSpent / 60),
    securityFlags: { tabSwitches: row.tab_switches, fullscreenExited: row.fullscreen_exits, warningsReceived: row.warnings },
  };
}
