/**
 * Runs at most `limit` tasks at once; the rest wait in arrival order. Used so a burst of
 * password hashing queues instead of taking every core (and libuv's threadpool) from the
 * live session.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private meanMs: number;

  /** `expectedTaskMs`: what a task is taken to last until some have been timed. */
  constructor(
    private limit: number,
    expectedTaskMs = 50,
  ) {
    this.meanMs = expectedTaskMs;
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`WorkQueue limit must be a positive integer, got ${limit}`);
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  get concurrency(): number {
    return this.limit;
  }

  /**
   * How long a task has lately taken from its start to its end (a moving average, so it follows
   * a machine that gets busier): with `concurrency`, what a newcomer at the back can expect to wait.
   */
  get averageTaskMs(): number {
    return this.meanMs;
  }

  setLimit(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`WorkQueue limit must be a positive integer, got ${limit}`);
    this.limit = limit;
    this.drain();
  }

  /**
   * Runs `task` when a slot is free. If `signal` aborts while the task still waits (the caller
   * has gone), it never runs and the call rejects with the signal's reason.
   */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    signal?.throwIfAborted();
    if (this.running >= this.limit) await this.wait(signal);
    else this.running++;
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.meanMs += (performance.now() - started - this.meanMs) * 0.1;
      this.release();
    }
  }

  private wait(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      this.waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next task, so a newcomer can never jump the queue.
    if (next) next();
    else this.running--;
    this.drain();
  }

  private drain(): void {
    while (this.running < this.limit && this.waiting.length) {
      this.running++;
      this.waiting.shift()!();
    }
  }
}
