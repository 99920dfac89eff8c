import type { BreakState } from '@exam/shared';

export const MINUTE = 60_000;
export const iso = (ms: number) => new Date(ms).toISOString();

/** A break state as the server sends it: ten minutes of breaks, none taken, nothing asked. */
export const rest = (over: Partial<BreakState> = {}): BreakState => ({
  state: 'none',
  requestedAt: null,
  startedAt: null,
  endsAt: null,
  usedMs: 0,
  allowanceMs: 10 * MINUTE,
  automatic: false,
  ...over,
});
