import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The pages a reader follows links between: the README and every page of docs/. */
const PAGES = ['README.md', ...readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The lines of a page outside its fenced code blocks, with their numbers. */
function proseLines(file: string): { line: string; n: number }[] {
  let inCode = false;
  const out: { line: string; n: number }[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.startsWith('```')) inCode = !inCode;
      else if (!inCode) out.push({ line, n: i + 1 });
    });
  return out;
}

/** A heading's anchor as GitHub writes it: lower case, formatting and punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page: its headings', and those it sets with `<a id>` (the generated protocol page). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of proseLines(file)) {
    for (const [, id] of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id!);
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

describe('the docs’ links', () => {
  it('lead to files that exist and to headings those files have', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      const file = path.join(ROOT, page);
      for (const { line, n } of proseLines(file)) {
        for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^(https?|mailto):/.test(target!)) continue;
          const [linked, anchor] = target!.split('#') as [string, string | undefined];
          const into = linked ? path.resolve(path.dirname(file), linked) : file;
          if (!existsSync(into)) broken.push(`${page}:${n}: ${target} (no such file)`);
          else if (anchor && into.endsWith('.md') && !anchorsOf(into).has(anchor)) broken.push(`${page}:${n}: ${target} (no such heading)`);
        }
      }
    }
    expect(PAGES.length).toBeGreaterThan(5);
    expect(broken).toEqual([]);
  });
});
