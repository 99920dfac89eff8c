import { z } from 'zod';
import messages from './locales/en/messages.json' with { type: 'json' };
import { isoTime } from './wireTime';

/**
 * Rest breaks (issue 56): a student whose accommodation gives them break minutes may stop the
 * clock. They ask on the exam screen; a proctor grants or refuses on the board, or the break
 * starts at once when their accommodation says breaks are automatic. While on a break the
 * questions are hidden, saves are refused (`on-break`, kept by the client for afterwards) and
 * violations are not counted. The break ends when the student comes back, when a proctor ends it,
 * or by itself when the allowance is used up; the deadline moves by exactly the time paused.
 *
 * The server keeps the clock: when a break starts the deadline moves by the whole time left of
 * the allowance (so no sweeper can close an attempt on a break), and when it ends early the part
 * not taken comes off again. A break that outlasts the allowance has already moved the deadline by
 * all of it: ending it changes nothing but the state (docs/accommodations.md).
 */
export const BREAK_MSG = messages.accommodations;

export const BREAK_STATES = ['none', 'requested', 'on-break'] as const;
export type BreakStatus = (typeof BREAK_STATES)[number];

/** Saves sent just before a break started are still taken for this long (as at the deadline). */
export const BREAK_SAVE_GRACE_MS = 1000;

/** Where an attempt stands with its rest breaks, as the student's screen and the board read it. */
export const breakStateSchema = z.object({
  state: z.enum(BREAK_STATES),
  requestedAt: isoTime.nullable().describe('When the student asked, while the request waits for a proctor'),
  startedAt: isoTime.nullable().describe('When the current break started'),
  endsAt: isoTime.nullable().describe('When the current break ends by itself: its allowance is used up'),
  usedMs: z.number().int().min(0).describe('Break time taken in earlier breaks of this attempt (the clock was stopped this long)'),
  allowanceMs: z.number().int().min(0).describe("The attempt's whole break allowance, from the student's accommodation"),
  automatic: z.boolean().describe('A request starts the break at once, without a proctor'),
});
export type BreakState = z.infer<typeof breakStateSchema>;

/** attempt:break, student → server. request: ask for a break (starts it when automatic); cancel: withdraw the request; end: back to the exam. */
export const attemptBreakSchema = z.object({
  attemptId: z.uuid(messages.validation.idRequired),
  action: z.enum(['request', 'cancel', 'end']),
});
export type AttemptBreakRequest = z.infer<typeof attemptBreakSchema>;

/** proctor:break, proctor → server. grant or refuse a request; end a break the student has not ended. */
export const proctorBreakSchema = z.object({
  attemptId: z.uuid(messages.validation.idRequired),
  action: z.enum(['grant', 'refuse', 'end']),
});
export type ProctorBreakRequest = z.infer<typeof proctorBreakSchema>;

/** attempt:break, server → the attempt's room: its break state changed. */
export const attemptBreakEventSchema = z.object({
  attemptId: z.uuid(),
  serverNow: isoTime,
  break: breakStateSchema,
  refused: z.boolean().optional().describe('A proctor refused the request just withdrawn'),
});
export type AttemptBreakEvent = z.infer<typeof attemptBreakEventSchema>;

/** The acknowledgement of attempt:break and proctor:break: the state after the action. */
export const breakAckSchema = z.object({ serverNow: isoTime, break: breakStateSchema });
export type BreakAck = z.infer<typeof breakAckSchema>;

/** Break time the student still has, counting the break under way up to `nowMs`. */
export function breakLeftMs(b: BreakState, nowMs: number): number {
  const current = b.state === 'on-break' && b.startedAt ? Math.max(0, nowMs - Date.parse(b.startedAt)) : 0;
  return Math.max(0, b.allowanceMs - b.usedMs - current);
}

/** The clock has been stopped this long in all, the break under way included. */
export function pausedMs(b: BreakState, nowMs: number): number {
  return b.allowanceMs - breakLeftMs(b, nowMs);
}

/** Whether the student is on a break at `nowMs` (a break past its end is over, whatever the stored state). */
export function onBreak(b: BreakState | null | undefined, nowMs: number): boolean {
  return !!b && b.state === 'on-break' && !!b.endsAt && nowMs < Date.parse(b.endsAt);
}

/** Whether the student may ask for a break now. */
export function canRequestBreak(b: BreakState | null | undefined, nowMs: number): boolean {
  return !!b && b.state === 'none' && breakLeftMs(b, nowMs) > 0;
}
