// Run as its own process by heapGrowth.test.ts: applies the given heap growth after start-up, then
// allocates like a busy live session (a steady live set, and objects that live long enough to be
// promoted before they die), and prints how many full collections that took.
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { applyHeapGrowth } from '../heapGrowth';

applyHeapGrowth(Number(process.argv[2]));
let full = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) full++;
}).observe({ entryTypes: ['gc'] });

const live: unknown[] = [];
for (let i = 0; i < 100_000; i++) live.push({ answers: new Array(50).fill(i) });
const between = new Array<unknown>(300_000);
for (let i = 0; i < 6_000_000; i++) between[i % between.length] = { save: [i, i + 1, i + 2] };
// Entries reach the observer after the allocating loop yields.
setTimeout(() => console.log(String(full)), 50);
