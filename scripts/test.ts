import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './webBuild';

/**
 * `npm test`: unit and integration tests (vitest), then the browser tests (Playwright), and one
 * closing line `N passed, N failed` over both.
 */
const tmp = path.join(ROOT, '.tmp');
mkdirSync(tmp, { recursive: true });
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
for (const f of [vitestJson, playwrightJson]) rmSync(f, { force: true });

const run = (cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const onlyUnit = process.argv.includes('--unit');
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const playwrightStatus = onlyUnit
  ? 0
  : run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson });

let passed = 0;
let failed = 0;
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number; numFailedTestSuites: number };
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numFailedTestSuites && !v.numFailedTests ? v.numFailedTestSuites : 0);
} else if (vitestStatus !== 0) failed += 1;
if (!onlyUnit) {
  if (existsSync(playwrightJson)) {
    const p = JSON.parse(readFileSync(playwrightJson, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
  } else if (playwrightStatus !== 0) failed += 1;
}
// A run that failed outside any test (a crash, a config error) must not read as green.
if (failed === 0 && (vitestStatus !== 0 || playwrightStatus !== 0)) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
