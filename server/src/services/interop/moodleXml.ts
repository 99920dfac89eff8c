import type { Element } from '@xmldom/xmldom';
import { htmlToText } from './html';
import { checkGrades, pointsOf } from './moodleGrades';
import { childElements, firstChild, parseXml, textOf } from './xml';
import { xmlChildren } from './xmlChildren';
import { ImportFileError, type DraftQuestion, type ParsedImage, type ParsedItem } from './types';
import { takeRubricTable } from './rubricImport';

/**
 * Moodle XML (question/format/xml/format.php): <quiz> holding <question type="…"> elements, the
 * categories among them applying to the questions that follow. Grades are percentages checked
 * against Moodle's own list; pictures come as base64 <file> elements named by @@PLUGINFILE@@.
 */
export const MOODLE_WARN = {
  feedback: 'Per-answer feedback was dropped',
  combinedFeedback: 'Feedback for correct, partly correct and incorrect answers was dropped',
  hints: 'Hints were dropped',
  penalty: 'The penalty for each wrong try was dropped',
  shuffle: 'Shuffling and numbering settings were dropped',
  formatting: 'Formatting (bold, tables, links) was dropped; the text is kept',
  partialCredit: 'Partial credit of wrong options was dropped',
  units: 'Units were dropped',
  responseTemplate: 'The response template was dropped',
  attachments: 'File attachments were dropped',
  morePictures: 'Only the first picture is kept',
  outsidePicture: 'A picture linked from outside the file was dropped',
} as const;

/** The category path without Moodle's context prefixes: "$course$/top/Algebra//Sets" → ["Algebra/Sets"]. */
export function categoryPath(path: string): string[] {
  const parts = path
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((p) => p.replace(/\/\//g, '/').trim())
    .filter(Boolean);
  while (parts.length && /^(\$[a-z]+\$|top)$/i.test(parts[0]!)) parts.shift();
  return parts;
}

/** Moodle's names for the question types we have no equivalent for. */
const UNSUPPORTED: Record<string, string> = {
  cloze: 'Cloze (multianswer)',
  multianswer: 'Cloze (multianswer)',
  calculated: 'Calculated',
  calculatedsimple: 'Simple calculated',
  calculatedmulti: 'Calculated multichoice',
  ddwtos: 'Drag and drop into text',
  ddimageortext: 'Drag and drop onto image',
  ddmarker: 'Drag and drop markers',
  gapselect: 'Select missing words',
  ordering: 'Ordering',
  randomsamatch: 'Random short-answer matching',
  random: 'Random',
};

interface Ctx {
  q: Element;
  type: string;
  warnings: Set<string>;
  images: ParsedImage[];
}

const isOn = (v: string) => /^(1|true|yes)$/i.test(v.trim());
const childText = (el: Element | undefined, name = 'text') => (el ? textOf(firstChild(el, name)) : '');
const numberOf = (s: string) => (s.trim() === '' ? NaN : Number(s.trim().replace(',', '.')));

/** A Moodle text field read as our plain text by its format. */
function readText(ctx: Ctx, el: Element | undefined, raw = el ? childText(el) : ''): { text: string; srcs: string[] } {
  if (!el) return { text: '', srcs: [] };
  const format = el.getAttribute('format') ?? 'html';
  if (format === 'plain_text' || format === 'markdown') return { text: raw.trim(), srcs: [] };
  const plain = htmlToText(raw);
  if (plain.formattingDropped) ctx.warnings.add(MOODLE_WARN.formatting);
  return { text: plain.text, srcs: plain.images };
}

const plainText = (ctx: Ctx, el: Element | undefined) => readText(ctx, el).text;

/** The question text's pictures: the files its <img> show, in the text's order, then any others it carries. */
function readImages(ctx: Ctx, questiontext: Element | undefined, srcs: string[]) {
  if (!questiontext) return;
  const files = new Map<string, Buffer>();
  for (const f of childElements(questiontext, 'file')) {
    const name = f.getAttribute('name') ?? '';
    const data = textOf(f).replace(/\s+/g, '');
    if (f.getAttribute('encoding') !== 'base64' || !/^[A-Za-z0-9+/]*={0,2}$/.test(data) || data.length % 4 !== 0 || data === '') {
      ctx.warnings.add(`Picture ${name || '(unnamed)'} is not valid base64 and was skipped`);
      continue;
    }
    files.set(name, Buffer.from(data, 'base64'));
  }
  const order: string[] = [];
  for (const src of srcs) {
    const m = /^@@PLUGINFILE@@\/(.+)$/.exec(src);
    if (!m) {
      ctx.warnings.add(MOODLE_WARN.outsidePicture);
      continue;
    }
    let name = m[1]!;
    try {
      name = decodeURIComponent(name);
    } catch {
      // a name that is not URI-encoded is its own name
    }
    if (files.has(name) && !order.includes(name)) order.push(name);
  }
  for (const name of files.keys()) if (!order.includes(name)) order.push(name);
  ctx.images.push(...order.map((name) => ({ name, bytes: files.get(name)! })));
  if (ctx.images.length > 1) ctx.warnings.add(MOODLE_WARN.morePictures);
}

interface Answer {
  text: string;
  fraction: number;
  el: Element;
}

function answersOf(ctx: Ctx, asHtml: boolean): Answer[] {
  return childElements(ctx.q, 'answer').map((el) => {
    const fb = firstChild(el, 'feedback');
    if (fb && childText(fb).trim() !== '') ctx.warnings.add(MOODLE_WARN.feedback);
    const text = asHtml ? plainText(ctx, el) : childText(el).trim();
    return { text, fraction: numberOf(el.getAttribute('fraction') ?? '0') / 100, el };
  });
}

/** The settings we do not keep, one warning for each kind present. */
function noteDropped(ctx: Ctx) {
  const { q, warnings } = ctx;
  if (childElements(q, 'hint').some((h) => childText(h).trim() !== '')) warnings.add(MOODLE_WARN.hints);
  if (['correctfeedback', 'partiallycorrectfeedback', 'incorrectfeedback'].some((n) => childText(firstChild(q, n)).trim() !== '')) warnings.add(MOODLE_WARN.combinedFeedback);
  // A true/false question has one try, so its penalty (Moodle writes 1) never applies.
  const penalty = numberOf(textOf(firstChild(q, 'penalty')));
  if (ctx.type !== 'truefalse' && Number.isFinite(penalty) && penalty > 0) warnings.add(MOODLE_WARN.penalty);
  const shuffle = firstChild(q, 'shuffleanswers');
  const numbering = textOf(firstChild(q, 'answernumbering')).trim();
  if ((shuffle && !isOn(textOf(shuffle))) || (numbering !== '' && numbering !== 'abc' && numbering !== 'none')) warnings.add(MOODLE_WARN.shuffle);
}

type Mapped = { draft: DraftQuestion; error?: undefined } | { error: string; draft?: undefined };

function multichoice(ctx: Ctx, text: string): Mapped {
  const answers = answersOf(ctx, true);
  const graded = checkGrades(answers);
  if (graded.error) return { error: graded.error };
  const fractions = graded.fractions;
  const single = isOn(textOf(firstChild(ctx.q, 'single')) || 'true');
  if (!single) return { draft: { text, type: 'multiple-response', options: answers.map((a, i) => ({ text: a.text, fraction: fractions[i]! })) } };
  const keys = answers.filter((_a, i) => fractions[i] === 1);
  if (keys.length !== 1) return { error: keys.length ? `It gives ${keys.length} answers 100%, and a multiple-choice question has one` : 'No answer has a grade of 100%' };
  if (fractions.some((f) => f !== 1 && f !== 0)) ctx.warnings.add(MOODLE_WARN.partialCredit);
  return { draft: { text, type: 'multiple-choice', options: answers.map((a, i) => ({ text: a.text, isCorrect: fractions[i] === 1 })), correctAnswer: keys[0]!.text } };
}

function truefalse(ctx: Ctx, text: string): Mapped {
  const right = answersOf(ctx, false).find((a) => a.fraction >= 1 - 1e-9);
  const value = right?.text.toLowerCase();
  if (value !== 'true' && value !== 'false') return { error: 'Neither “true” nor “false” has a grade of 100%' };
  return { draft: { text, type: 'true-false', correctAnswer: value === 'true' ? 'True' : 'False' } };
}

function shortanswer(ctx: Ctx, text: string): Mapped {
  const answers = answersOf(ctx, false);
  const graded = checkGrades(answers);
  if (graded.error) return { error: graded.error };
  const caseSensitive = isOn(textOf(firstChild(ctx.q, 'usecase')) || '0');
  return { draft: { text, type: 'short-answer', caseSensitive, shortAnswers: answers.map((a, i) => ({ text: a.text, fraction: graded.fractions[i]! })) } };
}

function numerical(ctx: Ctx, text: string): Mapped {
  const answers = answersOf(ctx, false);
  const graded = checkGrades(answers);
  if (graded.error) return { error: graded.error };
  const units = firstChild(ctx.q, 'units');
  if (units && childElements(units, 'unit').length) ctx.warnings.add(MOODLE_WARN.units);
  const numericAnswers: NonNullable<DraftQuestion['numericAnswers']> = [];
  for (const [i, a] of answers.entries()) {
    // "*" is Moodle's any-other-number answer, there for its feedback.
    if (a.text === '*') {
      if (graded.fractions[i]! > 0) return { error: 'Its “*” answer gives credit for any number, which cannot be kept' };
      continue;
    }
    const value = numberOf(a.text);
    if (!Number.isFinite(value)) return { error: `The answer “${a.text}” is not a number` };
    const tolerance = numberOf(textOf(firstChild(a.el, 'tolerance')) || '0');
    numericAnswers.push({ value, tolerance: Number.isFinite(tolerance) ? Math.abs(tolerance) : 0, fraction: graded.fractions[i]! });
  }
  return { draft: { text, type: 'numerical', numericAnswers } };
}

function matching(ctx: Ctx, text: string): Mapped {
  const pairs: { stem: string; answer: string }[] = [];
  const distractors: string[] = [];
  for (const sub of childElements(ctx.q, 'subquestion')) {
    const stem = plainText(ctx, sub);
    const answer = childText(firstChild(sub, 'answer')).trim();
    if (stem === '') distractors.push(answer);
    else pairs.push({ stem, answer });
  }
  return { draft: { text, type: 'matching', pairs, distractors } };
}

function essay(ctx: Ctx, text: string): Mapped {
  if (childText(firstChild(ctx.q, 'responsetemplate')).trim() !== '') ctx.warnings.add(MOODLE_WARN.responseTemplate);
  const attachments = numberOf(textOf(firstChild(ctx.q, 'attachments')));
  if (Number.isFinite(attachments) && attachments !== 0) ctx.warnings.add(MOODLE_WARN.attachments);
  // Our own export writes an essay's rubric as a table after the grader information: it comes back as the rubric.
  const grader = firstChild(ctx.q, 'graderinfo');
  const { rubric, html } = (grader?.getAttribute('format') ?? 'html') === 'html' ? takeRubricTable(childText(grader)) : { rubric: null, html: '' };
  const sampleAnswer = rubric ? readText(ctx, grader, html).text : plainText(ctx, grader);
  return { draft: { text, type: 'essay', sampleAnswer, ...(rubric ? { rubric } : {}) } };
}

const READERS: Record<string, (ctx: Ctx, text: string) => Mapped> = {
  multichoice,
  truefalse,
  shortanswer,
  numerical,
  match: matching,
  matching,
  essay,
};

/**
 * Reads a Moodle XML bank question by question: the file is split into its <question> elements by
 * a streaming parser (xmlChildren) and each is parsed on its own, with a turn of the event loop
 * every few questions, so a bank of thousands neither holds a whole DOM in memory nor keeps the
 * node from answering the students sitting exams on it.
 */
export async function parseMoodleXml(text: string): Promise<ParsedItem[]> {
  const { root, children } = await xmlChildren(text);
  if (root !== 'quiz') throw ImportFileError.of('formatMismatch', { format: 'Moodle XML' });
  const items: ParsedItem[] = [];
  let categories: string[] = [];
  // Numbered among all <question> elements, categories included, as a reader counts them in the file.
  for (const [i, child] of children.entries()) {
    if (child.name !== 'question') continue;
    if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
    const q = parseXml(child.xml).documentElement!;
    const type = (q.getAttribute('type') ?? '').trim().toLowerCase();
    if (type === 'category') {
      categories = categoryPath(childText(firstChild(q, 'category')));
      continue;
    }
    items.push(readQuestion(q, type, i, categories));
  }
  return items;
}

function readQuestion(q: Element, type: string, i: number, categories: string[]): ParsedItem {
  const ctx: Ctx = { q, type, warnings: new Set(), images: [] };
  const name = htmlToText(childText(firstChild(q, 'name'))).text;
  const questiontext = firstChild(q, 'questiontext');
  const { text: body, srcs } = readText(ctx, questiontext);
  const title = name || body.replace(/\s+/g, ' ').slice(0, 60);
  const source = `question ${i + 1}${name ? ` “${name}”` : ''}`;
  const fail = (error: string): ParsedItem => ({ title, source, categories, images: [], warnings: [], error: `${source}: ${error}` });
  if (type === 'description') return fail('A description holds no question');
  const read = READERS[type];
  if (!read) return fail(`Moodle ${UNSUPPORTED[type] ?? `“${type}”`} questions have no equivalent here`);
  const mapped = read(ctx, body);
  if (mapped.error !== undefined) return fail(mapped.error);
  readImages(ctx, questiontext, srcs);
  noteDropped(ctx);
  const { points, warning } = pointsOf(numberOf(textOf(firstChild(q, 'defaultgrade')) || '1'));
  if (warning) ctx.warnings.add(warning);
  const tags = childElements(firstChild(q, 'tags') ?? q, 'tag')
    .map((t) => childText(t).trim())
    .filter(Boolean);
  const draft: DraftQuestion = { ...mapped.draft, points, tags, explanation: plainText(ctx, firstChild(q, 'generalfeedback')) };
  return { title, source, categories, images: ctx.images, warnings: [...ctx.warnings], draft };
}
