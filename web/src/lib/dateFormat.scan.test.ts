import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every date and time on screen goes through the one formatter (lib/dateFormat.ts, fed by the
 * user's zone, date and time formats). A screen that formats on its own shows the browser's
 * locale instead of the user's settings, so any such call outside the formatter fails here.
 */
const SRC = join(__dirname, '..');
const FORMATTER = 'lib/dateFormat.ts';
const OWN_FORMATTING = /\.(toLocaleString|toLocaleDateString|toLocaleTimeString|toUTCString|toGMTString|toDateString|toTimeString)\s*\(|new\s+Intl\.DateTimeFormat\s*\(|from\s+'(dayjs|date-fns)[^']*'/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Converting wall-clock input to instants for the exam forms is not display formatting. */
const ALLOWED = new Map([['lib/zonedTime.ts', /from\s+'dayjs[^']*'/]]);

describe('one date formatter', () => {
  it('no web source file formats dates itself', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const name = relative(SRC, file).replace(/\\/g, '/');
      if (name === FORMATTER) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          const allowed = ALLOWED.get(name);
          if (OWN_FORMATTING.test(line) && !(allowed && allowed.test(line))) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('catches a screen that formats a date on its own', () => {
    expect(OWN_FORMATTING.test('{new Date(x).toLocaleDateString()}')).toBe(true);
    expect(OWN_FORMATTING.test('at.toUTCString()')).toBe(true);
    expect(OWN_FORMATTING.test("import { format } from 'date-fns';")).toBe(true);
    expect(OWN_FORMATTING.test('formatDateTime(value)')).toBe(false);
  });
});
