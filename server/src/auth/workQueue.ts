/**
 * Runs at most `limit` tasks at once; the rest wait in arrival order. Used so a burst of
 * password hashing queues instead of taking every core (and libuv's threadpool) from the
 * live session.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private limit: number) {
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

  setLimit(limit: number): void {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`WorkQueue limit must be a positive integer, got ${limit}`);
    this.limit = limit;
    this.drain();
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      this.release();
    }
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
