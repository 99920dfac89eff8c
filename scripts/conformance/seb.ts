/**
 * Safe Exam Browser's Config Key against real `.seb` files and the keys their authors' tests
 * expect (catalyst/moodle-quizaccess_seb, tests/config_key_test.php; the folder's SOURCES.md).
 * Each check is one line of the conformance report.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { configKeyOf, configKeyOfFile, sebJson } from '../../server/src/services/seb/configKey';
import { readSebFile } from '../../server/src/services/seb/plist';

export interface Check {
  ok: boolean;
  what: string;
  why?: string;
}

const EXPECTED_KEYS: Record<string, string> = {
  // SEB 2.1.4 on macOS.
  'seb/unencrypted_mac_001.seb': '4fa9af8ec8759eb7c680752ef4ee5eaf1a860628608fccae2715d519849f9292',
  // SEB 2.2.3 on Windows.
  'seb/unencrypted_win_223.seb': 'fc6f4ea5922717760f4d6d536c23b8d19bf20b52aa97940f5427a76e20f49026',
  // Not an upstream vector: the recipe's own value, its date written as Moodle's plugin writes it.
  'seb/simpleunencrypted.seb': 'f75decc72c75aa76007b19d0ce485f447f04f48a9f1c83db0558dead68aa5cab',
};

function attempt(what: string, run: () => true | string): Check {
  try {
    const result = run();
    return result === true ? { ok: true, what } : { ok: false, what, why: result };
  } catch (err) {
    return { ok: false, what, why: err instanceof Error ? err.message : String(err) };
  }
}

const same = (got: string, want: string) => (got === want ? true : `got ${got}, expected ${want}`);

export function sebChecks(root: string): Check[] {
  const read = (file: string) => {
    const full = path.join(root, file);
    if (!existsSync(full)) throw new Error('missing from the fixtures folder');
    return readFileSync(full);
  };
  const checks: Check[] = [];
  for (const [file, key] of Object.entries(EXPECTED_KEYS)) {
    checks.push(attempt(`${file}: Config Key`, () => same(configKeyOfFile(read(file)), key)));
  }
  checks.push(
    attempt('seb/unencrypted_mac_001.seb: SEB-JSON equals JSON_unencrypted_mac_001.txt byte for byte', () => {
      const ours = Buffer.from(sebJson(readSebFile(read('seb/unencrypted_mac_001.seb'))), 'utf8');
      const theirs = read('seb/JSON_unencrypted_mac_001.txt');
      if (ours.equals(theirs)) return true;
      const at = [...ours].findIndex((b, i) => b !== theirs[i]);
      return `differs at byte ${at}: …${ours.subarray(Math.max(0, at - 30), at + 30).toString()}…`;
    }),
  );
  checks.push(
    attempt('seb/simpleunencrypted.seb: the same Config Key without originatorVersion', () => {
      const withIt = readSebFile(read('seb/simpleunencrypted.seb'));
      if (!('originatorVersion' in withIt)) return 'the file has no originatorVersion to take out';
      const without = Object.fromEntries(Object.entries(withIt).filter(([k]) => k !== 'originatorVersion'));
      return same(configKeyOf(without), configKeyOf(withIt));
    }),
  );
  // SEB saves its files gzip-compressed, behind the 4-letter prefix "plnd" (plain data).
  checks.push(
    attempt('seb/unencrypted_win_223.seb: the same Config Key gzip-compressed as SEB saves it', () => {
      const xml = read('seb/unencrypted_win_223.seb');
      const saved = gzipSync(Buffer.concat([Buffer.from('plnd'), gzipSync(xml)]));
      return same(configKeyOfFile(saved), EXPECTED_KEYS['seb/unencrypted_win_223.seb']!);
    }),
  );
  return checks;
}
