import type { Document, Element, Node } from '@xmldom/xmldom';
import { parseXml, childElements, textOf, ELEMENT_NODE, TEXT_NODE, CDATA_SECTION_NODE } from './xml';
import { htmlToText } from './html';
import { ImportFileError, type DraftQuestion, type ParsedImage, type ParsedItem } from './types';
import type { Rubric } from '@exam/shared';
import { rubricIn } from './rubricImport';

/*
 * QTI 2.x and 3.0 say the same things with different spellings: `choiceInteraction` and
 * `responseIdentifier` in 2.x, `qti-choice-interaction` and `response-identifier` in 3.0. Reading
 * and writing go through the names below, so the rest of the code speaks the 2.x spelling once.
 */
export type QtiVersion = '2.1' | '2.2' | '3.0';

export const QTI_NAMESPACES: Record<QtiVersion, string> = {
  '2.1': 'http://www.imsglobal.org/xsd/imsqti_v2p1',
  '2.2': 'http://www.imsglobal.org/xsd/imsqti_v2p2',
  '3.0': 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0',
};

export const qtiVersionOfNamespace = (ns: string | null | undefined): QtiVersion | undefined =>
  (Object.keys(QTI_NAMESPACES) as QtiVersion[]).find((v) => QTI_NAMESPACES[v] === ns);

const kebab = (camel: string) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const camel = (k: string) => k.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

/** An element name in the version's spelling: `choiceInteraction` → `qti-choice-interaction` in 3.0. */
export const qtiElementName = (version: QtiVersion, name2x: string) => (version === '3.0' ? `qti-${kebab(name2x)}` : name2x);
/** An attribute name in the version's spelling: `responseIdentifier` → `response-identifier` in 3.0. */
export const qtiAttrName = (version: QtiVersion, name2x: string) => (version === '3.0' ? kebab(name2x) : name2x);
/** A 3.0 name in 2.x spelling (`qti-simple-choice` → `simpleChoice`); XHTML names as they are. */
const plainName = (version: QtiVersion, name: string) => (version === '3.0' && name.startsWith('qti-') ? camel(name.slice(4)) : name);

export const NOT_QTI = 'This file is not QTI: it declares no QTI namespace';
export const QTI_MSG = {
  noCorrectResponse: 'No correct response is declared, so it cannot be marked',
  noInteraction: 'This item has no interaction, so there is nothing to answer',
  feedbackDropped: 'Feedback was dropped',
  formattingDropped: 'Formatting (bold, tables, links) was dropped; the text is kept',
  inlineChoice: 'The drop-down in the text became a multiple-choice question; the gap shows as ____',
  partialCreditDropped: 'Partial credit of wrong options dropped',
  allOrNothing: 'The item gave credit only for all the right choices; here each right choice earns its share and wrong choices cost nothing',
  scorerNotesDropped: 'Notes for scorers were dropped',
  pairCreditEqualised: 'Each pair now earns an equal share of the points',
  caseMixed: 'Some answers were case-sensitive and some not; all are now compared ignoring case',
  mappingCapDropped: "The mapping's score cap was dropped",
} as const;

/** The marker our exporter gives the modal feedback that carries a question's explanation. */
export const EXPLANATION_FEEDBACK = 'EXPLANATION';

export interface QtiItemOptions {
  /** Where the item is ("items/q1.xml"); "item <identifier>" when not given. */
  source?: string;
  /** A picture the item points at, by its href as written; undefined when not in the file. */
  resolveImage?: (href: string) => Buffer | undefined;
}

export function qtiVersionOf(doc: Document): QtiVersion | undefined {
  return qtiVersionOfNamespace(doc.documentElement?.namespaceURI);
}

/** Is this document a QTI item (any supported version)? Used to tell formats apart. */
export function isQtiItem(doc: Document): boolean {
  const root = doc.documentElement;
  return !!root && !!qtiVersionOf(doc) && (root.localName === 'assessmentItem' || root.localName === 'qti-assessment-item');
}

/** One QTI item file. A file that is not a QTI item, or mixes 2.x and 3.0 spellings, is refused. */
export function parseQtiItem(xml: string, opts: QtiItemOptions = {}): ParsedItem {
  return readQtiItem(parseXml(xml), opts);
}

// Names only QTI 2.x uses; met in a 3.0 file they mean it was not written to the 3.0 schema.
const QTI2_NAMES = new Set([
  'assessmentItem', 'assessmentTest', 'responseDeclaration', 'outcomeDeclaration', 'templateDeclaration', 'templateProcessing',
  'itemBody', 'responseProcessing', 'modalFeedback', 'correctResponse', 'defaultValue', 'mapping', 'mapEntry', 'areaMapping',
  'simpleChoice', 'prompt', 'rubricBlock', 'feedbackInline', 'feedbackBlock', 'catalogInfo', 'simpleMatchSet',
  'simpleAssociableChoice', 'inlineChoice', 'value', 'stylesheet', 'responseCondition', 'setOutcomeValue',
]);

const localOf = (el: Element) => el.localName ?? el.nodeName;

function allElements(node: Node): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType !== ELEMENT_NODE) continue;
      out.push(c as Element);
      walk(c);
    }
  };
  walk(node);
  return out;
}

function versionOrRefuse(doc: Document): QtiVersion {
  const root = doc.documentElement!;
  const version = qtiVersionOf(doc);
  if (!version) throw new ImportFileError(NOT_QTI);
  const ns = QTI_NAMESPACES[version];
  const elements = [root, ...allElements(root)].filter((e) => e.namespaceURI === ns);
  const list = (names: string[]) => [...new Set(names)].slice(0, 3).join(', ');
  if (version === '3.0') {
    const old = elements.map(localOf).filter((n) => QTI2_NAMES.has(n) || /[a-z]Interaction$/.test(n));
    if (old.length) throw new ImportFileError(`This file declares the QTI 3.0 namespace but uses QTI 2 element names (${list(old)}), so it is not valid QTI 3.0`);
  } else {
    const newer = elements.map(localOf).filter((n) => n.startsWith('qti-'));
    if (newer.length) throw new ImportFileError(`This file declares the QTI ${version} namespace but uses QTI 3.0 element names (${list(newer)})`);
  }
  const rootName = plainName(version, localOf(root));
  if (rootName === 'assessmentTest') throw new ImportFileError('This file is a QTI test, not an item: import the content package that holds its items');
  if (rootName !== 'assessmentItem') throw new ImportFileError(`This file is not a QTI item: its root element is <${root.localName}>`);
  return version;
}

/** Reads an element's parts in the version's spelling, by their 2.x names. */
class Reader {
  constructor(readonly version: QtiVersion) {}
  name = (el: Element) => plainName(this.version, localOf(el));
  attr = (el: Element | undefined, name2x: string): string | undefined => {
    const n = qtiAttrName(this.version, name2x);
    return el?.hasAttribute(n) ? (el.getAttribute(n) ?? undefined) : undefined;
  };
  kids = (node: Node | undefined, name2x: string) => (node ? childElements(node).filter((e) => this.name(e) === name2x) : []);
  kid = (node: Node | undefined, name2x: string): Element | undefined => this.kids(node, name2x)[0];
  all = (node: Node | undefined, name2x: string) => (node ? allElements(node).filter((e) => this.name(e) === name2x) : []);
  isInteraction = (el: Element) => /[a-z]Interaction$/.test(this.name(el));
  isQtiOnly = (el: Element) => (this.version === '3.0' ? localOf(el).startsWith('qti-') : QTI_BODY_NAMES.has(localOf(el)) || this.isInteraction(el));
}

// The QTI (not XHTML) elements a 2.x item body may hold besides the interactions.
const QTI_BODY_NAMES = new Set([
  'prompt', 'rubricBlock', 'feedbackInline', 'feedbackBlock', 'printedVariable', 'templateInline', 'templateBlock', 'infoControl',
  'simpleChoice', 'inlineChoice', 'simpleMatchSet', 'simpleAssociableChoice', 'contentBody', 'gap', 'gapText', 'gapImg', 'hottext',
]);

// The attributes of the parts we read that the schemas allow; others are reported as ignored.
const KNOWN_ATTRIBUTES: Record<string, string[]> = {
  assessmentItem: ['title', 'adaptive', 'timeDependent', 'toolName', 'toolVersion'],
  responseDeclaration: ['cardinality', 'baseType'],
  outcomeDeclaration: ['cardinality', 'baseType', 'view', 'interpretation', 'longInterpretation', 'normalMaximum', 'normalMinimum', 'masteryValue', 'externalScored', 'variableIdentifierRef'],
  mapping: ['lowerBound', 'upperBound', 'defaultValue'],
  mapEntry: ['mapKey', 'mappedValue', 'caseSensitive'],
  choiceInteraction: ['responseIdentifier', 'shuffle', 'maxChoices', 'minChoices', 'orientation', 'minSelectionsMessage', 'maxSelectionsMessage'],
  simpleChoice: ['fixed', 'templateIdentifier', 'showHide'],
  textEntryInteraction: ['responseIdentifier', 'base', 'stringIdentifier', 'expectedLength', 'patternMask', 'placeholderText', 'format', 'patternMaskMessage'],
  extendedTextInteraction: ['responseIdentifier', 'base', 'stringIdentifier', 'expectedLength', 'patternMask', 'placeholderText', 'format', 'maxStrings', 'minStrings', 'expectedLines', 'patternMaskMessage', 'countCharacters'],
  matchInteraction: ['responseIdentifier', 'shuffle', 'maxAssociations', 'minAssociations'],
  simpleAssociableChoice: ['fixed', 'templateIdentifier', 'showHide', 'matchGroup', 'matchMax', 'matchMin'],
  inlineChoiceInteraction: ['responseIdentifier', 'shuffle', 'required'],
  inlineChoice: ['fixed', 'templateIdentifier', 'showHide'],
};
const ANY_ELEMENT_ATTRIBUTES = new Set(['identifier', 'id', 'class', 'label', 'lang', 'dir', 'title']);
const ITEM_PARTS = new Set([
  'responseDeclaration', 'outcomeDeclaration', 'templateDeclaration', 'templateProcessing', 'stylesheet', 'itemBody', 'responseProcessing',
  'modalFeedback', 'contextDeclaration', 'assessmentStimulusRef', 'companionMaterialsInfo', 'catalogInfo',
]);

/** What the item holds beyond its schema: reported, never a refusal. */
function unknownParts(q: Reader, root: Element): string[] {
  const found: string[] = [];
  for (const el of [root, ...allElements(root)]) {
    const known = KNOWN_ATTRIBUTES[q.name(el)];
    if (!known) continue;
    for (let i = 0; i < el.attributes.length; i++) {
      const a = el.attributes.item(i)!;
      const name = q.version === '3.0' ? camel(a.name) : a.name;
      if (a.name.startsWith('xmlns') || a.prefix || a.name.startsWith('data-') || ANY_ELEMENT_ATTRIBUTES.has(name) || known.includes(name)) continue;
      found.push(`${a.name}="${a.value}" on ${el.localName}`);
    }
  }
  for (const el of childElements(root)) if (el.namespaceURI === root.namespaceURI && !ITEM_PARTS.has(q.name(el))) found.push(`<${el.localName}>`);
  return found;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const VOID = new Set(['img', 'br', 'hr']);
const PARAGRAPHS = new Set(['p', 'div', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'table', 'ul', 'ol']);
const INLINE_INTERACTIONS = new Set(['textEntryInteraction', 'inlineChoiceInteraction']);

interface BodyReading {
  html: string;
  /** Rubric blocks written for scorers and tutors (an essay's sample answer). */
  notes: string[];
  /** Our own export's rubric, read back from its scorer block (rubricImport.ts). */
  rubric?: Rubric;
  feedback: boolean;
  formatting: boolean;
}

/**
 * An item body (or any QTI content) as HTML for htmlToText: the XHTML kept, the interaction left
 * out but its prompt kept, an inline interaction inside running text shown as a gap, rubric
 * blocks for candidates kept and those for scorers set aside.
 */
function bodyHtml(q: Reader, node: Node, interaction?: Element): BodyReading {
  const reading: BodyReading = { html: '', notes: [], feedback: false, formatting: false };
  const out: string[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT_NODE || c.nodeType === CDATA_SECTION_NODE) {
        // Line breaks in the XML source are layout, not text: HTML reads them as spaces.
        out.push(escapeHtml((c.nodeValue ?? '').replace(/\s+/g, ' ')));
        continue;
      }
      if (c.nodeType !== ELEMENT_NODE) continue;
      const el = c as Element;
      const name = q.name(el);
      if (el === interaction) {
        if (INLINE_INTERACTIONS.has(name)) {
          const around = textOf(el.parentNode).replace(textOf(el), '').trim();
          if (around) out.push('____');
        } else {
          const prompt = q.kid(el, 'prompt');
          if (prompt) {
            out.push('<p>');
            walk(prompt);
            out.push('</p><br>');
          }
        }
        continue;
      }
      if (q.isInteraction(el)) continue;
      if (name === 'prompt') {
        out.push('<p>');
        walk(el);
        out.push('</p><br>');
      } else if (name === 'rubricBlock') {
        const views = (q.attr(el, 'view') ?? 'candidate').split(/\s+/);
        if (views.includes('candidate')) {
          out.push('<div>');
          walk(el);
          out.push('</div><br>');
        } else {
          const rubric = rubricIn(el);
          if (rubric) reading.rubric ??= rubric;
          else reading.notes.push(htmlToText(bodyHtml(q, el).html).text);
        }
      } else if (name === 'contentBody') {
        walk(el);
      } else if (name === 'feedbackInline' || name === 'feedbackBlock') {
        reading.feedback = true;
      } else if (name === 'object' && /^image\//.test(el.getAttribute('type') ?? '') && el.getAttribute('data')) {
        out.push(`<img src="${escapeHtml(el.getAttribute('data')!)}">`);
        walk(el);
      } else if (q.isQtiOnly(el) || el.namespaceURI !== node.ownerDocument?.documentElement?.namespaceURI) {
        // Printed variables, MathML and the like: their text is kept, their meaning is not.
        reading.formatting = true;
        walk(el);
      } else {
        const local = localOf(el);
        const src = local === 'img' ? ` src="${escapeHtml(el.getAttribute('src') ?? '')}"` : '';
        out.push(`<${local}${src}>`);
        if (!VOID.has(local)) {
          walk(el);
          out.push(`</${local}>`);
          // htmlToText ends a paragraph with one line break; a blank line keeps paragraphs apart as our text writes them.
          if (PARAGRAPHS.has(local)) out.push('<br>');
        }
      }
    }
  };
  walk(node);
  reading.html = out.join('');
  return reading;
}

const round7 = (x: number) => Math.round(x * 1e7) / 1e7;
const tidy = (x: number) => Number(x.toPrecision(12));
const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? undefined : Number(s));

function pointsFrom(raw: number | undefined, warnings: string[]): number {
  if (raw === undefined || !Number.isFinite(raw)) return 1;
  const points = Math.max(1, Math.round(raw));
  if (points !== raw) warnings.push(`Points were rounded from ${raw} to ${points}`);
  return points;
}

type Range = { value: number; tolerance: number } | { min: number; max: number };

/** The numbers a responseProcessing condition accepts for the response, when it is one we read. */
function conditionRange(q: Reader, cond: Element | undefined, responseId: string, correct: number | undefined): Range | undefined {
  if (!cond) return undefined;
  const [a, b] = childElements(cond);
  const isResponse = (e: Element | undefined) => !!e && q.name(e) === 'variable' && q.attr(e, 'identifier') === responseId;
  const valueOf = (e: Element | undefined) =>
    !e ? undefined : q.name(e) === 'correct' ? correct : q.name(e) === 'baseValue' ? num(textOf(e)) : undefined;
  const other = isResponse(a) ? b : isResponse(b) ? a : undefined;
  const name = q.name(cond);
  if (name === 'and') {
    let min: number | undefined;
    let max: number | undefined;
    for (const part of childElements(cond)) {
      const [x, y] = childElements(part);
      if (!isResponse(x)) return undefined;
      const v = valueOf(y);
      if (q.name(part) === 'gte' || q.name(part) === 'gt') min = v;
      else if (q.name(part) === 'lte' || q.name(part) === 'lt') max = v;
      else return undefined;
    }
    return min !== undefined && max !== undefined && Number.isFinite(min) && Number.isFinite(max) ? { min, max } : undefined;
  }
  const value = valueOf(other);
  if (value === undefined || !Number.isFinite(value)) return undefined;
  if (name === 'match') return { value, tolerance: 0 };
  if (name === 'equal') {
    const mode = q.attr(cond, 'toleranceMode') ?? 'exact';
    const [t0 = 0, t1 = t0] = (q.attr(cond, 'tolerance') ?? '0').trim().split(/\s+/).map(Number);
    if (mode === 'exact') return { value, tolerance: 0 };
    const [lo, hi] = mode === 'relative' ? [value - (Math.abs(value) * t0) / 100, value + (Math.abs(value) * t1) / 100] : [value - t0, value + t1];
    return t0 === t1 ? { value, tolerance: tidy((hi - lo) / 2) } : { min: tidy(lo), max: tidy(hi) };
  }
  if (name === 'equalRounded') {
    const figures = Number(q.attr(cond, 'figures') ?? '0');
    const places = q.attr(cond, 'roundingMode') === 'decimalPlaces' ? figures : figures - 1 - Math.floor(Math.log10(Math.abs(value) || 1));
    return { value, tolerance: tidy(0.5 * 10 ** -places) };
  }
  return undefined;
}

/** The score an outcome rule sets: a number, the item's maximum, or a sum of those. */
function scoreOf(q: Reader, expr: Element | undefined, maxScore: number | undefined): number | undefined {
  if (!expr) return undefined;
  const name = q.name(expr);
  if (name === 'baseValue') return num(textOf(expr));
  if (name === 'variable') return q.attr(expr, 'identifier') === 'MAXSCORE' ? maxScore : q.attr(expr, 'identifier') === 'SCORE' ? 0 : undefined;
  if (name === 'sum') {
    let total = 0;
    for (const part of childElements(expr)) {
      const s = scoreOf(q, part, maxScore);
      if (s === undefined) return undefined;
      total += s;
    }
    return total;
  }
  return undefined;
}

interface MapEntry {
  key: string;
  value: number;
  caseSensitive: boolean;
}

export function readQtiItem(doc: Document, opts: QtiItemOptions = {}): ParsedItem {
  const version = versionOrRefuse(doc);
  const q = new Reader(version);
  const root = doc.documentElement!;
  const identifier = q.attr(root, 'identifier') ?? '';
  const source = opts.source ?? `item ${identifier}`;
  const warnings: string[] = [];
  const unknown = unknownParts(q, root);
  if (unknown.length) warnings.push(`Unknown parts of the item were ignored: ${unknown.slice(0, 3).join(', ')}`);

  const body = q.kid(root, 'itemBody');
  const interactions = body ? allElements(body).filter(q.isInteraction) : [];
  const interaction = interactions.length === 1 ? interactions[0] : undefined;
  const reading = body ? bodyHtml(q, body, interaction) : { html: '', notes: [], feedback: false, formatting: false };
  const plain = htmlToText(reading.html);
  const title = (q.attr(root, 'title') ?? '').trim() || plain.text.slice(0, 60) || identifier;
  const base = { title, source, categories: [] as string[] };
  const fail = (message: string): ParsedItem => ({ ...base, images: [], warnings, error: `${message} (item ${identifier})` });

  if (!interaction) return fail(interactions.length ? `This item has ${interactions.length} interactions; only single-interaction items can be imported` : QTI_MSG.noInteraction);

  let explanation = '';
  let feedback = reading.feedback;
  for (const fb of q.kids(root, 'modalFeedback')) {
    if (q.attr(fb, 'identifier') === EXPLANATION_FEEDBACK) explanation = htmlToText(bodyHtml(q, fb).html).text;
    else feedback = true;
  }

  const images: ParsedImage[] = [];
  for (const src of plain.images) {
    const bytes = imageBytes(src, opts.resolveImage);
    if (bytes) images.push({ name: src.startsWith('data:') ? 'picture' : src, bytes });
    else warnings.push(`The picture ${src} is not in the file, so it was dropped`);
  }

  const responseId = q.attr(interaction, 'responseIdentifier');
  const decl = q.kids(root, 'responseDeclaration').find((d) => q.attr(d, 'identifier') === responseId);
  const correctValues = q.kids(q.kid(decl, 'correctResponse'), 'value').map((v) => textOf(v).trim());
  const mapping = q.kid(decl, 'mapping');
  const rp = q.kid(root, 'responseProcessing');
  // A match_correct template scores the correct response alone, whatever mapping is declared.
  const matchCorrect = /match_correct(\.xml)?$/.test(q.attr(rp, 'template') ?? '');
  const entries: MapEntry[] = matchCorrect
    ? []
    : q.kids(mapping, 'mapEntry').map((e) => ({ key: (q.attr(e, 'mapKey') ?? '').trim(), value: Number(q.attr(e, 'mappedValue') ?? '0'), caseSensitive: q.attr(e, 'caseSensitive') !== 'false' }));
  const defaultValue = num(q.attr(mapping, 'defaultValue')) ?? 0;
  const upperBound = matchCorrect ? undefined : num(q.attr(mapping, 'upperBound'));
  const maxOutcome = q.kids(root, 'outcomeDeclaration').find((o) => q.attr(o, 'identifier') === 'MAXSCORE');
  const maxScore = num(textOf(q.kid(q.kid(maxOutcome, 'defaultValue'), 'value')));
  const positive = entries.filter((e) => e.value > 0);
  const noKey = () => fail(QTI_MSG.noCorrectResponse);

  let draft: DraftQuestion;
  let derivedMax: number | undefined;
  const kind = q.name(interaction);
  const choiceTexts = (name2x: string) =>
    q.kids(interaction, name2x).map((c) => {
      const r = bodyHtml(q, c);
      if (r.feedback) feedback = true;
      const t = htmlToText(r.html);
      if (t.images.length) warnings.push('Pictures in the choices were dropped');
      return { id: q.attr(c, 'identifier') ?? '', text: t.text };
    });
  const singleChoice = (choices: { id: string; text: string }[]): DraftQuestion | string => {
    const correctId = correctValues[0] ?? [...positive].sort((a, b) => b.value - a.value)[0]?.key;
    if (!correctId) return QTI_MSG.noCorrectResponse;
    const correct = choices.find((c) => c.id === correctId);
    if (!correct) return `The correct response ${correctId} names no choice of the item`;
    if (positive.some((e) => e.key !== correctId)) warnings.push(QTI_MSG.partialCreditDropped);
    derivedMax = positive.length ? Math.max(...positive.map((e) => e.value)) : undefined;
    const trueFalse = choices.length === 2 && choices.map((c) => c.text.toLowerCase()).sort().join() === 'false,true';
    return { type: trueFalse ? 'true-false' : 'multiple-choice', text: plain.text, options: choices.map((c) => ({ text: c.text, isCorrect: c.id === correctId })), correctAnswer: correct.text };
  };

  if (kind === 'choiceInteraction') {
    const choices = choiceTexts('simpleChoice');
    const cardinality = q.attr(decl ?? interaction, 'cardinality') ?? (q.attr(interaction, 'maxChoices') === '1' ? 'single' : 'multiple');
    if (cardinality === 'single') {
      const d = singleChoice(choices);
      if (typeof d === 'string') return fail(d);
      draft = d;
    } else {
      if (!correctValues.length && !positive.length) return noKey();
      let fractions: number[];
      if (entries.length) {
        const valueOf = (id: string) => entries.find((e) => e.key === id)?.value ?? defaultValue;
        const total = choices.reduce((s, c) => s + Math.max(0, valueOf(c.id)), 0);
        if (total <= 0) return noKey();
        fractions = choices.map((c) => round7(Math.min(1, Math.max(-1, valueOf(c.id) / total))));
        if (upperBound !== undefined && upperBound < total - 1e-9) warnings.push(QTI_MSG.mappingCapDropped);
        derivedMax = total;
      } else {
        fractions = choices.map((c) => (correctValues.includes(c.id) ? round7(1 / correctValues.length) : 0));
        warnings.push(QTI_MSG.allOrNothing);
      }
      draft = { type: 'multiple-response', text: plain.text, options: choices.map((c, i) => ({ text: c.text, isCorrect: fractions[i]! > 0, fraction: fractions[i]! })) };
    }
  } else if (kind === 'inlineChoiceInteraction') {
    const d = singleChoice(choiceTexts('inlineChoice'));
    if (typeof d === 'string') return fail(d);
    draft = { ...d, type: 'multiple-choice' };
    warnings.push(QTI_MSG.inlineChoice);
  } else if (kind === 'textEntryInteraction') {
    const baseType = q.attr(decl, 'baseType') ?? 'string';
    if (baseType === 'float' || baseType === 'integer') {
      const correct = num(correctValues[0]);
      if (correctValues[0] !== undefined && (correct === undefined || !Number.isFinite(correct))) return fail(`The correct response ${correctValues[0]} is not a number`);
      const answers: NonNullable<DraftQuestion['numericAnswers']> = [];
      const branches = q.all(rp, 'responseIf').concat(q.all(rp, 'responseElseIf'));
      const scored: { range: Range; score: number | undefined }[] = [];
      for (const branch of branches) {
        const [cond, ...actions] = childElements(branch);
        const range = conditionRange(q, cond, responseId ?? '', correct);
        const set = actions.find((a) => q.name(a) === 'setOutcomeValue' && q.attr(a, 'identifier') === 'SCORE');
        if (range && set) scored.push({ range, score: scoreOf(q, childElements(set)[0], maxScore) });
      }
      const top = maxScore ?? Math.max(0, ...scored.map((s) => s.score ?? 0));
      for (const s of scored) answers.push({ ...s.range, fraction: s.score === undefined || top <= 0 ? 1 : round7(Math.min(1, s.score / top)) } as (typeof answers)[number]);
      if (!answers.length && correct !== undefined) answers.push({ value: correct, tolerance: 0, fraction: 1 });
      if (!answers.length) return noKey();
      derivedMax = top > 0 ? top : undefined;
      draft = { type: 'numerical', text: plain.text, numericAnswers: answers };
    } else {
      if (!correctValues.length && !positive.length) return noKey();
      // A star here is a star: in our answers it would match anything.
      const literal = (s: string) => s.replace(/\*/g, '\\*');
      let shortAnswers: { text: string; fraction: number }[];
      let caseSensitive = true;
      if (positive.length) {
        const best = Math.max(...positive.map((e) => e.value));
        shortAnswers = [...positive].sort((a, b) => b.value - a.value).map((e) => ({ text: literal(e.key), fraction: round7(e.value / best) }));
        const sensitive = positive.filter((e) => e.caseSensitive).length;
        caseSensitive = sensitive === positive.length;
        if (sensitive && !caseSensitive) warnings.push(QTI_MSG.caseMixed);
        derivedMax = best;
      } else {
        shortAnswers = [...new Set(correctValues)].map((text) => ({ text: literal(text), fraction: 1 }));
      }
      draft = { type: 'short-answer', text: plain.text, shortAnswers, caseSensitive };
    }
  } else if (kind === 'extendedTextInteraction') {
    draft = { type: 'essay', text: plain.text, sampleAnswer: reading.notes.join('\n\n') || correctValues.join('\n'), ...(reading.rubric ? { rubric: reading.rubric } : {}) };
    reading.notes = [];
  } else if (kind === 'matchInteraction') {
    const sets = q.kids(interaction, 'simpleMatchSet');
    if (sets.length !== 2) return fail('The matching does not have two sets of choices');
    const textsOf = (set: Element) => new Map(choiceTextsOf(q, set).map((c) => [c.id, c.text]));
    const stems = textsOf(sets[0]!);
    const answersSet = textsOf(sets[1]!);
    if (!correctValues.length) return noKey();
    const pairs: { stem: string; answer: string }[] = [];
    const seen = new Set<string>();
    for (const value of correctValues) {
      const [s = '', t = ''] = value.split(/\s+/);
      const stem = stems.get(s);
      const answer = answersSet.get(t);
      if (stem === undefined || answer === undefined) return fail(`The correct response ${value} names no choices of the item`);
      if (seen.has(s)) return fail(`${stem} is matched to more than one answer; here each stem has exactly one`);
      seen.add(s);
      pairs.push({ stem, answer });
    }
    const unpaired = [...stems.keys()].filter((id) => !seen.has(id));
    if (unpaired.length) warnings.push(`Stems with no answer were dropped: ${unpaired.map((id) => stems.get(id)).join(', ')}`);
    const used = new Set(pairs.map((p) => p.answer));
    const values = correctValues.map((v) => entries.find((e) => e.key.split(/\s+/).join(' ') === v.split(/\s+/).join(' '))?.value ?? defaultValue);
    if (entries.length && values.some((v) => Math.abs(v - values[0]!) > 1e-9)) warnings.push(QTI_MSG.pairCreditEqualised);
    derivedMax = entries.length ? values.reduce((s, v) => s + Math.max(0, v), 0) : undefined;
    draft = { type: 'matching', text: plain.text, pairs, distractors: [...answersSet.values()].filter((a) => !used.has(a)) };
  } else {
    return fail(`The ${interaction.localName} interaction has no equivalent question type here`);
  }

  if (reading.notes.length) warnings.push(QTI_MSG.scorerNotesDropped);
  if (feedback) warnings.push(QTI_MSG.feedbackDropped);
  if (plain.formattingDropped || reading.formatting) warnings.push(QTI_MSG.formattingDropped);
  draft.points = pointsFrom(maxScore ?? upperBound ?? derivedMax, warnings);
  if (explanation) draft.explanation = explanation;
  return { ...base, draft, images, warnings };
}

function choiceTextsOf(q: Reader, set: Element) {
  return q.kids(set, 'simpleAssociableChoice').map((c) => ({ id: q.attr(c, 'identifier') ?? '', text: htmlToText(bodyHtml(q, c).html).text }));
}

/** A picture's bytes: inline as a data: URI, else from the file's own package. */
function imageBytes(src: string, resolve: QtiItemOptions['resolveImage']): Buffer | undefined {
  const inline = /^data:image\/[\w.+-]+;base64,(.*)$/is.exec(src.trim());
  if (inline) return Buffer.from(inline[1]!, 'base64');
  return resolve?.(src);
}
