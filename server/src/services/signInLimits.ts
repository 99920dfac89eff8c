import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { Errors } from '../errors';
import type { RateLimiters } from './rateLimits';

/*
 * Sign-in budgets count failures only: a whole school signing in correctly from one address
 * never spends anything. Three counters, all per window:
 *  - per address: stops one host guessing across many accounts;
 *  - per account and address: one address guessing one account waits out the window;
 *  - per account: past it the account is "under attack" and every address gets only a few
 *    failures on it. An address without failures (the owner at home) is still let in with the
 *    right password, so strangers' wrong passwords never lock the owner out.
 */

const accountAtIp = (account: string, ip: string) => `${account}|${ip}`;

interface Count {
  used: number;
  msLeft: number;
}

async function count(limiter: RateLimiterAbstract, key: string): Promise<Count> {
  const res: RateLimiterRes | null = await limiter.get(key);
  return res ? { used: res.consumedPoints, msLeft: res.msBeforeNext } : { used: 0, msLeft: 0 };
}

/** Throws the 429 (with Retry-After) when this address may not try this account now. Spends nothing. */
export async function assertMaySignIn(l: RateLimiters, account: string, ip: string): Promise<void> {
  const [fromIp, atIp, onAccount] = await Promise.all([
    count(l.loginFailuresIp, ip),
    count(l.loginFailuresAccountIp, accountAtIp(account, ip)),
    count(l.loginFailuresAccount, account),
  ]);
  if (fromIp.used >= l.loginFailuresIp.points) throw Errors.tooManyRequests(fromIp.msLeft / 1000);
  if (atIp.used >= l.loginFailuresAccountIp.points) throw Errors.tooManyRequests(atIp.msLeft / 1000);
  if (onAccount.used >= l.loginFailuresAccount.points && atIp.used >= l.loginUnderAttackBudget) {
    // Free again when either the attack's window or this address's own failures expire.
    throw Errors.tooManyRequests(Math.min(onAccount.msLeft, atIp.msLeft) / 1000);
  }
}

export async function recordFailedSignIn(l: RateLimiters, account: string, ip: string): Promise<void> {
  await Promise.all([
    l.loginFailuresIp.penalty(ip, 1),
    l.loginFailuresAccountIp.penalty(accountAtIp(account, ip), 1),
    l.loginFailuresAccount.penalty(account, 1),
  ]);
}

/**
 * The right password from this address forgives this address's typos on the account. The
 * address's and the account's totals stay: otherwise one valid account would let a host reset
 * its budget, and the owner signing in would end an attack's throttle.
 */
export async function recordSuccessfulSignIn(l: RateLimiters, account: string, ip: string): Promise<void> {
  await l.loginFailuresAccountIp.delete(accountAtIp(account, ip));
}
