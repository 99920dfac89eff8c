import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const WORKLOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test/heapGrowthWorkload.ts');

const fullCollections = (percent: number) =>
  new Promise<number>((resolve, reject) =>
    execFile(process.execPath, ['--import', 'tsx', WORKLOAD, String(percent)], { timeout: 60_000 }, (err, stdout) => (err ? reject(err) : resolve(Number(stdout.trim())))),
  );

describe('heap growth set after start-up', () => {
  // Each full collection is a second of slow saves at 10,000 students; the setting only helps if
  // this Node honours it when the server applies it, after V8 has started.
  it('makes V8 collect the old generation far less often than a tight limit does', async () => {
    const tight = await fullCollections(25);
    const ours = await fullCollections(300);
    expect(tight).toBeGreaterThan(0);
    expect(ours * 2).toBeLessThanOrEqual(tight);
  });
});
