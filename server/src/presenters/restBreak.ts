import type { BreakState } from '@exam/shared';

/** An attempt's break columns, as timestamps or as epoch milliseconds (the board reads them as numbers). */
export interface BreakColumns {
  break_requested_at?: Date | string | number | null;
  break_started_at?: Date | string | number | null;
  break_ends_at?: Date | string | number | null;
  break_used_ms?: number | string | null;
}

/** What the student's accommodation gives in breaks (restBreakMinutes, breaksAutomatic). */
export interface BreakAllowance {
  restBreakMinutes: number;
  breaksAutomatic: boolean;
}

const MINUTE_MS = 60_000;
const iso = (t: Date | string | number | null | undefined) => (t === null || t === undefined ? null : new Date(t).toISOString());

/**
 * Where an attempt stands with its breaks; null for a student with no allowance who never took a
 * break and has none open (their screen and board row show nothing of breaks).
 */
export function presentBreak(row: BreakColumns, allowance: BreakAllowance | null | undefined): BreakState | null {
  const allowanceMs = Math.max(0, (allowance?.restBreakMinutes ?? 0) * MINUTE_MS);
  const usedMs = Number(row.break_used_ms ?? 0);
  const startedAt = iso(row.break_started_at);
  const requestedAt = iso(row.break_requested_at);
  if (!allowanceMs && !usedMs && !startedAt && !requestedAt) return null;
  return {
    state: startedAt ? 'on-break' : requestedAt ? 'requested' : 'none',
    requestedAt: startedAt ? null : requestedAt,
    startedAt,
    endsAt: startedAt ? iso(row.break_ends_at) : null,
    usedMs,
    allowanceMs,
    automatic: !!allowance?.breaksAutomatic,
  };
}

/** The state as the student and the proctors hear it in an event: never null there. */
export const NO_BREAK: BreakState = { state: 'none', requestedAt: null, startedAt: null, endsAt: null, usedMs: 0, allowanceMs: 0, automatic: false };
