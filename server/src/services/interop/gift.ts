import { parse, type GIFTQuestion, type NumericalFormat, type TextChoice, type TextFormat } from 'gift-pegjs';
import { htmlToText } from './html';
import { checkGrades, pointsOf } from './moodleGrades';
import { categoryPath } from './moodleXml';
import { ImportFileError, type DraftQuestion, type ParsedItem } from './types';

/**
 * GIFT, read as Moodle reads it (question/format/gift/format.php) with the gift-pegjs grammar.
 * The file is cut into its blank-line separated blocks first, as Moodle does, so each item knows
 * its line and a grammar error its line and column in the whole file.
 */
export const GIFT_WARN = {
  feedback: 'Per-answer feedback was dropped',
  formatting: 'Formatting (bold, tables, links) was dropped; the text is kept',
  partialCredit: 'Partial credit of wrong options was dropped',
  pictures: 'Pictures cannot travel in a GIFT file and were dropped',
} as const;

interface Block {
  text: string;
  /** 1-based line of the block's first line. */
  line: number;
  /** 1-based line of the item itself, past its comments. */
  itemLine: number;
  comments: string[];
  /** Lines whose column moved because "=" was put in (see markUnmarkedAnswers). */
  shifted: Map<number, number>;
}

function blocksOf(text: string): Block[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let current: string[] = [];
  let start = 0;
  const flush = () => {
    if (!current.length) return;
    const comments = current.filter((l) => l.trim().startsWith('//')).map((l) => l.trim().slice(2));
    const first = current.findIndex((l) => !l.trim().startsWith('//'));
    if (first >= 0) blocks.push({ text: current.join('\n'), line: start + 1, itemLine: start + first + 1, comments, shifted: new Map() });
    current = [];
  };
  lines.forEach((l, i) => {
    if (l.trim() === '') return flush();
    if (!current.length) start = i;
    current.push(l);
  });
  flush();
  return blocks;
}

const TRUE_FALSE = /^(T|TRUE|F|FALSE)$/;

/**
 * Where Moodle reads an answer as right though it carries no "=", and the grammar does not take
 * it: the first answer of a numerical with others after it ({#3:2~#wrong}, {#3:2#well done}) and
 * a short answer written bare ({Frog}). Null when the answers need no mark.
 */
function unmarkedAnswerAt(body: string): number | null {
  const lead = /^\s*/.exec(body)![0].length;
  const b = body.slice(lead);
  if (b === '' || b.startsWith('####')) return null;
  if (b.startsWith('#')) {
    const at = lead + /^#\s*/.exec(b)![0].length;
    const rest = body.slice(at);
    return /^[=~]/.test(rest) || !/(^|[^\\])[~=#]/.test(rest) ? null : at;
  }
  if (/^[=~]/.test(b) || /(^|[^\\])~/.test(b) || b.includes('->')) return null;
  const beforeFeedback = b.split(/(?<!\\)#/)[0]!.trim();
  return TRUE_FALSE.test(beforeFeedback) ? null : lead;
}

/** The block with Moodle's unmarked right answers marked "=", so the grammar reads them as Moodle does. */
function markUnmarkedAnswers(block: Block): string {
  let out = '';
  const s = block.text;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      out += s.slice(i, i + 2);
      i++;
      continue;
    }
    out += s[i];
    if (s[i] !== '{') continue;
    let end = i + 1;
    while (end < s.length && s[end] !== '}') end += s[end] === '\\' ? 2 : 1;
    const at = unmarkedAnswerAt(s.slice(i + 1, end));
    if (at === null) continue;
    const insertAt = i + 1 + at;
    out += s.slice(i + 1, insertAt) + '=';
    const line = s.slice(0, insertAt).split('\n').length;
    block.shifted.set(line, insertAt - s.lastIndexOf('\n', insertAt - 1));
    i = insertAt - 1;
  }
  return out;
}

interface SyntaxErrorLike {
  message: string;
  location?: { start: { line: number; column: number } };
}

function parseBlock(block: Block): GIFTQuestion[] {
  try {
    return parse(markUnmarkedAnswers(block));
  } catch (err) {
    const e = err as SyntaxErrorLike;
    if (!e.location) throw err;
    const { line, column } = e.location.start;
    const moved = block.shifted.get(line);
    const col = moved !== undefined && column > moved ? column - 1 : column;
    throw new ImportFileError(`GIFT syntax error at line ${block.line + line - 1}, column ${col}: ${e.message}`);
  }
}

// The grammar leaves its escape placeholders in a matching answer.
const unescapePlain = (s: string) =>
  s
    .replace(/&&092;/g, '\\')
    .replace(/&&058;/g, ':')
    .replace(/&&035;/g, '#')
    .replace(/&&061;/g, '=')
    .replace(/&&123;/g, '{')
    .replace(/&&125;/g, '}')
    .replace(/&&126;/g, '~')
    .replace(/&&010/g, '\n');

const titleOf = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 60);

interface Reader {
  warnings: Set<string>;
  text(t: TextFormat | null | undefined): string;
}

function reader(): Reader {
  const warnings = new Set<string>();
  return {
    warnings,
    text(t) {
      if (!t) return '';
      if (t.format === 'html' || t.format === 'moodle') {
        const plain = htmlToText(t.text);
        if (plain.formattingDropped) warnings.add(GIFT_WARN.formatting);
        if (plain.images.length) warnings.add(GIFT_WARN.pictures);
        return plain.text;
      }
      return t.text.trim();
    },
  };
}

/** Our own comments, for what GIFT cannot say: `// [points:3]`, `// [casesensitive]`, `// [sampleanswer:"…"]`. */
function metaOf(comments: string[]) {
  const all = comments.join('\n');
  // Moodle's own pattern: any printable run up to the first "]".
  // eslint-disable-next-line no-control-regex
  const tags = [...all.matchAll(/\[tag:([^\x00-\x1F\x7F]+?)]/g)].map((m) => m[1]!.trim());
  const points = /\[points:\s*([0-9.]+)\s*]/.exec(all);
  const sample = /\[sampleanswer:("(?:[^"\\]|\\.)*")]/.exec(all);
  let sampleAnswer: string | undefined;
  try {
    sampleAnswer = sample ? (JSON.parse(sample[1]!) as string) : undefined;
  } catch {
    sampleAnswer = undefined;
  }
  return { tags, points: points ? Number(points[1]) : undefined, caseSensitive: /\[casesensitive]/.test(all), sampleAnswer };
}

type Mapped = { draft: DraftQuestion; error?: undefined } | { error: string; draft?: undefined };

const weightOf = (c: { weight: number | null; isCorrect: boolean }) => (c.weight !== null ? c.weight / 100 : c.isCorrect ? 1 : 0);
const hasFeedback = (f: TextFormat | null | undefined) => !!f && f.text.trim() !== '';

function mapChoices(q: { choices: TextChoice[] }, r: Reader, text: string): Mapped {
  if (q.choices.some((c) => hasFeedback(c.feedback))) r.warnings.add(GIFT_WARN.feedback);
  const options = q.choices.map((c) => ({ text: r.text(c.text), weight: weightOf(c), isCorrect: c.isCorrect }));
  const graded = checkGrades(options.map((o) => ({ fraction: o.weight, text: o.text })));
  if (graded.error) return { error: graded.error };
  // Moodle: an answer marked "=" makes a single-answer question; without one, several may be chosen.
  const keys = options.filter((o) => o.isCorrect);
  if (!keys.length) {
    return { draft: { text, type: 'multiple-response', options: options.map((o, i) => ({ text: o.text, fraction: graded.fractions[i]! })) } };
  }
  if (keys.length > 1) return { error: `It marks ${keys.length} answers “=” correct, and a multiple-choice question has one` };
  if (options.some((o) => !o.isCorrect && o.weight !== 0)) r.warnings.add(GIFT_WARN.partialCredit);
  return { draft: { text, type: 'multiple-choice', options: options.map((o) => ({ text: o.text, isCorrect: o.isCorrect })), correctAnswer: keys[0]!.text } };
}

function numericOf(n: NumericalFormat, fraction: number): NonNullable<DraftQuestion['numericAnswers']>[number] | null {
  if (n.type === 'high-low' && n.numberLow !== undefined && n.numberHigh !== undefined) return { min: n.numberLow, max: n.numberHigh, fraction };
  if (n.type === 'range' && n.number !== undefined) return { value: n.number, tolerance: n.range ?? 0, fraction };
  if (n.type === 'simple' && n.number !== undefined) return { value: n.number, tolerance: 0, fraction };
  return null;
}

function mapQuestion(q: Exclude<GIFTQuestion, { type: 'Category' }>, r: Reader): Mapped {
  const text = r.text(q.stem);
  if (q.type === 'Description') return { error: 'A description holds no question' };
  const mapped = ((): Mapped => {
    switch (q.type) {
      case 'MC':
        return mapChoices(q, r, text);
      case 'Short': {
        if (q.choices.some((c) => hasFeedback(c.feedback))) r.warnings.add(GIFT_WARN.feedback);
        const answers = q.choices.map((c) => ({ text: r.text(c.text), fraction: weightOf(c) }));
        const graded = checkGrades(answers);
        if (graded.error) return { error: graded.error };
        return { draft: { text, type: 'short-answer', shortAnswers: answers.map((a, i) => ({ text: a.text, fraction: graded.fractions[i]! })), caseSensitive: false } };
      }
      case 'Numerical': {
        const choices = Array.isArray(q.choices) ? q.choices : [{ isCorrect: true, weight: null, text: q.choices, feedback: null }];
        if (choices.some((c) => hasFeedback(c.feedback))) r.warnings.add(GIFT_WARN.feedback);
        // "~" with no number is Moodle's catch-all for wrong-answer feedback: it gives no credit.
        const kept = choices.flatMap((c) => {
          const n = 'type' in c.text ? numericOf(c.text, weightOf(c)) : null;
          return n ? [n] : [];
        });
        const graded = checkGrades(kept.map((a) => ({ fraction: a.fraction, text: 'value' in a ? String(a.value) : `${a.min}..${a.max}` })));
        if (graded.error) return { error: graded.error };
        return { draft: { text, type: 'numerical', numericAnswers: kept.map((a, i) => ({ ...a, fraction: graded.fractions[i]! })) } };
      }
      case 'TF':
        if (hasFeedback(q.trueFeedback) || hasFeedback(q.falseFeedback)) r.warnings.add(GIFT_WARN.feedback);
        return { draft: { text, type: 'true-false', correctAnswer: q.isTrue ? 'True' : 'False' } };
      case 'Matching': {
        const pairs: { stem: string; answer: string }[] = [];
        const distractors: string[] = [];
        for (const p of q.matchPairs) {
          const stem = r.text(p.subquestion);
          const answer = unescapePlain(p.subanswer).trim();
          if (stem === '') distractors.push(answer);
          else pairs.push({ stem, answer });
        }
        return { draft: { text, type: 'matching', pairs, distractors } };
      }
      case 'Essay':
        return { draft: { text, type: 'essay' } };
    }
  })();
  if (mapped.draft) mapped.draft.explanation = r.text(q.globalFeedback);
  return mapped;
}

/** The items of a GIFT file, block by block, with a turn of the event loop every few blocks (a big bank must not stall the exams on this node). */
export async function parseGift(text: string): Promise<ParsedItem[]> {
  const items: ParsedItem[] = [];
  let categories: string[] = [];
  for (const [n, block] of blocksOf(text).entries()) {
    if (n % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    for (const q of parseBlock(block)) {
      if (q.type === 'Category') {
        categories = categoryPath(q.title);
        continue;
      }
      const r = reader();
      const meta = metaOf(block.comments);
      const source = `line ${block.itemLine}`;
      const body = r.text(q.stem);
      const title = q.title?.trim() || titleOf(body);
      const mapped = mapQuestion(q, r);
      const base = { title, source, categories, images: [] };
      if (mapped.error !== undefined) {
        items.push({ ...base, warnings: [], error: `“${title}” at ${source}: ${mapped.error}` });
        continue;
      }
      const { points, warning } = pointsOf(meta.points);
      if (warning) r.warnings.add(warning);
      const draft: DraftQuestion = { ...mapped.draft, points, tags: meta.tags };
      if (draft.type === 'short-answer') draft.caseSensitive = meta.caseSensitive;
      if (draft.type === 'essay' && meta.sampleAnswer) draft.sampleAnswer = meta.sampleAnswer;
      items.push({ ...base, draft, warnings: [...r.warnings] });
    }
  }
  return items;
}
