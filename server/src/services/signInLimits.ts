import type { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { Errors, type AppError } from '../errors';
import { consumeOrThrow, type RateLimiters } from './rateLimits';

/*
 * Sign-in budgets count failures only: a whole school signing in correctly from one address
 * never spends anything. Decided by address is only what an address does (guessing); a right
 * password for an account nobody is attacking always gets in. Counters, all per window:
 *  - per address: stops one host guessing across many accounts. Past it the address's wrong
 *    passwords are refused (429, still counted on the account) but a right password still signs
 *    in to an account that is not under attack: one host behind a school's NAT must not keep a
 *    hall of students out. Such an address gets only so many password checks a minute, right or
 *    wrong, so a host guessing from it cannot keep the hashing busy for everyone;
 *  - per account and address: one address guessing one account waits out the window, right
 *    password or not (otherwise the answer would tell it when it guessed right);
 *  - per account: past it the account is "under attack" and every address gets only a few
 *    failures on it. An address without failures (the owner at home) is still let in with the
 *    right password, so strangers' wrong passwords never lock the owner out;
 *  - per account and device: a browser that signed in to the account before (its device cookie,
 *    auth/deviceTokens.ts) is counted on its own instead of by address, and the address's and
 *    the account's counts do not apply to it: a classmate's failures at the same school address
 *    never lock out the owner's own browser, and the classmate cannot spend its budget.
 */

/** Where a sign-in comes from: its address, and the browser's device id when it carries a valid device cookie for the account. */
export interface SignInSource {
  ip: string;
  device?: string;
}

/** What the check before the password saw, for the verdict after it. */
export interface SignInCheck {
  /** The 429 for this address when it has spent its failure budget (only for sign-ins without a device). */
  addressSpent?: AppError;
  underAttack: boolean;
}

const accountAtIp = (account: string, ip: string) => `${account}|${ip}`;
const accountOnDevice = (account: string, device: string) => `${account}|${device}`;

interface Count {
  used: number;
  msLeft: number;
}

async function count(limiter: RateLimiterAbstract, key: string): Promise<Count> {
  const res: RateLimiterRes | null = await limiter.get(key);
  return res ? { used: res.consumedPoints, msLeft: res.msBeforeNext } : { used: 0, msLeft: 0 };
}

/**
 * Before the password is checked (so refused guesses cost no hashing): throws the 429 (with
 * Retry-After) when this source may not try this account now. Spends nothing.
 */
export async function assertMaySignIn(l: RateLimiters, account: string, source: SignInSource): Promise<SignInCheck> {
  if (source.device) {
    const onDevice = await count(l.loginFailuresAccountDevice, accountOnDevice(account, source.device));
    if (onDevice.used >= l.loginFailuresAccountDevice.points) throw Errors.tooManyRequests(onDevice.msLeft / 1000);
    return { underAttack: false };
  }
  const { ip } = source;
  const [fromIp, atIp, onAccount] = await Promise.all([
    count(l.loginFailuresIp, ip),
    count(l.loginFailuresAccountIp, accountAtIp(account, ip)),
    count(l.loginFailuresAccount, account),
  ]);
  if (atIp.used >= l.loginFailuresAccountIp.points) throw Errors.tooManyRequests(atIp.msLeft / 1000);
  const underAttack = onAccount.used >= l.loginFailuresAccount.points;
  if (underAttack && atIp.used >= l.loginUnderAttackBudget) {
    // Free again when either the attack's window or this address's own failures expire.
    throw Errors.tooManyRequests(Math.min(onAccount.msLeft, atIp.msLeft) / 1000);
  }
  if (fromIp.used < l.loginFailuresIp.points) return { underAttack };
  // Spent before the hash, so an address past its budget is refused cheaply once it checks too fast.
  await consumeOrThrow(l.loginChecksPastBudget, ip);
  return { addressSpent: Errors.tooManyRequests(fromIp.msLeft / 1000), underAttack };
}

/**
 * After the password is checked: counts a failure (and throws the 429 when the address had
 * already spent its budget), or lets a right password through unless the address is past its
 * budget and the account is under attack. The caller answers a failure it gets back with 401.
 */
export async function settleSignIn(l: RateLimiters, account: string, source: SignInSource, check: SignInCheck, passwordOk: boolean): Promise<void> {
  if (!passwordOk) {
    await recordFailedSignIn(l, account, source);
    if (check.addressSpent) throw check.addressSpent;
    return;
  }
  // A host past its budget guessing an account others are attacking learns nothing from a right guess.
  if (check.addressSpent && check.underAttack) throw check.addressSpent;
  await recordSuccessfulSignIn(l, account, source);
}

async function recordFailedSignIn(l: RateLimiters, account: string, source: SignInSource): Promise<void> {
  if (source.device) {
    await l.loginFailuresAccountDevice.penalty(accountOnDevice(account, source.device), 1);
    return;
  }
  await Promise.all([
    l.loginFailuresIp.penalty(source.ip, 1),
    l.loginFailuresAccountIp.penalty(accountAtIp(account, source.ip), 1),
    l.loginFailuresAccount.penalty(account, 1),
  ]);
}

/**
 * The right password forgives this address's (or this device's) typos on the account. The
 * address's and the account's totals stay: otherwise one valid account would let a host reset
 * its budget, and the owner signing in would end an attack's throttle.
 */
async function recordSuccessfulSignIn(l: RateLimiters, account: string, source: SignInSource): Promise<void> {
  if (source.device) await l.loginFailuresAccountDevice.delete(accountOnDevice(account, source.device));
  else await l.loginFailuresAccountIp.delete(accountAtIp(account, source.ip));
}
