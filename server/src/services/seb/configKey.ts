import { createHash } from 'node:crypto';
import { PlistReal, isDict, readSebFile, type PlistDict, type PlistValue } from './plist';

/**
 * Safe Exam Browser's Config Key: SHA-256 (hex) of the settings written as "SEB-JSON", computed
 * the way SEB computes it (seb-mac's SEBCryptor, seb-win's ConfigurationData/Json.cs), so that
 * the hash SEB sends with each request can be checked against the file we gave it:
 *
 * - `originatorVersion` is left out, at every level (it only says which SEB saved the file);
 * - dictionary keys are sorted case-insensitively by code unit ("allowWlan" before "allowWLAN"
 *   when two differ only in case), at every level; arrays keep their order;
 * - a dictionary whose value is an empty dictionary is left out (a dictionary in an array stays);
 * - no whitespace, and strings are written as they are: no JSON escaping, so a URL filter's
 *   `ws:\localhost` keeps its single backslash;
 * - data as base64, booleans `true`/`false`, integers in decimal, reals as SEB for Windows
 *   writes a double (15 significant digits, `E` exponent);
 * - dates as ISO 8601 with `+00:00` (the form Moodle's SEB plugin hashes; SEB's own clients
 *   disagree on dates, and SEB configurations do not use them).
 */
export function sebJson(settings: PlistDict): string {
  return dictJson(settings) ?? '{}';
}

/** The Config Key of a configuration's settings. */
export function configKeyOf(settings: PlistDict): string {
  return sha256Hex(sebJson(settings));
}

/** The Config Key of a `.seb` file (plain or gzip-compressed; not encrypted). */
export function configKeyOfFile(bytes: Uint8Array): string {
  return configKeyOf(readSebFile(bytes));
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Case-insensitive by code unit; two keys differing only in case: the lower-case one first. */
export function compareKeys(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a === b ? 0 : a > b ? -1 : 1;
}

/** A dictionary's SEB-JSON, or undefined when nothing of it is left (so its key is left out too). */
function dictJson(dict: PlistDict): string | undefined {
  const parts: string[] = [];
  for (const key of Object.keys(dict).sort(compareKeys)) {
    if (key === 'originatorVersion') continue;
    const value = dict[key]!;
    const json = isDict(value) ? dictJson(value) : valueJson(value);
    if (json !== undefined) parts.push(`"${key}":${json}`);
  }
  return parts.length ? `{${parts.join(',')}}` : undefined;
}

function valueJson(value: PlistValue): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof PlistReal) return realJson(value.value);
  if (value instanceof Date) return `"${value.toISOString().replace(/\.\d{3}Z$/, '+00:00')}"`;
  if (value instanceof Uint8Array) return `"${Buffer.from(value).toString('base64')}"`;
  if (Array.isArray(value)) return `[${value.map(valueJson).join(',')}]`;
  // A dictionary inside an array stays, even when empty.
  return dictJson(value) ?? '{}';
}

/** C's `%.15g` with an upper-case exponent (what .NET's double.ToString writes); zero, signed or not, is `0`. */
export function realJson(x: number): string {
  if (x === 0) return '0';
  if (!Number.isFinite(x)) return String(x);
  const exponent = Number(x.toExponential(14).split('e')[1]);
  const strip = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s);
  if (exponent < -4 || exponent >= 15) {
    const [mantissa] = x.toExponential(14).split('e');
    return `${strip(mantissa!)}E${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return strip(x.toFixed(14 - exponent));
}
