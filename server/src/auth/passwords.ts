import os from 'node:os';
import argon2 from 'argon2';
import { HashProcess } from './hashProcess';
import { WorkQueue } from './workQueue';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/*
 * argon2 runs in a hashing process of its own at a lower priority (hashProcess.ts), but each
 * verification still takes a core for ~27 ms of CPU. Unbounded, a sign-in storm fills every core
 * and the live session's saves wait behind it. Bounded to one core fewer than the machine has (at
 * least one, at most three), sign-ins queue in arrival order: one lane alone verifies ~37 sign-ins
 * a second, twice a school of 1,000 arriving within a minute.
 */
export const defaultHashConcurrency = (): number => Math.max(1, Math.min(os.availableParallelism() - 1, 3));

export const hashing = new WorkQueue(defaultHashConcurrency());

export const hasher = new HashProcess();

export function configureHashing(concurrency: number): void {
  hashing.setLimit(concurrency);
}

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hasher.hash(password, ARGON2_OPTIONS));
}

/**
 * Verified against when no account matches, so a missing e-mail costs exactly one verification
 * with the same parameters as a wrong password (and no hashing at start or first use).
 */
export const DUMMY_HASH = '$argon2id$v=19$m=19456,p=1,t=2$fxnizJsm8UvvVLG1obSNfA$8DF0PLgvl/4JYc5PLrN3kZXnmdERsH8/8V39wvca7Gw';

/** `signal`: the caller has gone (e.g. the browser gave up); a verification still waiting is dropped. */
export async function verifyPassword(hash: string | undefined, password: string, signal?: AbortSignal): Promise<boolean> {
  // An account without a password (one an LMS made: services/lti/identity.ts) costs a verification
  // too, so its answer takes as long as a wrong password's and says nothing of how it was made.
  const real = hash?.startsWith('$argon2') ? hash : undefined;
  const ok = await hashing.run(() => hasher.verify(real ?? DUMMY_HASH, password), signal);
  return Boolean(real) && ok;
}
