import type { Deps } from '../deps';

export interface Job {
  stop(): Promise<void>;
}

/** When each job last finished a run, per server: the health report reads the sweeper's lag from it. */
const finishedAt = new WeakMap<Deps, Map<string, number>>();

export function lastFinishedAt(deps: Deps, name: string): number | undefined {
  return finishedAt.get(deps)?.get(name);
}

/** Runs `task` every `intervalMs`; a tick is skipped while the previous run is still going. */
export function every(deps: Deps, name: string, intervalMs: number, task: () => Promise<unknown>): Job {
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const timer = setInterval(() => {
    if (stopped || running) return;
    running = task()
      .catch((err: unknown) => {
        if (!deps.dbOutage.failed(err)) deps.log.error({ err, job: name }, 'job failed');
      })
      .finally(() => {
        running = undefined;
        if (!finishedAt.has(deps)) finishedAt.set(deps, new Map());
        finishedAt.get(deps)!.set(name, Date.now());
      });
  }, intervalMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
