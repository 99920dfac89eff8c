import { breakLeftMs, onBreak, type BreakState } from '@exam/shared';

/**
 * The exam clock around rest breaks (issue 56). The server moves the deadline when a break starts
 * (by all the break time left) and back when it ends early, and says so in an attempt:time that
 * may reach us before or after the attempt:break that caused it. Each deadline is therefore kept
 * with the server time it was read at: one read before the break started does not include its
 * move yet, one read before an early end still includes the part not taken. With that, the time
 * left is right whatever came first, and stands still while the student is away.
 */

/**
 * The break's times come from the database's clock, the serverNow beside a deadline from the app
 * server's: a deadline read this close to a break's start or end counts as read after it. Read
 * wrongly that way, it is put right by the attempt:time that follows every move at once; the other
 * way round, a skewed clock would count the break twice for as long as it lasts.
 */
const SKEW_MS = 1000;

/** A break this screen saw end, until a deadline read after its end arrives. */
export interface EndedBreak {
  startedAt: number;
  endsAt: number;
  endedAt: number;
}

export interface BreakClock {
  /** Server-clock milliseconds. */
  deadlineAt: number;
  /** The server time the deadline was read at (the serverNow that came with it). */
  deadlineReadAt: number;
  rest: BreakState | null;
  endedBreak: EndedBreak | null;
}

const at = (iso: string | null) => (iso ? Date.parse(iso) : NaN);

/** The break under way as numbers, or null. */
function current(rest: BreakState | null): { startedAt: number; endsAt: number } | null {
  if (rest?.state !== 'on-break') return null;
  const startedAt = at(rest.startedAt);
  const endsAt = at(rest.endsAt);
  return Number.isNaN(startedAt) || Number.isNaN(endsAt) ? null : { startedAt, endsAt };
}

/** The deadline as the server now holds it, whether or not its move for a break has reached us. */
export function effectiveDeadline(c: BreakClock): number {
  const running = current(c.rest);
  const before = (t: number) => c.deadlineReadAt < t - SKEW_MS;
  if (running) return before(running.startedAt) ? c.deadlineAt + (running.endsAt - running.startedAt) : c.deadlineAt;
  const ended = c.endedBreak;
  if (!ended || !before(ended.endedAt)) return c.deadlineAt;
  const moved = before(ended.startedAt) ? c.deadlineAt + (ended.endsAt - ended.startedAt) : c.deadlineAt;
  return moved - Math.max(0, ended.endsAt - ended.endedAt);
}

/** Exam time left at `serverNow`: on a break it stands at what was left when the break began. */
export function examTimeLeft(c: BreakClock, serverNow: number): number {
  const deadline = effectiveDeadline(c);
  const running = current(c.rest);
  if (running && serverNow < running.endsAt) return Math.max(0, deadline - running.endsAt);
  return Math.max(0, deadline - serverNow);
}

/** How much of the deadline is break time (taken, or set aside for the break under way): not exam time. */
export function breakShareOfDeadline(c: BreakClock): number {
  if (!c.rest) return 0;
  const running = current(c.rest);
  return c.rest.usedMs + (running ? running.endsAt - running.startedAt : 0);
}

/** On a break at `serverNow` (a break past its end is over here, before the server's word comes). */
export const restingAt = (rest: BreakState | null, serverNow: number) => onBreak(rest, serverNow);

/** The break ran past its end here, and the server has not said it is over yet. */
export function overranAt(rest: BreakState | null, serverNow: number): boolean {
  const running = current(rest);
  return !!running && serverNow >= running.endsAt;
}

/** Break time left at `serverNow`, or null when the student has no breaks. */
export function breakLeftAt(rest: BreakState | null, serverNow: number): number | null {
  return rest && rest.allowanceMs > 0 ? breakLeftMs(rest, serverNow) : null;
}

export interface BreakChange {
  rest: BreakState | null;
  restAt: number;
  endedBreak: EndedBreak | null;
  /** A break under way when the update came is over now. */
  ended: boolean;
  /** A break started with this update. */
  started: boolean;
}

/**
 * A new break state heard at `serverNow` (join, event or acknowledgement): the newest wins, since an
 * acknowledgement and the room's event tell the same change and either may come first. A break seen
 * to end leaves its times behind, for the deadline read before its end.
 */
export function nextBreak(
  prev: { rest: BreakState | null; restAt: number; endedBreak: EndedBreak | null },
  rest: BreakState | null,
  serverNow: number,
): BreakChange | null {
  if (serverNow < prev.restAt) return null;
  const before = current(prev.rest);
  const after = current(rest);
  const ended = !!before && (!after || after.startedAt !== before.startedAt);
  let endedBreak = prev.endedBreak;
  if (ended && before) {
    // The server ended it when the time taken was counted: startedAt plus what was added to usedMs.
    const taken = rest && prev.rest ? rest.usedMs - prev.rest.usedMs : before.endsAt - before.startedAt;
    endedBreak = { ...before, endedAt: Math.min(before.endsAt, before.startedAt + Math.max(0, taken)) };
  }
  return { rest, restAt: serverNow, endedBreak, ended, started: !!after && (!before || after.startedAt !== before.startedAt) };
}
