import type { ViolationType } from '@exam/shared';
import type { AttemptRow } from '../presenters/attempt';
import type { FeedEvent } from './realtime';

/**
 * Recording violations as the live session sees it: the interface of the violation group commit
 * (services/violations.ts), so the dependency container names no implementation.
 */

export interface ViolationInput {
  attemptId: string;
  studentId: string;
  type: ViolationType;
  at?: number | string;
  /** Device flags only (issue 58): kept in the event's detail for the proctor and the evidence link. */
  confidence?: number;
  durationMs?: number;
  flagId?: string;
}

export interface ViolationResult {
  counts: { tabSwitches: number; fullscreenExits: number };
  /** Violations of every other kind the attempt has had. */
  other: number;
  submitted: boolean;
  /** True when this very event ended the attempt. */
  crossed: boolean;
  /** Not recorded: the student is on a rest break. */
  ignored?: boolean;
}

export interface ViolationRecorder {
  record(input: ViolationInput): Promise<ViolationResult>;
  /** Resolves when nothing is queued, being written or being announced (tests, shutdown). */
  drain(): Promise<void>;
}

/** Who hears of recorded violations, once their batch has committed. */
export interface ViolationAnnouncer {
  /** The proctor board, of each violation in order. */
  tell(events: FeedEvent[]): void;
  /** Attempts a violation ended: their rooms, the board, then results (before their callers hear). */
  announce(attempts: AttemptRow[]): Promise<void>;
}
