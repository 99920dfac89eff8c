/**
 * Group commit: the queue that answer saves, violations and student submissions share. Work that
 * arrives while a batch is being written queues up and goes together in the next one, so under
 * load many callers share one statement and one commit; alone, an item is written at once.
 */
export interface GroupCommit<T> {
  push(item: T): void;
  /** Resolves when nothing is queued or being written (tests, shutdown). */
  drain(): Promise<void>;
}

/**
 * Under load, the least time between the starts of two batches written one after the other. At
 * 10,000 students a save batch took a couple of milliseconds, so batches of some seven saves
 * followed each other 550 times a second, and the statements' own cost (a round trip, a commit,
 * a core handed to PostgreSQL and back) outweighed the saves in them. Gathering for 5 ms makes
 * them about three times larger and as much rarer, for at most 5 ms more on a save that arrives
 * just after a batch started (docs/benchmarks.md, "Design notes").
 */
export const GATHER_MS = 5;

/** How long a batch may run before another starts beside it: longer means it waits on a lock. */
export const STALL_MS = 25;

export interface GroupCommitOptions<T> {
  /** Largest number of items in one batch. */
  maxBatch: number;
  /** Most batches written at the same time (PGlite has one connection, so 1 there). */
  maxInFlight: number;
  /** How long a batch runs before the next may start beside it (default STALL_MS). */
  stallMs?: number;
  /**
   * How long after a batch started the next may start once it is done (default GATHER_MS): what
   * arrives meanwhile goes with it. An item arriving after a quiet spell is written at once.
   */
  gatherMs?: number;
  /**
   * Hand the thread back between batches (a setImmediate) rather than starting the next at once.
   * With the embedded database every statement runs on this thread, so a lane whose batches follow
   * each other at once holds it until its queue is empty; the lane of senders put apart yields.
   */
  yieldBetween?: boolean;
  /** Writes one batch; must answer every item in it, or throw. */
  write(batch: T[]): Promise<void>;
  /** `write` threw: every item of the batch must still be answered. */
  failed(err: unknown, batch: T[]): void;
}

/**
 * One batch at a time, the next no sooner than `gatherMs` after it started, so under load items
 * gather into big batches (fewer statements, fewer commits). Another starts beside it only when
 * the running one has taken longer than `stallMs` (waiting on a row lock, say), so one slow
 * statement never holds up every student on this node.
 */
export function createGroupCommit<T>(opts: GroupCommitOptions<T>): GroupCommit<T> {
  const gatherMs = opts.gatherMs ?? GATHER_MS;
  const stallMs = opts.stallMs ?? STALL_MS;
  let queue: T[] = [];
  let inFlight = 0;
  let lastStarted = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let timerDue = Number.POSITIVE_INFINITY;
  let scheduled = false;
  const idleWaiters: (() => void)[] = [];

  /** How long since the last batch started a new one must wait: the gathering alone, the stall beside another. */
  const spacing = () => (inFlight === 0 ? gatherMs : stallMs);

  /** Pumps again at `due`, unless a pump is already set for then or sooner. */
  function pumpAt(due: number): void {
    if (timer && timerDue <= due) return;
    clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(() => {
      timer = undefined;
      timerDue = Number.POSITIVE_INFINITY;
      pump();
    }, Math.max(1, due - performance.now()));
  }

  function pump(): void {
    while (queue.length && inFlight < opts.maxInFlight && performance.now() - lastStarted >= spacing()) {
      const batch = queue.slice(0, opts.maxBatch);
      queue = queue.slice(opts.maxBatch);
      inFlight++;
      lastStarted = performance.now();
      opts
        .write(batch)
        .catch((err: unknown) => opts.failed(err, batch))
        .finally(() => {
          inFlight--;
          if (opts.yieldBetween) setImmediate(pump);
          else pump();
          if (!inFlight && !queue.length) idleWaiters.splice(0).forEach((w) => w());
        });
    }
    if (queue.length && inFlight < opts.maxInFlight) pumpAt(lastStarted + spacing());
  }

  return {
    push(item) {
      queue.push(item);
      // Items arriving in the same tick go together.
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          pump();
        });
      }
    },
    drain() {
      if (!inFlight && !queue.length) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}

/** The database refused a row's data itself (SQLSTATE class 22 data exception, 23 constraint violation). */
export function isRefusedData(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/**
 * Writes `rows` with `write`; when it throws an error `splittable` accepts (the fault of some
 * row's data, not an outage), retries in halves until only the rows at fault fail, each handed
 * to `failOne`: one student's bad row never fails another's.
 */
export async function writeInHalves<R>(rows: R[], write: (rows: R[]) => Promise<void>, splittable: (err: unknown) => boolean, failOne: (row: R, err: unknown) => void): Promise<void> {
  try {
    await write(rows);
  } catch (err) {
    if (!splittable(err)) throw err;
    if (rows.length === 1) return failOne(rows[0]!, err);
    const half = Math.ceil(rows.length / 2);
    await writeInHalves(rows.slice(0, half), write, splittable, failOne);
    await writeInHalves(rows.slice(half), write, splittable, failOne);
  }
}

/** How long a sender stays apart after the database last refused one of their rows. */
export const QUARANTINE_MS = 60_000;
const QUARANTINE_LIMIT = 10_000;

/**
 * Group commit in two lanes. A sender (a student) whose row the database refused on its own is put
 * apart for a while (`suspect`): their next items go to a lane of their own, written one item a
 * statement, so a sender who keeps sending what the database cannot store never again fails or
 * splits a batch shared with others. The others' batches wait at most for one such statement
 * (PGlite's single connection), not for a batch split in halves down to the row at fault.
 */
export interface LanedGroupCommit<T> extends GroupCommit<T> {
  /** The database refused this item on its own: its sender's next items go apart. */
  suspect(item: T): void;
  /** Whether any sender is apart now (a cheap check before looking at each item). */
  hasApart(): boolean;
  /** Whether this item's sender is apart. */
  isApart(item: T): boolean;
  /** Queues an item in the lane apart (one of a batch being split, whose sender was just put apart). */
  pushApart(item: T): void;
}

export function createLanedGroupCommit<T>(opts: GroupCommitOptions<T>, senderOf: (item: T) => string): LanedGroupCommit<T> {
  const shared = createGroupCommit(opts);
  const apart = createGroupCommit({ ...opts, maxBatch: 1, maxInFlight: 1, yieldBetween: true });
  /** When each sender put apart may share batches again. */
  const until = new Map<string, number>();
  const isApart = (sender: string) => {
    const end = until.get(sender);
    if (end === undefined) return false;
    if (end > performance.now()) return true;
    until.delete(sender);
    return false;
  };
  return {
    push(item) {
      if (until.size && isApart(senderOf(item))) apart.push(item);
      else shared.push(item);
    },
    hasApart: () => until.size > 0,
    isApart: (item) => until.size > 0 && isApart(senderOf(item)),
    pushApart: (item) => apart.push(item),
    suspect(item) {
      // A bound on what a flood of senders could make this hold; forgetting them only undoes the separation.
      if (until.size >= QUARANTINE_LIMIT) until.clear();
      until.set(senderOf(item), performance.now() + QUARANTINE_MS);
    },
    async drain() {
      await Promise.all([shared.drain(), apart.drain()]);
    },
  };
}
