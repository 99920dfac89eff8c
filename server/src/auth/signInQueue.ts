import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { loginSchema, MSG, fillMessage } from '@exam/shared';
import type { Deps } from '../deps';
import { hashing } from './passwords';
import type { WorkQueue } from './workQueue';

/*
 * A hall signing in at once. Every sign-in costs one argon2 verification, and the hashing lanes
 * verify a few dozen a second, so 500 at once would wait up to half a minute, close to the web
 * app's 30 s limit. Rather than let a sign-in wait that long in silence, a node that expects a new
 * sign-in to wait longer than SIGN_IN_QUEUE_SECONDS answers at once (503, before any password is
 * checked or any sign-in budget spent): "you are number N in line, come back in S seconds".
 *
 * The line is honest: each sign-in sent away gets a place after everyone already waiting and
 * after everyone sent away before it, and a time to come back when the work ahead of it should
 * have shrunk to half the threshold. Those times are spaced at the rate the lanes verify, so the
 * line comes back in order instead of all at once. A signed ticket with that time travels with
 * the retry (X-Sign-In-Ticket): newcomers count the sign-ins promised a return ahead of them, and
 * a ticket holder counts only those promised earlier, so nobody who arrives later overtakes it.
 * The ticket is signed with the nodes' shared secret, so any node honours it; each node counts
 * its own line (its own hashing lanes).
 */

export const TICKET_HEADER = 'x-sign-in-ticket';
/** A ticket is honoured from shortly before its time (timers and clocks differ) until long after (a tab throttled in the background). */
const TICKET_EARLY_MS = 2_000;
const TICKET_LATE_MS = 5 * 60_000;

const MAX_RETRY_SECONDS = 60;

export interface QueuePlace {
  /** 1 for the next sign-in to be checked. */
  queuePosition: number;
  retryAfterSeconds: number;
  /** The place's time in line, carried by its ticket: whoever holds an earlier one is ahead. */
  placeAt: number;
}

export interface Admitted {
  /** Once the sign-in is answered; `served` false when it was sent away after all (overdue). */
  leave: (at?: number, served?: boolean) => void;
  /** Its time in line, for a place if it is sent away after all. */
  placeAt: number;
}

interface Promise_ {
  placeAt: number;
  dueAt: number;
}

const countBefore = (times: Iterable<number>, before: number) => {
  let n = 0;
  for (const t of times) if (t < before) n++;
  return n;
};

export class SignInLine {
  /** Sign-ins let in and not yet answered (some still reading the account before they reach the hashing lanes), by their time in line. */
  private readonly inFlight = new Map<object, number>();
  /** Sign-ins sent away, until they are due back. */
  private promised: Promise_[] = [];
  /**
   * Time between two sign-ins answered while others still waited for a lane: what one sign-in
   * costs end to end when the lanes are the bottleneck (its account read and session write too,
   * on a machine busier than the lanes' own timing shows). A moving average; until measured, what
   * the lanes say. Only saturated stretches count: a gap while the lanes idled (the line sent
   * people away and they have not come back yet) would make the line look slower than it is, send
   * the next ones away for longer, and idle the lanes further.
   */
  private perAnsweredMs: number | undefined;
  private lastAnsweredAt = 0;
  /** Whether the last sign-in answered left others waiting for a lane (the gap since it is then a saturated one). */
  private lastSaturated = false;

  constructor(private readonly lanes: Pick<WorkQueue, 'active' | 'queued' | 'concurrency' | 'averageTaskMs'>) {}

  get waiting(): number {
    return this.inFlight.size;
  }

  private get perSignInMs(): number {
    return Math.max(this.lanes.averageTaskMs / this.lanes.concurrency, this.perAnsweredMs ?? 0);
  }

  /**
   * Lets a sign-in in (call `leave` once it is answered), or gives it a place in line. `ticketAt`
   * is the time in line of the holder's valid ticket: only those with earlier times count ahead.
   */
  enter(now: number, thresholdMs: number, ticketAt?: number): Admitted | QueuePlace {
    this.promised = this.promised.filter((p) => p.dueAt > now);
    const promisedTimes = this.promised.map((p) => p.placeAt);
    const ahead =
      ticketAt === undefined
        ? // Registrations and password changes use the same lanes: count whichever is larger.
          Math.max(this.inFlight.size, this.lanes.active + this.lanes.queued) + this.promised.length
        : countBefore(this.inFlight.values(), ticketAt) + countBefore(promisedTimes, ticketAt);
    // The wait in line before its own check starts (its own check is not counted: with nobody
    // ahead a sign-in is always let in, however slow the machine).
    const wait = ahead * this.perSignInMs;
    if (wait > thresholdMs) return this.sendAway(now, thresholdMs, ahead, ticketAt);
    const placeAt = ticketAt ?? now;
    const key = {};
    if (this.inFlight.size === 0) this.lastSaturated = false;
    this.inFlight.set(key, placeAt);
    return {
      placeAt,
      leave: (at = Date.now(), served = true) => {
        if (!this.inFlight.delete(key)) return;
        if (!served) return;
        const saturated = this.lanes.queued > 0;
        if (saturated && this.lastSaturated) {
          const gap = at - this.lastAnsweredAt;
          this.perAnsweredMs = this.perAnsweredMs === undefined ? gap : this.perAnsweredMs + (gap - this.perAnsweredMs) * 0.2;
        }
        this.lastSaturated = saturated;
        this.lastAnsweredAt = at;
      },
    };
  }

  /**
   * A sign-in let in that has waited too long after all (the machine slowed down): it leaves
   * and gets a place by its time in line, so it comes back ahead of everyone who came after it.
   */
  overdue(now: number, thresholdMs: number, admitted: Admitted): QueuePlace {
    admitted.leave(now, false);
    this.promised = this.promised.filter((p) => p.dueAt > now);
    const ahead = countBefore(this.inFlight.values(), admitted.placeAt) + countBefore(this.promised.map((p) => p.placeAt), admitted.placeAt);
    return this.sendAway(now, thresholdMs, ahead, admitted.placeAt);
  }

  private sendAway(now: number, thresholdMs: number, ahead: number, placeAt?: number): QueuePlace {
    // Back when the work ahead of it should be down to half the threshold; at the latest in a
    // minute, to hear a fresh estimate (the web app never waits longer either).
    const retryAfterSeconds = Math.min(MAX_RETRY_SECONDS, Math.max(1, Math.ceil((ahead * this.perSignInMs - thresholdMs / 2) / 1000)));
    const dueAt = now + retryAfterSeconds * 1000;
    // A newcomer's place is its time to come back; one that already had a place keeps it.
    const place = { placeAt: placeAt ?? dueAt, dueAt };
    this.promised.push(place);
    return { queuePosition: ahead + 1, retryAfterSeconds, placeAt: place.placeAt };
  }
}

export const signInLine = new SignInLine(hashing);

const sign = (secret: string, at: number) => createHmac('sha256', secret).update(`sign-in-line:${at}`).digest('base64url');

export function issueTicket(secret: string, placeAt: number): string {
  return `${placeAt}.${sign(secret, placeAt)}`;
}

/** The time in line of a ticket this deployment signed and that may be used now; undefined otherwise. */
export function readTicket(secret: string, ticket: string | undefined, now: number): number | undefined {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(ticket ?? '');
  if (!m) return undefined;
  const at = Number(m[1]);
  const expected = Buffer.from(sign(secret, at));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return now >= at - TICKET_EARLY_MS && now <= at + TICKET_LATE_MS ? at : undefined;
}

/** Why a sign-in let in stops waiting for its password check: it has waited too long (see `signInDeadline`). */
export class OverdueInLine extends Error {
  constructor() {
    super('The sign-in waited too long for a hashing lane');
  }
}

/**
 * The longest a sign-in let in may take before it is sent away with a place after all: three
 * thresholds, and never near the web app's 30 s limit. The estimate that let it in is only an
 * estimate (a burst before anything was timed, a machine that slows down), and a student should
 * hear where they stand, not see the page give up.
 */
export const overdueAfterMs = (thresholdMs: number) => Math.min(25_000, 3 * thresholdMs);

/**
 * Before the login handler: a sign-in the lanes cannot take within the threshold is answered at
 * once with its place in line. Invalid input goes straight on to its 400 (it costs no hashing).
 * A sign-in let in finds `ctx.state.signInDeadline`: the login's wait for a hashing lane ends
 * when it aborts, and the sign-in is then answered with its place after all.
 */
export function signInQueue(deps: Deps, line: SignInLine = signInLine): Middleware {
  return async (ctx, next) => {
    if (!loginSchema.safeParse((ctx.request as { body?: unknown }).body ?? {}).success) return next();
    const { jwtSecret, signInQueueSeconds } = deps.config;
    // Turned off (SIGN_IN_QUEUE_SECONDS=0): every sign-in waits for its lane, however long.
    if (signInQueueSeconds <= 0) return next();
    const thresholdMs = signInQueueSeconds * 1000;
    const now = Date.now();
    const entered = line.enter(now, thresholdMs, readTicket(jwtSecret, ctx.get(TICKET_HEADER) || undefined, now));
    if ('queuePosition' in entered) return answerWithPlace(ctx, jwtSecret, entered);
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new OverdueInLine()), overdueAfterMs(thresholdMs));
    ctx.state.signInDeadline = deadline.signal;
    try {
      await next();
    } catch (err) {
      if (!(err instanceof OverdueInLine)) throw err;
      answerWithPlace(ctx, jwtSecret, line.overdue(Date.now(), thresholdMs, entered));
    } finally {
      clearTimeout(timer);
      entered.leave();
    }
  };
}

function answerWithPlace(ctx: Context, secret: string, place: QueuePlace): void {
  const { queuePosition, retryAfterSeconds, placeAt } = place;
  ctx.status = 503;
  ctx.set('Retry-After', String(retryAfterSeconds));
  ctx.body = {
    success: false,
    message: fillMessage(retryAfterSeconds === 1 ? MSG.signInQueued_one : MSG.signInQueued_other, { position: queuePosition, count: retryAfterSeconds }),
    data: { queuePosition, retryAfterSeconds, queueTicket: issueTicket(secret, placeAt) },
  };
}
