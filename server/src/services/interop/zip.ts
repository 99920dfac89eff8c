import { Unzip, UnzipInflate, UnzipPassThrough, zipSync, strToU8, type Zippable } from 'fflate';
import { INTEROP_MSG } from '@exam/shared';
import { ImportFileError } from './types';

/** The most entries a package may hold. */
export const MAX_ZIP_ENTRIES = 5_000;
/** The most a package may unpack to, in MB. */
export const MAX_ZIP_UNPACKED_MB = 100;
const MAX_UNPACKED_BYTES = MAX_ZIP_UNPACKED_MB * 1024 * 1024;
/**
 * The compressed bytes handed to the inflater at a time. Deflate expands at most about 1:1032, so
 * one push never inflates more than ~16 MB before the size check runs again.
 */
const PUSH_CHUNK = 16 * 1024;

const invalid = () => new ImportFileError(INTEROP_MSG.zipInvalid);

/**
 * An entry's name as a path inside the package, or a refusal when it could land outside it once
 * unpacked: absolute, a drive letter, a backslash (a Windows separator or an escape), a `..` step.
 */
export function safeEntryName(raw: string): string {
  const unsafe = () => ImportFileError.of('zipUnsafePath', { name: raw.slice(0, 200) });
  if (raw.includes('\\') || raw.includes('\0') || raw.startsWith('/') || /^[a-z]:/i.test(raw)) throw unsafe();
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw unsafe();
  return parts.join('/');
}

/**
 * A zip package's files by their path, read defensively: its sizes are counted from the bytes
 * actually inflated (headers can lie), and reading stops at the first byte past the limit, so a
 * zip bomb costs at most the limit in memory. Directories are left out.
 */
export function readZip(bytes: Buffer, maxUnpackedBytes = MAX_UNPACKED_BYTES): Map<string, Buffer> {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw invalid();
  const files = new Map<string, Buffer>();
  const open = new Set<string>();
  let entries = 0;
  let total = 0;
  let failure: ImportFileError | undefined;

  const unzip = new Unzip((file) => {
    if (failure) return;
    entries += 1;
    if (entries > MAX_ZIP_ENTRIES) {
      failure = ImportFileError.of('zipTooManyFiles', { max: MAX_ZIP_ENTRIES });
      return;
    }
    let name: string;
    try {
      name = safeEntryName(file.name);
    } catch (err) {
      failure = err as ImportFileError;
      return;
    }
    const isDirectory = file.name.endsWith('/');
    const chunks: Uint8Array[] = [];
    const key = `${entries}:${name}`;
    open.add(key);
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = invalid();
        return;
      }
      total += chunk.length;
      if (total > maxUnpackedBytes) {
        failure = ImportFileError.of('zipTooLarge', { max: Math.round(maxUnpackedBytes / (1024 * 1024)) });
        chunks.length = 0;
        file.terminate();
        return;
      }
      if (chunk.length) chunks.push(chunk);
      if (final) {
        open.delete(key);
        if (!isDirectory && name !== '' && !files.has(name)) files.set(name, Buffer.concat(chunks));
      }
    };
    try {
      file.start();
    } catch {
      // A compression method we cannot read (LZMA, encrypted entries…).
      failure = invalid();
    }
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  try {
    for (let at = 0; at < bytes.length && !failure; at += PUSH_CHUNK) {
      const end = Math.min(bytes.length, at + PUSH_CHUNK);
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    }
  } catch {
    if (!failure) failure = invalid();
  }
  if (failure) throw failure;
  // An entry that never reached its end: the package was cut short.
  if (open.size) throw invalid();
  return files;
}

/** A zip of the given files (paths as given, text written as UTF-8). */
export function writeZip(files: Record<string, Buffer | string>): Buffer {
  const zippable: Zippable = {};
  for (const [name, body] of Object.entries(files)) zippable[name] = typeof body === 'string' ? strToU8(body) : new Uint8Array(body.buffer, body.byteOffset, body.length);
  return Buffer.from(zipSync(zippable, { level: 6 }));
}
