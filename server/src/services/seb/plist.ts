import { gunzipSync } from 'node:zlib';
import { SaxesParser } from 'saxes';

/**
 * Apple's XML property lists, the format of Safe Exam Browser's `.seb` files: a reader for what
 * SEB writes (plain, or gzip-compressed with SEB's `plnd` prefix) and a writer for the files we
 * serve. Integers are numbers (bigint past 2^53), reals are `PlistReal` (SEB writes a real and an
 * integer of the same value differently in its Config Key), dates are `Date`, data is bytes.
 */
export type PlistValue = string | number | bigint | boolean | Date | Uint8Array | PlistReal | PlistValue[] | PlistDict;
export interface PlistDict {
  [key: string]: PlistValue;
}

export class PlistReal {
  constructor(readonly value: number) {}
}

/** A file that is not a property list SEB could read, or one we cannot read without its password. */
export class PlistError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlistError';
  }
}

/** A `.seb` file is a few kilobytes; a decompressed one past this is not a configuration. */
const MAX_INFLATED_BYTES = 5 * 1024 * 1024;

const GZIP_MAGIC = [0x1f, 0x8b];
const isGzip = (b: Uint8Array) => b.length > 2 && b[0] === GZIP_MAGIC[0] && b[1] === GZIP_MAGIC[1];
const prefixOf = (b: Uint8Array) => Buffer.from(b.subarray(0, 4)).toString('latin1');

function inflate(bytes: Uint8Array): Uint8Array {
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES });
  } catch {
    throw new PlistError('The file is compressed but could not be decompressed.');
  }
}

/**
 * The settings of an unencrypted `.seb` file, as SEB itself reads it: an optional outer gzip, then
 * either the XML (`<?xm`) or SEB's 4-letter prefix `plnd` ("plain data") before a gzipped XML.
 * The encrypted forms (`pswd`, `pwcc`, `pkhs`) need the exam's password or a certificate.
 */
export function readSebFile(bytes: Uint8Array): PlistDict {
  let data = isGzip(bytes) ? inflate(bytes) : bytes;
  const prefix = prefixOf(data);
  if (prefix === 'plnd') {
    const rest = data.subarray(4);
    data = isGzip(rest) ? inflate(rest) : rest;
  } else if (prefix === 'pswd' || prefix === 'pwcc' || prefix === 'pkhs') {
    throw new PlistError('The file is encrypted: save it from the SEB configuration tool without a password or certificate.');
  }
  const root = parsePlist(Buffer.from(data).toString('utf8'));
  if (!isDict(root)) throw new PlistError('The property list does not hold a dictionary of settings.');
  return root;
}

export const isDict = (v: PlistValue | undefined): v is PlistDict =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !(v instanceof Uint8Array) && !(v instanceof PlistReal);

interface Node {
  name: string;
  children: Node[];
  text: string;
}

/**
 * The value inside `<plist>`. A property list never needs entities of its own: an ENTITY
 * declaration (or a DOCTYPE with an internal subset) is refused before parsing, which closes
 * entity expansion whatever the parser would do; the standard Apple DOCTYPE line is fine.
 */
export function parsePlist(xml: string): PlistValue {
  const text = xml.replace(/^\uFEFF/, '');
  if (/<!ENTITY|<!DOCTYPE[^>]*\[/i.test(text)) throw new PlistError('The property list declares entities, which SEB files never do.');
  const parser = new SaxesParser();
  const top: Node = { name: '#document', children: [], text: '' };
  const stack: Node[] = [top];
  let failure: string | undefined;
  parser.on('error', (err) => {
    failure ??= err.message;
  });
  parser.on('opentag', (tag) => {
    const node: Node = { name: tag.name, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (t: string) => {
    stack.at(-1)!.text += t;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text).close();
  if (failure !== undefined) throw new PlistError(`The file is not well-formed XML: ${failure.split('\n')[0]}`);
  const plist = top.children[0];
  if (!plist || plist.name !== 'plist') throw new PlistError('The file is not a property list (no <plist> element).');
  if (plist.children.length !== 1) throw new PlistError('A property list holds exactly one value.');
  return valueOf(plist.children[0]!);
}

function valueOf(node: Node): PlistValue {
  switch (node.name) {
    case 'dict':
      return dictOf(node);
    case 'array':
      return node.children.map(valueOf);
    case 'string':
      return node.text;
    case 'integer': {
      const t = node.text.trim();
      if (!/^[+-]?\d+$/.test(t)) throw new PlistError(`Not an integer: "${t.slice(0, 40)}".`);
      const n = BigInt(t);
      return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
    }
    case 'real': {
      const n = Number(node.text.trim());
      if (node.text.trim() === '' || Number.isNaN(n)) throw new PlistError(`Not a number: "${node.text.trim().slice(0, 40)}".`);
      return new PlistReal(n);
    }
    case 'true':
      return true;
    case 'false':
      return false;
    case 'date': {
      const d = new Date(node.text.trim());
      if (Number.isNaN(d.getTime())) throw new PlistError(`Not a date: "${node.text.trim().slice(0, 40)}".`);
      return d;
    }
    case 'data':
      return new Uint8Array(Buffer.from(node.text.replace(/\s+/g, ''), 'base64'));
    default:
      throw new PlistError(`Unknown property list element <${node.name}>.`);
  }
}

function dictOf(node: Node): PlistDict {
  // No prototype: a key named "__proto__" or "constructor" is just a key.
  const dict = Object.create(null) as PlistDict;
  const children = node.children;
  for (let i = 0; i < children.length; i += 2) {
    const key = children[i]!;
    const value = children[i + 1];
    if (key.name !== 'key') throw new PlistError(`A dictionary holds <key> then a value, found <${key.name}>.`);
    if (!value) throw new PlistError(`The key "${key.text.slice(0, 60)}" has no value.`);
    dict[key.text] = valueOf(value);
  }
  return dict;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The XML property list of a dictionary, as SEB's configuration tool writes one. */
export function writePlist(root: PlistDict): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">', '<plist version="1.0">'];
  write(root, 0, lines);
  lines.push('</plist>', '');
  return lines.join('\n');
}

function write(value: PlistValue, depth: number, out: string[]): void {
  const pad = '\t'.repeat(depth);
  if (typeof value === 'string') out.push(`${pad}<string>${escapeXml(value)}</string>`);
  else if (typeof value === 'boolean') out.push(`${pad}<${value}/>`);
  else if (typeof value === 'bigint') out.push(`${pad}<integer>${value}</integer>`);
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new PlistError(`${value} is not an integer: write a PlistReal.`);
    out.push(`${pad}<integer>${value}</integer>`);
  } else if (value instanceof PlistReal) out.push(`${pad}<real>${value.value}</real>`);
  else if (value instanceof Date) out.push(`${pad}<date>${value.toISOString().replace(/\.\d{3}Z$/, 'Z')}</date>`);
  else if (value instanceof Uint8Array) out.push(`${pad}<data>${Buffer.from(value).toString('base64')}</data>`);
  else if (Array.isArray(value)) {
    if (!value.length) return void out.push(`${pad}<array/>`);
    out.push(`${pad}<array>`);
    for (const v of value) write(v, depth + 1, out);
    out.push(`${pad}</array>`);
  } else {
    const keys = Object.keys(value);
    if (!keys.length) return void out.push(`${pad}<dict/>`);
    out.push(`${pad}<dict>`);
    for (const k of keys) {
      out.push(`${pad}\t<key>${escapeXml(k)}</key>`);
      write(value[k]!, depth + 1, out);
    }
    out.push(`${pad}</dict>`);
  }
}
