import type { SubmitReason } from '@exam/shared';
import type { AttemptRow } from '../presenters/attempt';

/**
 * Ending attempts as services see it: the interface of the submission group commit
 * (services/attemptSubmitter.ts), so the dependency container names no implementation.
 */

/** Why and by whom an attempt ends, and what the student's client reported with it (POST /submissions). */
export interface SubmitBy {
  reason: SubmitReason;
  actorId: string | null;
  /** Seconds the client says it spent; left as stored when absent. */
  clientTimeSpent?: number;
  clientSecurityFlags?: unknown;
}

/** One call to end an attempt: a student's submit, a proctor's force-submit. */
export interface SubmitRequest extends SubmitBy {
  attemptId: string;
  /**
   * The taking screen's answers (POST /submissions): they fill in only what the server does not
   * already hold, and only while the attempt still takes saves. Autosave is the record.
   */
  answers?: Record<string, string | null>;
  /**
   * Answer once the attempt is committed and its room told (attempt:submitted, the proctor board),
   * without waiting for the results to reach parents and dashboards, which follow. The exam
   * screen's socket submit asks for this: at the deadline a student should not wait for the
   * school's notifications. Without it the call resolves after everything has been announced.
   */
  answerOnceTold?: boolean;
}

export interface SubmitResult {
  attempt: AttemptRow;
  /** False when the attempt had already been submitted (by a sweeper, a proctor, another tab). */
  changed: boolean;
}

export interface AttemptSubmitter {
  /** Ends the attempt exactly once; resolves after the commit, with the attempt as it now stands. */
  submit(request: SubmitRequest): Promise<SubmitResult>;
  /** Resolves when nothing is queued, being written or being announced (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * Who hears of the attempts a submission batch closed, once it has committed: their rooms and
 * the proctor boards at once, then students, parents and dashboards.
 */
export interface SubmissionAnnouncer {
  /** The attempts' rooms and the boards: the camera closes, the attempt is submitted. */
  tell(attempts: AttemptRow[]): void;
  /** Results to students and parents, and the dashboards. */
  followUp(attempts: AttemptRow[]): Promise<void>;
}
