/**
 * A Moodle XML question bank as a school exports one (question/format/xml): every type we import,
 * grouped in categories under subjects, with the fields Moodle writes whether used or not
 * (feedbacks, penalty, hidden, idnumber), HTML and TeX in the texts, some hints and tags, and a
 * few small PNG pictures in base64. Seeded, so two runs import the same bytes.
 */
import { deflateSync } from 'node:zlib';

/** How the questions are shared among the types, in percent (Moodle banks lean on multiple choice). */
const MIX: [Kind, number][] = [
  ['single', 34],
  ['multi', 10],
  ['truefalse', 15],
  ['shortanswer', 11],
  ['numerical', 11],
  ['matching', 9],
  ['essay', 10],
];
type Kind = 'single' | 'multi' | 'truefalse' | 'shortanswer' | 'numerical' | 'matching' | 'essay';

/** Display names, as a teacher names the top categories; each reads as one of our subjects. */
const SUBJECTS = ['Mathematics', 'Physics', 'Chemistry', 'Biology', 'History', 'Geography', 'English', 'Computer science', 'Science'];
const TOPICS = ['Foundations', 'Revision', 'Unit 1', 'Unit 2', 'Unit 3', 'Mock exam', 'Homework', 'Extension', 'Year 9', 'Year 10', 'Year 11'];
const WORDS =
  'the of a to in is that for it as with was on be by this are from at which an or have one had not but what all were when we there can more if out so up said about other into than its time only could new some these two may first then do any like my now over such our man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(
    ' ',
  );
const TEX = ['\\(x^2 + 3x - 4 = 0\\)', '\\(\\frac{a}{b} + \\frac{c}{d}\\)', '$$\\int_0^1 x^2\\,dx$$', '\\(\\sqrt{2}\\approx 1.414\\)', '\\(F = ma\\)', '$$E = mc^2$$', '\\(\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}\\)', '\\(\\sin^2\\theta + \\cos^2\\theta = 1\\)'];
/** Moodle's own wording of the combined feedback, as every export carries it. */
const FEEDBACK = ['Your answer is correct.', 'Your answer is partially correct.', 'Your answer is incorrect.'];

/** mulberry32: small, quick, and the same sequence for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG with noise in it, as a scanned diagram compresses: each seed its own picture of 2–6 KB. */
export function diagramPng(seed: number, side = 40): Buffer {
  const next = random(seed);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method variant, no interlace
  const rows = Buffer.alloc(side * (1 + side * 3));
  for (let y = 0; y < side; y++) {
    const row = y * (1 + side * 3);
    for (let x = 0; x < side; x++) {
      const i = row + 1 + x * 3;
      const ink = (x + y) % 9 === 0 || next() < 0.15;
      rows[i] = ink ? Math.floor(next() * 80) : 230 + Math.floor(next() * 25);
      rows[i + 1] = ink ? Math.floor(next() * 80) : 230 + Math.floor(next() * 25);
      rows[i + 2] = ink ? 120 + Math.floor(next() * 100) : 230 + Math.floor(next() * 25);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A text element as Moodle writes it: HTML in CDATA when it has markup, escaped otherwise. */
const text = (s: string) => (/[<>&]/.test(s) ? `<text><![CDATA[${s}]]></text>` : `<text>${s}</text>`);
const field = (name: string, s: string, format = 'html') => `    <${name} format="${format}">\n      ${text(s)}\n    </${name}>\n`;

export interface BankStats {
  questions: number;
  categories: number;
  pictures: number;
  bytes: number;
  byKind: Record<Kind, number>;
}

/** `count` questions of Moodle XML, and what they are. */
export function moodleBank(count: number, seed = 20240601): { xml: string; stats: BankStats } {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const sentence = (min: number, max: number) => {
    const words = Array.from({ length: int(min, max) }, () => pick(WORDS));
    words[0] = words[0]![0]!.toUpperCase() + words[0]!.slice(1);
    return words.join(' ');
  };
  const kindOf = () => {
    let roll = next() * 100;
    for (const [kind, share] of MIX) if ((roll -= share) < 0) return kind;
    return MIX[0]![0];
  };
  const byKind = Object.fromEntries(MIX.map(([k]) => [k, 0])) as Record<Kind, number>;
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n'];
  let categories = 0;
  let pictures = 0;
  for (let i = 0; i < count; i++) {
    // A category of 20–60 questions, as teachers file them by unit.
    if (i === 0 || next() < 1 / 40) {
      categories++;
      parts.push(`<!-- question: 0  -->\n  <question type="category">\n    <category>\n      <text>$course$/top/${pick(SUBJECTS)}/${pick(TOPICS)} ${int(1, 12)}</text>\n    </category>\n    <info format="html">\n      <text></text>\n    </info>\n    <idnumber></idnumber>\n  </question>\n\n`);
    }
    const kind = kindOf();
    byKind[kind]++;
    // Texts: mostly a paragraph or two of HTML, one in four with TeX, one in ten with a list or bold words.
    let stem = `<p>${sentence(12, 40)}${next() < 0.25 ? ` ${pick(TEX)}` : ''}?</p>`;
    if (next() < 0.3) stem += `<p>${sentence(10, 30)}.</p>`;
    if (next() < 0.1) stem += `<ul><li>${sentence(3, 8)}</li><li>${sentence(3, 8)}</li></ul><p><strong>${sentence(2, 5)}</strong>&nbsp;${sentence(3, 8)}.</p>`;
    let files = '';
    if (next() < 0.012) {
      pictures++;
      const name = `diagram${i}.png`;
      stem += `<p><img src="@@PLUGINFILE@@/${name}" alt="${sentence(2, 4)}" width="${int(200, 400)}" height="${int(150, 300)}" class="img-responsive"></p>`;
      files = `      <file name="${name}" path="/" encoding="base64">${diagramPng(seed + i).toString('base64')}</file>\n`;
    }
    const grade = pick(['1.0000000', '1.0000000', '1.0000000', '2.0000000', '5.0000000']);
    let body = `<!-- question: ${100000 + i}  -->\n  <question type="${kind === 'single' || kind === 'multi' ? 'multichoice' : kind}">\n    <name>\n      ${text(`${kind}-${String(i).padStart(5, '0')} ${sentence(2, 5)}`)}\n    </name>\n`;
    body += `    <questiontext format="html">\n      ${text(stem)}\n${files}    </questiontext>\n`;
    body += field('generalfeedback', next() < 0.5 ? `<p>${sentence(8, 25)}.</p>` : '');
    body += `    <defaultgrade>${grade}</defaultgrade>\n    <penalty>${kind === 'truefalse' ? '1.0000000' : '0.3333333'}</penalty>\n    <hidden>0</hidden>\n    <idnumber></idnumber>\n`;
    body += questionBody(kind, { next, pick, int, sentence });
    if (kind !== 'truefalse' && kind !== 'essay' && next() < 0.2) body += field('hint', sentence(4, 12)) + field('hint', sentence(4, 12));
    if (next() < 0.3) body += `    <tags>\n${Array.from({ length: int(1, 3) }, () => `      <tag>${text(pick(WORDS) + ' ' + pick(WORDS))}</tag>\n`).join('')}    </tags>\n`;
    parts.push(`${body}  </question>\n\n`);
  }
  parts.push('</quiz>\n');
  const xml = parts.join('');
  return { xml, stats: { questions: count, categories, pictures, bytes: Buffer.byteLength(xml), byKind } };
}

interface Draw {
  next: () => number;
  pick: <T>(xs: readonly T[]) => T;
  int: (lo: number, hi: number) => number;
  sentence: (min: number, max: number) => string;
}

/** The type's own elements, after the fields every question has. */
function questionBody(kind: Kind, { next, int, sentence }: Draw): string {
  const combined = () => field('correctfeedback', FEEDBACK[0]!) + field('partiallycorrectfeedback', FEEDBACK[1]!) + field('incorrectfeedback', FEEDBACK[2]!) + '    <shownumcorrect/>\n';
  const answer = (fraction: string, s: string, extra = '', format = ' format="html"') =>
    `    <answer fraction="${fraction}"${format}>\n      ${text(s)}\n${extra}      <feedback format="html">\n        ${text(next() < 0.2 ? sentence(3, 10) : '')}\n      </feedback>\n    </answer>\n`;
  // Options distinct within a question: a number keeps two draws of the same words apart.
  const options = (n: number) => Array.from({ length: n }, (_, j) => `${sentence(1, 6)} ${j + 1}`);
  switch (kind) {
    case 'single': {
      const opts = options(int(3, 5));
      const right = int(0, opts.length - 1);
      return `    <single>true</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n    <showstandardinstruction>0</showstandardinstruction>\n${combined()}${opts.map((o, j) => answer(j === right ? '100' : '0', o)).join('')}`;
    }
    case 'multi': {
      const opts = options(int(4, 6));
      const right = int(2, Math.min(4, opts.length - 1));
      const share = { 2: '50', 3: '33.33333', 4: '25' }[right]!;
      const wrong = next() < 0.5 ? '-100' : '0';
      return `    <single>false</single>\n    <shuffleanswers>true</shuffleanswers>\n    <answernumbering>abc</answernumbering>\n    <showstandardinstruction>0</showstandardinstruction>\n${combined()}${opts.map((o, j) => answer(j < right ? share : wrong, o)).join('')}`;
    }
    case 'truefalse': {
      const truth = next() < 0.5;
      return answer(truth ? '100' : '0', 'true', '', ' format="moodle_auto_format"') + answer(truth ? '0' : '100', 'false', '', ' format="moodle_auto_format"');
    }
    case 'shortanswer': {
      const words = Array.from({ length: int(1, 3) }, () => sentence(1, 2).toLowerCase());
      return `    <usecase>${next() < 0.15 ? 1 : 0}</usecase>\n${words.map((w, j) => answer(['100', '80', '50'][j]!, w, '', ' format="moodle_auto_format"')).join('')}`;
    }
    case 'numerical': {
      const value = Math.round(next() * 10000) / 100;
      const exact = answer('100', String(value), `      <tolerance>${next() < 0.5 ? '0' : '0.01'}</tolerance>\n`, ' format="moodle_auto_format"');
      const near = next() < 0.4 ? answer('50', String(Math.round(value)), '      <tolerance>1</tolerance>\n', ' format="moodle_auto_format"') : '';
      return `${exact}${near}    <units>\n    </units>\n    <unitgradingtype>0</unitgradingtype>\n    <unitpenalty>0.1000000</unitpenalty>\n    <showunits>3</showunits>\n    <unitsleft>0</unitsleft>\n`;
    }
    case 'matching': {
      const n = int(3, 5);
      const subs = Array.from({ length: n }, (_, j) => `    <subquestion format="html">\n      ${text(`${sentence(2, 8)} ${j + 1}`)}\n      <answer>\n        ${text(`${sentence(1, 3)} ${j + 1}`)}\n      </answer>\n    </subquestion>\n`).join('');
      const distractor = next() < 0.4 ? `    <subquestion format="html">\n      <text></text>\n      <answer>\n        ${text(`${sentence(1, 3)} ${n + 1}`)}\n      </answer>\n    </subquestion>\n` : '';
      return `    <shuffleanswers>true</shuffleanswers>\n${combined()}${subs}${distractor}`;
    }
    case 'essay':
      return `    <responseformat>editor</responseformat>\n    <responserequired>1</responserequired>\n    <responsefieldlines>15</responsefieldlines>\n    <minwordlimit></minwordlimit>\n    <maxwordlimit></maxwordlimit>\n    <attachments>0</attachments>\n    <attachmentsrequired>0</attachmentsrequired>\n    <maxbytes>0</maxbytes>\n    <filetypeslist></filetypeslist>\n${field('graderinfo', `<p>${sentence(10, 40)}.</p>`)}${field('responsetemplate', '')}`;
  }
}
