import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
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

export interface QueuePlace {
  /** 1 for the next sign-in to be checked. */
  queuePosition: number;
  retryAfterSeconds: number;
  /** When the place's holder should come back (epoch ms). */
  returnAt: number;
}

export class SignInLine {
  /** Sign-ins let in and not yet answered (some still reading the account before they reach the hashing lanes). */
  private inFlight = 0;
  /** Return times promised to sign-ins sent away, not yet due. */
  private promised: number[] = [];

  constructor(private readonly lanes: Pick<WorkQueue, 'active' | 'queued' | 'concurrency' | 'averageTaskMs'>) {}

  get waiting(): number {
    return this.inFlight;
  }

  /**
   * Lets a sign-in in (call `leave` once it is answered), or gives it a place in line. `ticketAt`
   * is the return time of the holder's valid ticket: only promises before it count ahead of it.
   */
  enter(now: number, thresholdMs: number, ticketAt?: number): { leave: () => void } | QueuePlace {
    this.promised = this.promised.filter((at) => at > now);
    const before = ticketAt ?? Infinity;
    const promisedAhead = this.promised.reduce((n, at) => (at < before ? n + 1 : n), 0);
    // Registrations and password changes use the same lanes: count whichever is larger.
    const ahead = Math.max(this.inFlight, this.lanes.active + this.lanes.queued) + promisedAhead;
    // The wait in line before its own check starts (its own check is not counted: with nobody
    // ahead a sign-in is always let in, however slow the machine).
    const wait = (ahead * this.lanes.averageTaskMs) / this.lanes.concurrency;
    if (wait <= thresholdMs) {
      this.inFlight++;
      let left = false;
      return {
        leave: () => {
          if (left) return;
          left = true;
          this.inFlight--;
        },
      };
    }
    const retryAfterSeconds = Math.max(1, Math.ceil((wait - thresholdMs / 2) / 1000));
    const returnAt = now + retryAfterSeconds * 1000;
    this.promised.push(returnAt);
    return { queuePosition: ahead + 1, retryAfterSeconds, returnAt };
  }
}

export const signInLine = new SignInLine(hashing);

const sign = (secret: string, at: number) => createHmac('sha256', secret).update(`sign-in-line:${at}`).digest('base64url');

export function issueTicket(secret: string, returnAt: number): string {
  return `${returnAt}.${sign(secret, returnAt)}`;
}

/** The return time of a ticket this deployment signed and that is due now; undefined otherwise. */
export function readTicket(secret: string, ticket: string | undefined, now: number): number | undefined {
  const m = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(ticket ?? '');
  if (!m) return undefined;
  const at = Number(m[1]);
  const expected = Buffer.from(sign(secret, at));
  const given = Buffer.from(m[2]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return now >= at - TICKET_EARLY_MS && now <= at + TICKET_LATE_MS ? at : undefined;
}

/**
 * Before the login handler: a sign-in the lanes cannot take within the threshold is answered at
 * once with its place in line. Invalid input goes straight on to its 400 (it costs no hashing).
 */
export function signInQueue(deps: Deps, line: SignInLine = signInLine): Middleware {
  return async (ctx, next) => {
    if (!loginSchema.safeParse((ctx.request as { body?: unknown }).body ?? {}).success) return next();
    const { jwtSecret, signInQueueSeconds } = deps.config;
    const now = Date.now();
    const place = line.enter(now, signInQueueSeconds * 1000, readTicket(jwtSecret, ctx.get(TICKET_HEADER) || undefined, now));
    if ('queuePosition' in place) {
      const { queuePosition, retryAfterSeconds, returnAt } = place;
      ctx.status = 503;
      ctx.set('Retry-After', String(retryAfterSeconds));
      ctx.body = {
        success: false,
        message: fillMessage(retryAfterSeconds === 1 ? MSG.signInQueued_one : MSG.signInQueued_other, { position: queuePosition, count: retryAfterSeconds }),
        data: { queuePosition, retryAfterSeconds, queueTicket: issueTicket(jwtSecret, returnAt) },
      };
      return;
    }
    try {
      await next();
    } finally {
      place.leave();
    }
  };
}
