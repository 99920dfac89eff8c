import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAsyncApi } from './asyncapi';
import { buildPage } from './page';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const EXAMPLE_PATH = path.join(ROOT, 'docs/examples/sit-an-exam.ts');

/** The generated files with what they should hold; the script writes them, a test compares them. */
export function protocolDocs(): { path: string; content: string }[] {
  return [
    { path: path.join(ROOT, 'docs/live-protocol.md'), content: buildPage(readFileSync(EXAMPLE_PATH, 'utf8')) },
    { path: path.join(ROOT, 'docs/asyncapi.json'), content: `${JSON.stringify(buildAsyncApi(), null, 2)}\n` },
  ];
}
