import type { DeviceFlag } from '@exam/shared';

/** A burst of this many flags is taken at once; then they refill at REFILL_PER_S. */
export const FLAG_BURST = 5;
export const FLAG_REFILL_PER_S = 3;
/** One flag of a kind per this long: the device debounces at 3 s, so anything faster is a flood. */
export const FLAG_KIND_GAP_MS = 3000;

/** An attempt's flag budget on this socket (kept in the socket's data for the attempt). */
export interface FlagBudget {
  tokens: number;
  at: number;
  lastOfKind: Partial<Record<DeviceFlag, number>>;
}

export const newFlagBudget = (now: number): FlagBudget => ({ tokens: FLAG_BURST, at: now, lastOfKind: {} });

/**
 * Whether one more flag of this kind may be recorded now, taking it from the budget when so. Per
 * node is enough: an attempt's socket lives on one node, and a second socket gets its own budget
 * only by joining again, which the board sees.
 */
export function takeFlag(budget: FlagBudget, kind: DeviceFlag, now: number): boolean {
  budget.tokens = Math.min(FLAG_BURST, budget.tokens + ((now - budget.at) / 1000) * FLAG_REFILL_PER_S);
  budget.at = now;
  const last = budget.lastOfKind[kind];
  if (budget.tokens < 1 || (last !== undefined && now - last < FLAG_KIND_GAP_MS)) return false;
  budget.tokens -= 1;
  budget.lastOfKind[kind] = now;
  return true;
}
