import type { Deps } from '../deps';

export interface Job {
  stop(): Promise<void>;
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
        deps.jobRuns.set(name, Date.now());
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
