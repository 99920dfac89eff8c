// Loaded into the benched server (`--import`): logs its main thread's major garbage collections,
// so the bench can say whether one fell inside a phase. At 10,000 students those are what make
// the odd slow second (docs/benchmarks.md, "Design notes"). Worker threads inherit the option;
// only the main thread, which runs the event loop, is logged.
import { isMainThread } from 'node:worker_threads';
import { PerformanceObserver, constants, performance } from 'node:perf_hooks';
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_GC_LOG;
if (isMainThread && file) {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      // Epoch milliseconds and the pause; a few lines a minute, so a synchronous append is cheap.
      appendFileSync(file, `${Math.round(performance.timeOrigin + e.startTime)} ${e.duration.toFixed(1)}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
}
