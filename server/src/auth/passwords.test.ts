import os from 'node:os';
import argon2 from 'argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HASH_NICE } from './hashProcess';
import { ARGON2_OPTIONS, configureHashing, defaultHashConcurrency, DUMMY_HASH, hasher, hashing, hashPassword, verifyPassword } from './passwords';
import { WorkQueue } from './workQueue';

describe('WorkQueue', () => {
  it('runs at most its limit at once and starts the waiting tasks in arrival order', async () => {
    const queue = new WorkQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const gates: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      queue.run(async () => {
        started.push(i);
        peak = Math.max(peak, ++running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(queue.queued).toBe(4);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect(queue.active).toBe(0);
  });

  it('never runs a waiting task whose caller has gone; the next one takes its place', async () => {
    const queue = new WorkQueue(1);
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((r) => (release = r)));
    const ran: string[] = [];
    const controller = new AbortController();
    const gone = queue.run(async () => void ran.push('gone'), controller.signal);
    const next = queue.run(async () => void ran.push('next'));
    controller.abort(new Error('client closed'));
    await expect(gone).rejects.toThrow('client closed');
    expect(queue.queued).toBe(1);
    release();
    await Promise.all([first, next]);
    expect(ran).toEqual(['next']);
  });

  it('frees its slot when a task fails', async () => {
    const queue = new WorkQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});

describe('password hashing', () => {
  afterEach(() => configureHashing(defaultHashConcurrency()));

  it("keeps argon2id at OWASP's minimum or better", async () => {
    expect(ARGON2_OPTIONS.type).toBe(argon2.argon2id);
    expect(ARGON2_OPTIONS.memoryCost).toBeGreaterThanOrEqual(19456);
    expect(ARGON2_OPTIONS.timeCost).toBeGreaterThanOrEqual(2);
    expect(await hashPassword('secret1')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('checks an unknown account against a hash of the same cost, so it takes as long as a wrong password', async () => {
    const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
    expect(DUMMY_HASH).toMatch(new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},p=${parallelism},t=${timeCost}\\$`));
    expect(await verifyPassword(undefined, 'not-a-real-password')).toBe(false);
    expect(await verifyPassword(undefined, 'anything')).toBe(false);
  });

  it('checks an account an LMS made (no password) the same way: never a match, never a quick answer', async () => {
    const verify = vi.spyOn(hasher, 'verify');
    expect(await verifyPassword('!lti', '!lti')).toBe(false);
    expect(verify).toHaveBeenCalledWith(DUMMY_HASH, '!lti');
    verify.mockRestore();
  });

  it('queues a burst of verifications behind the bound, off the event loop', async () => {
    configureHashing(1);
    const hash = await hashPassword('right');
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hashing.active)), 1);
    let settled = 0;
    const burst = ['right', 'wrong', 'right', 'wrong'].map((p) => verifyPassword(hash, p).finally(() => settled++));
    // The event loop turns while argon2 works on libuv's threadpool.
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(0);
    expect(hashing.active).toBe(1);
    expect(hashing.queued).toBe(3);
    expect(await Promise.all(burst)).toEqual([true, false, true, false]);
    clearInterval(watch);
    expect(peak).toBe(1);
  });
});

describe('the hashing process', () => {
  it('hashes and verifies in a process of its own that runs below the live session’s priority', async () => {
    const hash = await hashPassword('right');
    expect(await verifyPassword(hash, 'right')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(hasher.pid).toBeDefined();
    expect(hasher.pid).not.toBe(process.pid);
    expect(os.getPriority(hasher.pid!)).toBe(Math.min(19, os.getPriority(0) + HASH_NICE));
  });

  it('answers a sign-in even when its hasher dies mid-verification', async () => {
    const hash = await hashPassword('right');
    const pending = [verifyPassword(hash, 'right'), verifyPassword(hash, 'wrong')];
    const first = hasher.pid!;
    process.kill(first, 'SIGKILL');
    expect(await Promise.all(pending)).toEqual([true, false]);
    expect(hasher.pid).not.toBe(first);
    expect(await verifyPassword(hash, 'right')).toBe(true);
  });
});
