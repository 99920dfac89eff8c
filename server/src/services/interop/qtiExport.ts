import { matchingChoices, type QuestionInput } from '@exam/shared';
import { textToHtml } from './html';
import { rubricTableHtml } from './rubricExport';
import { writeZip } from './zip';
import { EXPLANATION_FEEDBACK, QTI_NAMESPACES, qtiAttrName, qtiElementName, type QtiVersion } from './qti';
import type { ExportFile, ExportQuestion } from './types';

/**
 * Questions as a QTI content package: one item per question, written so that our own import
 * gives the same question back. Points are the MAXSCORE outcome; partial credit is a mapping whose
 * values are the credit times the points; the explanation is a modal feedback always shown (its
 * identifier tells our import it is the explanation); an essay's sample answer is a rubric block
 * for scorers, and its rubric (criteria, levels and points as a table) another; tags are LOM keywords
 * of the item's resource in the manifest.
 */
export function exportQti21(questions: ExportQuestion[]): ExportFile {
  return { body: writePackage('2.1', questions), contentType: 'application/zip', filename: 'questions-qti21.zip' };
}

export function exportQti3(questions: ExportQuestion[]): ExportFile {
  return { body: writePackage('3.0', questions), contentType: 'application/zip', filename: 'questions-qti3.zip' };
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x: number) => String(Number(x.toPrecision(15)));

type Attrs = Record<string, string | number | undefined>;

/** Writes QTI elements by their 2.x names in the version's spelling. */
class Writer {
  constructor(readonly version: QtiVersion) {}
  el = (name2x: string, attrs: Attrs = {}, ...children: string[]) => {
    const name = qtiElementName(this.version, name2x);
    const a = Object.entries(attrs)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => ` ${qtiAttrName(this.version, k)}="${esc(String(v))}"`)
      .join('');
    return children.length ? `<${name}${a}>${children.join('')}</${name}>` : `<${name}${a}/>`;
  };
  value = (v: string | number) => this.el('value', {}, esc(String(v)));
  /** Our text as XHTML: escaped, paragraphs and line breaks kept. */
  html = (text: string) => textToHtml(text).replace(/<br>/g, '<br/>');
}

const ITEM_SCHEMA: Record<QtiVersion, string> = {
  '2.1': 'http://www.imsglobal.org/xsd/qti/qtiv2p1/imsqti_v2p1.xsd',
  '2.2': 'http://www.imsglobal.org/xsd/qti/qtiv2p2/imsqti_v2p2.xsd',
  '3.0': 'https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd',
};

const RESPONSE = 'RESPONSE';

/** One question as a QTI item; `imageHref` is where its picture sits, relative to the item. */
export function qtiItemXml(version: QtiVersion, identifier: string, q: QuestionInput, imageHref?: string): string {
  const w = new Writer(version);
  const P = q.points;
  const declaration = (cardinality: string, baseType: string, ...children: string[]) => w.el('responseDeclaration', { identifier: RESPONSE, cardinality, baseType }, ...children);
  const correct = (...values: (string | number)[]) => w.el('correctResponse', {}, ...values.map(w.value));
  const mapping = (attrs: Attrs, entries: { key: string; value: number; caseSensitive?: boolean }[]) =>
    w.el('mapping', { lowerBound: 0, ...attrs, defaultValue: 0 }, ...entries.map((e) => w.el('mapEntry', { mapKey: e.key, mappedValue: n(e.value), caseSensitive: e.caseSensitive === undefined ? undefined : String(e.caseSensitive) })));
  const variable = (id: string) => w.el('variable', { identifier: id });
  const setScore = (expr: string) => w.el('setOutcomeValue', { identifier: 'SCORE' }, expr);
  const mapResponse = setScore(w.el('mapResponse', { identifier: RESPONSE }));
  const float = (x: number) => w.el('baseValue', { baseType: 'float' }, n(x));
  const choices = (name: string, texts: string[], prefix: string, attrs: (i: number) => Attrs = () => ({})) =>
    texts.map((t, i) => w.el(name, { identifier: `${prefix}${i + 1}`, ...attrs(i) }, esc(t)));

  let declarationXml = '';
  let interaction = '';
  let rules: string[] = [];
  let rubric = '';
  switch (q.type) {
    case 'multiple-choice':
    case 'true-false': {
      const at = q.options.findIndex((o) => o.isCorrect);
      declarationXml = declaration('single', 'identifier', correct(`C${at + 1}`));
      interaction = w.el('choiceInteraction', { responseIdentifier: RESPONSE, shuffle: 'false', maxChoices: 1 }, ...choices('simpleChoice', q.options.map((o) => o.text), 'C'));
      rules = [w.el('responseCondition', {}, w.el('responseIf', {}, w.el('match', {}, variable(RESPONSE), w.el('correct', { identifier: RESPONSE })), setScore(variable('MAXSCORE'))))];
      break;
    }
    case 'multiple-response': {
      const ids = q.options.map((_o, i) => `C${i + 1}`);
      declarationXml = declaration(
        'multiple',
        'identifier',
        correct(...ids.filter((_id, i) => (q.options[i]!.fraction ?? 0) > 0)),
        mapping({ upperBound: P }, q.options.map((o, i) => ({ key: ids[i]!, value: (o.fraction ?? 0) * P }))),
      );
      interaction = w.el('choiceInteraction', { responseIdentifier: RESPONSE, shuffle: 'false', maxChoices: 0 }, ...choices('simpleChoice', q.options.map((o) => o.text), 'C'));
      rules = [mapResponse];
      break;
    }
    case 'short-answer':
    case 'fill-blank': {
      // QTI mapping keys are literal: a `*` wildcard goes out as a star, and comes back as one.
      const answers = q.type === 'short-answer' ? q.shortAnswers : q.acceptedAnswers.map((text) => ({ text, fraction: 1 }));
      const caseSensitive = q.type === 'short-answer' && q.caseSensitive;
      const keys = [...new Map(answers.map((a) => [a.text, a])).values()];
      const best = keys.find((a) => a.fraction >= 1 - 1e-6) ?? keys[0];
      declarationXml = declaration('single', 'string', ...(best ? [correct(best.text)] : []), mapping({ upperBound: P }, keys.map((a) => ({ key: a.text, value: a.fraction * P, caseSensitive }))));
      interaction = `<p>${w.el('textEntryInteraction', { responseIdentifier: RESPONSE, expectedLength: 20 })}</p>`;
      rules = [mapResponse];
      break;
    }
    case 'numerical': {
      const answers = [...q.numericAnswers].sort((a, b) => b.fraction - a.fraction);
      const best = answers[0];
      const bestValue = !best ? 0 : 'value' in best ? best.value : (best.min + best.max) / 2;
      declarationXml = declaration('single', 'float', correct(n(bestValue)));
      // The best answer first: the first condition that holds sets the score.
      const branches = answers.map((a, i) => {
        const test =
          'value' in a
            ? w.el('equal', a.tolerance > 0 ? { toleranceMode: 'absolute', tolerance: n(a.tolerance) } : { toleranceMode: 'exact' }, variable(RESPONSE), float(a.value))
            : w.el('and', {}, w.el('gte', {}, variable(RESPONSE), float(a.min)), w.el('lte', {}, variable(RESPONSE), float(a.max)));
        return w.el(i === 0 ? 'responseIf' : 'responseElseIf', {}, test, setScore(float(a.fraction * P)));
      });
      interaction = `<p>${w.el('textEntryInteraction', { responseIdentifier: RESPONSE, expectedLength: 10 })}</p>`;
      rules = branches.length ? [w.el('responseCondition', {}, ...branches)] : [];
      break;
    }
    case 'essay': {
      declarationXml = declaration('single', 'string');
      interaction = w.el('extendedTextInteraction', { responseIdentifier: RESPONSE, expectedLines: 10 });
      const forScorers = (content: string) =>
        version === '3.0' ? w.el('rubricBlock', { view: 'scorer', use: 'scoring' }, w.el('contentBody', {}, content)) : w.el('rubricBlock', { view: 'scorer' }, content);
      // A block of its own: the sample answer's block keeps the sample answer alone.
      rubric = (q.sampleAnswer ? forScorers(w.html(q.sampleAnswer)) : '') + (q.rubric ? forScorers(rubricTableHtml(q.rubric)) : '');
      break;
    }
    case 'matching': {
      const answers = matchingChoices(q.pairs, q.distractors);
      const answerId = (text: string) => `A${answers.indexOf(text) + 1}`;
      const pairs = q.pairs.map((p, i) => `S${i + 1} ${answerId(p.answer)}`);
      declarationXml = declaration('multiple', 'directedPair', correct(...pairs), mapping({ upperBound: P }, pairs.map((key) => ({ key, value: P / q.pairs.length }))));
      interaction = w.el(
        'matchInteraction',
        { responseIdentifier: RESPONSE, shuffle: 'true', maxAssociations: q.pairs.length },
        w.el('simpleMatchSet', {}, ...choices('simpleAssociableChoice', q.pairs.map((p) => p.stem), 'S', () => ({ matchMax: 1 }))),
        w.el('simpleMatchSet', {}, ...choices('simpleAssociableChoice', answers, 'A', () => ({ matchMax: q.pairs.length }))),
      );
      rules = [mapResponse];
      break;
    }
  }

  const outcome = (id: string, baseType: string, value?: string | number, extra: Attrs = {}) =>
    w.el('outcomeDeclaration', { identifier: id, cardinality: 'single', baseType, ...extra }, ...(value === undefined ? [] : [w.el('defaultValue', {}, w.value(value))]));
  const outcomes = [
    outcome('SCORE', 'float', 0, q.type === 'essay' && version !== '2.1' ? { externalScored: 'human' } : {}),
    outcome('MAXSCORE', 'float', P),
    ...(q.explanation ? [outcome('FEEDBACK', 'identifier')] : []),
  ];
  if (q.explanation) rules.push(w.el('setOutcomeValue', { identifier: 'FEEDBACK' }, w.el('baseValue', { baseType: 'identifier' }, EXPLANATION_FEEDBACK)));
  const picture = imageHref ? `<p><img src="${esc(imageHref)}" alt=""/></p>` : '';
  const feedback = q.explanation
    ? w.el('modalFeedback', { outcomeIdentifier: 'FEEDBACK', identifier: EXPLANATION_FEEDBACK, showHide: 'show', title: 'Explanation' }, version === '3.0' ? w.el('contentBody', {}, w.html(q.explanation)) : w.html(q.explanation))
    : '';
  const title = q.text.split('\n')[0]!.slice(0, 80);
  const ns = QTI_NAMESPACES[version];
  const root = qtiElementName(version, 'assessmentItem');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${root} xmlns="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${ns} ${ITEM_SCHEMA[version]}" ` +
    `identifier="${esc(identifier)}" title="${esc(title)}" ${qtiAttrName(version, 'adaptive')}="false" ${qtiAttrName(version, 'timeDependent')}="false">` +
    declarationXml +
    outcomes.join('') +
    w.el('itemBody', {}, w.html(q.text), picture, rubric, interaction) +
    (rules.length ? w.el('responseProcessing', {}, ...rules) : '') +
    feedback +
    `</${root}>\n`
  );
}

const EXTENSIONS: Record<string, string> = { 'image/png': '.png', 'image/jpeg': '.jpg', 'image/gif': '.gif', 'image/webp': '.webp', 'image/svg+xml': '.svg' };

function imageFileName(identifier: string, image: NonNullable<ExportQuestion['image']>): string {
  const base = image.name.split('/').pop()!.replace(/[^\w.-]/g, '_') || 'picture';
  const ext = /\.[a-z0-9]+$/i.test(base) ? '' : (EXTENSIONS[image.contentType] ?? '');
  return `${identifier}-${base}${ext}`;
}

const MANIFEST_NS: Record<QtiVersion, string> = {
  '2.1': 'http://www.imsglobal.org/xsd/imscp_v1p1',
  '2.2': 'http://www.imsglobal.org/xsd/imscp_v1p1',
  '3.0': 'http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1',
};
const RESOURCE_TYPE: Record<QtiVersion, string> = { '2.1': 'imsqti_item_xmlv2p1', '2.2': 'imsqti_item_xmlv2p2', '3.0': 'imsqti_item_xmlv3p0' };

function keywords(tags: string[]): string {
  if (!tags.length) return '';
  const k = tags.map((t) => `<imsmd:keyword><imsmd:string>${esc(t)}</imsmd:string></imsmd:keyword>`).join('');
  return `<metadata><imsmd:lom><imsmd:general>${k}</imsmd:general></imsmd:lom></metadata>`;
}

function writePackage(version: QtiVersion, questions: ExportQuestion[]): Buffer {
  const files: Record<string, Buffer | string> = {};
  const resources: string[] = [];
  const itemRefs: { identifier: string; href: string }[] = [];
  for (const eq of questions) {
    const identifier = `Q-${eq.id}`;
    const href = `items/${identifier}.xml`;
    let imageHref: string | undefined;
    let imageResource = '';
    let fileEntries = `<file href="${esc(href)}"/>`;
    let dependency = '';
    if (eq.image) {
      const name = imageFileName(identifier, eq.image);
      imageHref = `images/${name}`;
      files[`items/${imageHref}`] = eq.image.bytes;
      if (version === '3.0') {
        imageResource = `<resource identifier="${esc(identifier)}-IMG" type="webcontent" href="items/${esc(imageHref)}"><file href="items/${esc(imageHref)}"/></resource>`;
        dependency = `<dependency identifierref="${esc(identifier)}-IMG"/>`;
      } else {
        fileEntries += `<file href="items/${esc(imageHref)}"/>`;
      }
    }
    files[href] = qtiItemXml(version, identifier, eq.question, imageHref);
    resources.push(`<resource identifier="${esc(identifier)}" type="${RESOURCE_TYPE[version]}" href="${esc(href)}">${keywords(eq.question.tags)}${fileEntries}${dependency}</resource>`, imageResource);
    itemRefs.push({ identifier, href });
  }
  if (version === '3.0') {
    const w = new Writer(version);
    const refs = itemRefs.map((r) => w.el('assessmentItemRef', { identifier: r.identifier, href: r.href }));
    files['assessment.xml'] =
      `<?xml version="1.0" encoding="UTF-8"?>\n<qti-assessment-test xmlns="${QTI_NAMESPACES['3.0']}" identifier="TEST" title="Exported questions">` +
      w.el('testPart', { identifier: 'PART-1', navigationMode: 'nonlinear', submissionMode: 'individual' }, w.el('assessmentSection', { identifier: 'SECTION-1', title: 'Questions', visible: 'true' }, ...refs)) +
      '</qti-assessment-test>\n';
    const deps = itemRefs.map((r) => `<dependency identifierref="${esc(r.identifier)}"/>`).join('');
    resources.push(`<resource identifier="TEST" type="imsqti_test_xmlv3p0" href="assessment.xml"><file href="assessment.xml"/>${deps}</resource>`);
  }
  files['imsmanifest.xml'] =
    `<?xml version="1.0" encoding="UTF-8"?>\n<manifest xmlns="${MANIFEST_NS[version]}" xmlns:imsmd="http://ltsc.ieee.org/xsd/LOM" identifier="MANIFEST-QUESTIONS">` +
    `<metadata><schema>QTI Package</schema><schemaversion>${version === '3.0' ? '3.0.0' : '2.1'}</schemaversion></metadata>` +
    `<organizations/><resources>${resources.join('')}</resources></manifest>\n`;
  return writeZip(files);
}
