import v8 from 'node:v8';

/**
 * Lets the old generation grow to (100 + percent) % of what survived the last full collection
 * before V8 starts the next one; 0 leaves the choice to V8's own estimate.
 *
 * Why: with thousands of students connected, every save promotes some of its objects (the frames
 * read, the acknowledgement's packet, the driver's rows), so the old generation fills by
 * about 10 MB a second at 4,000 saves a second. Each full collection then marks some 180 MB of live
 * sockets on both cores and the saves of that second wait up to ~300 ms. V8's own estimate starts
 * one every 20-35 s under that load; at 300 % it is about one a minute, for a heap of up to four
 * times the live set (a peak RSS of ~900 MB at 10,000 students, against 650-830 MB).
 * docs/benchmarks.md, "Design notes".
 *
 * V8 reads the flag each time it sets the next limit, so setting it after start-up takes effect
 * (heapGrowth.test.ts holds Node to that).
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
