import { inflateSync } from 'node:zlib';

/**
 * The text a PDF of ours draws, in the order it draws it: for tests, which read a report as its
 * reader would (the school's name, the events in order). pdfkit compresses page streams and
 * writes the standard fonts' text as WinAnsi hex strings inside TJ arrays; this undoes both.
 * Only what pdfkit writes is read: it is not a PDF parser.
 */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const fromWinAnsi = (hex: string): string =>
  (hex.match(/../g) ?? [])
    .map((h) => {
      const b = parseInt(h, 16);
      return b >= 0x80 && b < 0xa0 ? WIN_ANSI_HIGH[b - 0x80]! : String.fromCharCode(b);
    })
    .join('');

/** Every content stream of the file, inflated where it was compressed; images are left out. */
function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const re = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    const dict = m[1]!;
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    re.lastIndex = end;
    if (/\/Subtype\s*\/Image|\/DCTDecode/.test(dict)) continue;
    const bytes = pdf.subarray(start, end);
    try {
      out.push(/\/FlateDecode/.test(dict) ? inflateSync(bytes).toString('latin1') : bytes.toString('latin1'));
    } catch {
      // Not a stream of text (a font program, a corrupt part): nothing to read in it.
    }
  }
  return out;
}

/** Each line of text drawn, in order. */
export function pdfLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const s of streams(pdf)) {
    for (const m of s.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ/g)) {
      lines.push([...m[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => fromWinAnsi(h[1]!)).join(''));
    }
  }
  return lines;
}

/** All the text drawn, one line a row. */
export const pdfText = (pdf: Buffer): string => pdfLines(pdf).join('\n');
