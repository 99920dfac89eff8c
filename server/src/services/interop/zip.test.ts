import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import { readZip, writeZip } from './zip';
import { ImportFileError } from './types';

/** A zip built entry by entry, so tests can write names and sizes no well-behaved writer would. */
function buildZip(entries: { name: string; chunks: () => Iterable<Uint8Array>; level?: 0 | 9 }[]): Buffer {
  const out: Uint8Array[] = [];
  const zip = new Zip((err, data) => {
    if (err) throw err;
    out.push(data);
  });
  for (const e of entries) {
    const file = e.level === 0 ? new ZipPassThrough(e.name) : new ZipDeflate(e.name, { level: e.level ?? 9 });
    zip.add(file);
    const chunks = [...e.chunks()];
    chunks.forEach((c, i) => file.push(c, i === chunks.length - 1));
    if (!chunks.length) file.push(new Uint8Array(0), true);
  }
  zip.end();
  return Buffer.concat(out);
}

const text = (s: string) => () => [strToU8(s)];

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ImportFileError);
    return (err as Error).message;
  }
  throw new Error('expected the package to be refused');
}

describe('readZip', () => {
  it('gives back what writeZip packed, by path, text and binary alike', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const files = readZip(writeZip({ 'imsmanifest.xml': '<manifest/>', 'items/q1.xml': 'Grüße', 'items/images/a.png': png }));
    expect([...files.keys()].sort()).toEqual(['imsmanifest.xml', 'items/images/a.png', 'items/q1.xml']);
    expect(files.get('items/q1.xml')!.toString('utf8')).toBe('Grüße');
    expect(files.get('items/images/a.png')!.equals(png)).toBe(true);
  });

  it('reads stored (uncompressed) entries and normalises ./ and doubled slashes', () => {
    const files = readZip(buildZip([{ name: './items//q1.xml', chunks: text('hello'), level: 0 }]));
    expect(files.get('items/q1.xml')!.toString()).toBe('hello');
  });

  it.each(['../evil.xml', 'items/../../etc/passwd', '/etc/passwd', 'C:/Windows/win.ini', 'items\\..\\evil.xml'])(
    'refuses a package holding an entry named %s, naming it',
    (name) => {
      const message = refusal(() => readZip(buildZip([{ name: 'ok.xml', chunks: text('fine') }, { name, chunks: text('bad') }])));
      expect(message).toBe(`The package holds a file whose name leaves the package: ${name}`);
    },
  );

  it('refuses a zip bomb (200 MB of zeros) as soon as it passes the limit, without inflating it all', () => {
    const mb = new Uint8Array(1024 * 1024);
    const bomb = buildZip([
      {
        name: 'zeros.bin',
        chunks: function* () {
          for (let i = 0; i < 200; i++) yield mb;
        },
      },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // With a 10 MB limit the reading must stop near 10 MB, where fully inflated the bomb needs
    // 200 MB: a margin wide enough that a collection not yet run cannot decide the test. Measured
    // before any other reading has grown the process.
    const rssBefore = process.memoryUsage().rss;
    expect(refusal(() => readZip(bomb, 10 * 1024 * 1024))).toBe('The package unpacks to more than 10 MB');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(120 * 1024 * 1024);
    const started = performance.now();
    expect(refusal(() => readZip(bomb))).toBe('The package unpacks to more than 100 MB');
    expect(performance.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('counts the inflated bytes of all entries together', () => {
    const mb = new Uint8Array(1024 * 1024);
    const fortyMb = function* () {
      for (let i = 0; i < 40; i++) yield mb;
    };
    const zip = buildZip([
      { name: 'a.bin', chunks: fortyMb },
      { name: 'b.bin', chunks: fortyMb },
      { name: 'c.bin', chunks: fortyMb },
    ]);
    expect(refusal(() => readZip(zip))).toBe('The package unpacks to more than 100 MB');
  }, 60_000);

  it('refuses a package of more than 5,000 files', () => {
    const entries = Array.from({ length: 5001 }, (_, i) => ({ name: `f${i}.txt`, chunks: text('x'), level: 0 as const }));
    expect(refusal(() => readZip(buildZip(entries)))).toBe('The package holds more than 5000 files');
  });

  it('refuses what is not a zip, and a zip cut short', () => {
    expect(refusal(() => readZip(Buffer.from('<assessmentItem/>')))).toBe('The file is not a readable zip package');
    const whole = writeZip({ 'a.bin': randomBytes(100_000) });
    expect(refusal(() => readZip(whole.subarray(0, 200)))).toBe('The file is not a readable zip package');
  });
});
