import type { QuestionInput } from '@exam/shared';
import { titleFromText } from './giftExport';
import { textToHtml } from './html';
import { moodleFraction, moodlePercent } from './moodleGrades';
import { rubricTableHtml } from './rubricExport';
import type { ExportFile, ExportQuestion } from './types';

/**
 * Moodle XML as Moodle's own export writes it (question/format/xml/format.php), so Moodle imports
 * it as it is and parseMoodleXml reads back the same questions, pictures included.
 */
// Paragraphs a line apart, as Moodle's editor writes them, so that a reader keeps the blank line between them.
const toHtml = (text: string) => textToHtml(text).replace(/<\/p><p>/g, '</p>\n<p>');
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const textEl = (s: string) => `<text>${s === '' ? '' : cdata(s)}</text>`;
const htmlField = (tag: string, text: string, inner = '') => `<${tag} format="html">\n      ${textEl(text ? toHtml(text) : '')}${inner}\n    </${tag}>`;
const plainAnswer = (fraction: number, text: string, extra = '') =>
  `<answer fraction="${percent(fraction)}" format="plain_text">\n      ${textEl(text)}${extra}\n      <feedback format="html">\n        <text></text>\n      </feedback>\n    </answer>`;
const percent = (fraction: number) => moodlePercent(moodleFraction(fraction) ?? fraction);
const grade = (n: number) => n.toFixed(7);

/** What Moodle shows whoever grades the essay: the sample answer, then the rubric (Moodle's essays have no rubric of their own). */
function graderInfo(q: QuestionInput): string {
  const html = [q.sampleAnswer ? toHtml(q.sampleAnswer) : '', q.rubric ? rubricTableHtml(q.rubric) : ''].filter(Boolean).join('\n');
  return `<graderinfo format="html">\n      ${textEl(html)}\n    </graderinfo>`;
}

/** A picture's file name as Moodle stores it: no folders, nothing a URL would need escaped. */
const safeName = (name: string) => name.replace(/^.*[\\/]/, '').replace(/[^A-Za-z0-9._-]/g, '_') || 'picture';

function answersXml(q: QuestionInput): { type: string; lines: string[] } {
  switch (q.type) {
    case 'multiple-choice':
    case 'multiple-response': {
      const single = q.type === 'multiple-choice';
      const fraction = (o: QuestionInput['options'][number]) => (single ? (o.isCorrect ? 1 : 0) : (o.fraction ?? 0));
      return {
        type: 'multichoice',
        lines: [
          `<single>${single}</single>`,
          '<shuffleanswers>true</shuffleanswers>',
          '<answernumbering>abc</answernumbering>',
          '<showstandardinstruction>0</showstandardinstruction>',
          ...q.options.map((o) => plainAnswer(fraction(o), o.text)),
        ],
      };
    }
    case 'true-false':
      return { type: 'truefalse', lines: ['true', 'false'].map((v) => plainAnswer(q.correctAnswer.toLowerCase() === v ? 1 : 0, v)) };
    case 'short-answer':
      return { type: 'shortanswer', lines: [`<usecase>${q.caseSensitive ? 1 : 0}</usecase>`, ...q.shortAnswers.map((a) => plainAnswer(a.fraction, a.text))] };
    case 'fill-blank':
      return { type: 'shortanswer', lines: ['<usecase>0</usecase>', ...q.acceptedAnswers.map((a) => plainAnswer(1, a))] };
    case 'numerical':
      return {
        type: 'numerical',
        lines: [
          // Moodle has no range: a range is its middle give or take half its width.
          ...q.numericAnswers.map((a) => {
            const [value, tolerance] = 'min' in a ? [(a.min + a.max) / 2, Math.abs(a.max - a.min) / 2] : [a.value, a.tolerance];
            return plainAnswer(a.fraction, String(value), `\n      <tolerance>${tolerance}</tolerance>`);
          }),
          '<unitgradingtype>0</unitgradingtype>',
          '<unitpenalty>0.1000000</unitpenalty>',
          '<showunits>3</showunits>',
          '<unitsleft>0</unitsleft>',
        ],
      };
    case 'matching':
      return {
        type: 'matching',
        lines: [
          '<shuffleanswers>true</shuffleanswers>',
          ...[...q.pairs, ...q.distractors.map((d) => ({ stem: '', answer: d }))].map(
            (p) => `<subquestion format="html">\n      ${textEl(p.stem ? toHtml(p.stem) : '')}\n      <answer>\n        ${textEl(p.answer)}\n      </answer>\n    </subquestion>`,
          ),
        ],
      };
    case 'essay':
      return {
        type: 'essay',
        lines: [
          '<responseformat>editor</responseformat>',
          '<responserequired>1</responserequired>',
          '<responsefieldlines>15</responsefieldlines>',
          '<attachments>0</attachments>',
          '<attachmentsrequired>0</attachmentsrequired>',
          graderInfo(q),
          htmlField('responsetemplate', ''),
        ],
      };
  }
}

function refusedGrades(q: QuestionInput): string[] {
  const fractions = q.type === 'multiple-response' ? q.options.map((o) => o.fraction ?? 0) : q.type === 'short-answer' ? q.shortAnswers.map((a) => a.fraction) : q.type === 'numerical' ? q.numericAnswers.map((a) => a.fraction) : [];
  return fractions.filter((f) => moodleFraction(f) === null).map(moodlePercent);
}

function questionXml({ id, question: q, image }: ExportQuestion): string {
  // A fill-blank with no key is marked by its teacher, as an essay is.
  const asEssay = q.type === 'fill-blank' && !q.acceptedAnswers.length;
  const { type, lines } = answersXml(asEssay ? { ...q, type: 'essay' } : q);
  let html = toHtml(q.text);
  let file = '';
  if (image) {
    const name = safeName(image.name);
    html += `<p><img src="@@PLUGINFILE@@/${name}" alt=""></p>`;
    file = `\n      <file name="${escapeXml(name)}" path="/" encoding="base64">${image.bytes.toString('base64')}</file>`;
  }
  const refused = refusedGrades(q);
  const tags = q.tags.length ? [`<tags>\n${q.tags.map((t) => `      <tag>${textEl(t)}</tag>`).join('\n')}\n    </tags>`] : [];
  const body = [
    `<name>\n      ${textEl(titleFromText(q.text))}\n    </name>`,
    `<questiontext format="html">\n      ${textEl(html)}${file}\n    </questiontext>`,
    htmlField('generalfeedback', q.explanation),
    `<defaultgrade>${grade(q.points)}</defaultgrade>`,
    '<penalty>0.0000000</penalty>',
    '<hidden>0</hidden>',
    '<idnumber></idnumber>',
    ...lines,
    ...tags,
  ];
  return [
    `<!-- question: ${escapeXml(id).replace(/--/g, '- -')} -->`,
    ...(refused.length ? [`<!-- Moodle allows none of these grades and will refuse this question: ${refused.join(', ')} -->`] : []),
    `  <question type="${type}">`,
    ...body.map((l) => `    ${l}`),
    '  </question>',
  ].join('\n');
}

export function exportMoodleXml(questions: ExportQuestion[]): ExportFile {
  const xml = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>', ...questions.map(questionXml), '</quiz>', ''].join('\n');
  return { body: Buffer.from(xml, 'utf8'), contentType: 'application/xml', filename: 'questions.moodle.xml' };
}
