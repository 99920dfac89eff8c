import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimits } from '../config';
import { Errors } from '../errors';

export interface RateLimiters {
  loginFailuresIp: RateLimiterAbstract;
  loginFailuresAccountIp: RateLimiterAbstract;
  loginFailuresAccount: RateLimiterAbstract;
  /** Failures on an account from one browser that signed in to it before (its device cookie). */
  loginFailuresAccountDevice: RateLimiterAbstract;
  /** Password checks a minute, right or wrong, from an address past its failure budget. */
  loginChecksPastBudget: RateLimiterAbstract;
  /** Failures an address may have on an account while that account is under attack. */
  loginUnderAttackBudget: number;
  registerIp: RateLimiterAbstract;
  forgotIp: RateLimiterAbstract;
  forgotAccount: RateLimiterAbstract;
  resendAccount: RateLimiterAbstract;
  /** One verification mail per account per cooldown: a second press of "Resend" right away is refused. */
  resendCooldown: RateLimiterAbstract;
  /** A parent's requests to link a student, an hour (each mails and notifies the student). */
  parentLinkRequests: RateLimiterAbstract;
}

/** Each parent-link request mails and notifies a student: a parent may send this many an hour. */
export const PARENT_LINK_REQUESTS_PER_HOUR = 10;

/**
 * In memory in embedded mode; in Redis when REDIS_URL is set so every node shares the counts
 * (with an in-memory fallback if Redis is briefly unreachable).
 */
export function createRateLimiters(limits: RateLimits, keyPrefix: string, redis?: Redis): RateLimiters {
  const make = (name: string, points: number, duration = limits.windowSeconds): RateLimiterAbstract => {
    const opts = { points, duration, keyPrefix: `${keyPrefix}:rl:${name}` };
    return redis
      ? // While Redis is unreachable, count in this node's memory at once rather than wait for a timeout or fail the request.
        new RateLimiterRedis({ ...opts, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(opts) })
      : new RateLimiterMemory(opts);
  };
  return {
    loginFailuresIp: make('login-fail-ip', limits.loginFailuresPerIp),
    loginFailuresAccountIp: make('login-fail-acct-ip', limits.loginFailuresPerAccountAndIp),
    loginFailuresAccount: make('login-fail-acct', limits.loginFailuresPerAccount),
    loginFailuresAccountDevice: make('login-fail-acct-dev', limits.loginFailuresPerAccountAndDevice),
    loginChecksPastBudget: make('login-checks-past-budget', limits.loginChecksPerMinutePastBudget, 60),
    loginUnderAttackBudget: limits.loginFailuresPerAccountAndIpUnderAttack,
    registerIp: make('register-ip', limits.registerPerIp),
    forgotIp: make('forgot-ip', limits.forgotPerIp),
    forgotAccount: make('forgot-acct', limits.forgotPerAccount),
    resendAccount: make('resend-acct', limits.forgotPerAccount),
    resendCooldown: make('resend-cooldown', 1, limits.resendCooldownSeconds),
    parentLinkRequests: make('parent-link', PARENT_LINK_REQUESTS_PER_HOUR, 3600),
  };
}

/** Spends one point or throws the 429 with Retry-After. */
export async function consumeOrThrow(limiter: RateLimiterAbstract, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw Errors.tooManyRequests(res.msBeforeNext / 1000);
    throw res;
  }
}

/** Throws the 429 when the key has already used its budget, without spending a point. */
export async function assertNotExhausted(limiter: RateLimiterAbstract, key: string): Promise<void> {
  const res = await limiter.get(key);
  if (res && res.consumedPoints >= limiter.points) throw Errors.tooManyRequests(res.msBeforeNext / 1000);
}
