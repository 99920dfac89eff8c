import type { QuestionInput } from '@exam/shared';
import { moodleFraction, moodlePercent } from './moodleGrades';
import type { ExportFile, ExportQuestion } from './types';

/**
 * GIFT as Moodle and parseGift read it. Every text is written [plain] on one line (line breaks as
 * "\n"), with GIFT's special characters escaped. What GIFT cannot say travels in comments:
 * points, tags (Moodle's own `[tag:…]`), case sensitivity and an essay's sample answer.
 */
const escapeGift = (s: string) => s.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** A number as GIFT's grammar reads one: digits and a point, never an exponent. */
function giftNumber(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  if (Math.abs(n) >= 1e21) return BigInt(Math.round(n)).toString();
  return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
}

/** The first words of the text, as a short title. */
export function titleFromText(text: string, max = 50): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  let title = '';
  for (const w of words) {
    if ((title + ' ' + w).trim().length > max) break;
    title = (title + ' ' + w).trim();
  }
  return title || text.slice(0, max);
}

const weight = (fraction: number) => `%${moodlePercent(moodleFraction(fraction) ?? fraction)}%`;

function answerBlock(q: QuestionInput): string[] {
  switch (q.type) {
    case 'multiple-choice':
      return q.options.map((o) => `${o.isCorrect ? '=' : '~'}${escapeGift(o.text)}`);
    case 'multiple-response':
      // No "=" at all: Moodle then lets several be chosen, each worth its weight.
      return q.options.map((o) => (o.fraction ? `~${weight(o.fraction)}${escapeGift(o.text)}` : `~${escapeGift(o.text)}`));
    case 'true-false':
      return [q.correctAnswer === 'True' ? 'TRUE' : 'FALSE'];
    case 'short-answer':
      return q.shortAnswers.map((a) => `=${weight(a.fraction)}${escapeGift(a.text)}`);
    case 'fill-blank':
      return q.acceptedAnswers.map((a) => `=${escapeGift(a)}`);
    case 'numerical':
      return [
        '#',
        ...q.numericAnswers.map((a) => {
          const value = 'min' in a ? `${giftNumber(a.min)}..${giftNumber(a.max)}` : a.tolerance ? `${giftNumber(a.value)}:${giftNumber(a.tolerance)}` : giftNumber(a.value);
          return `=${weight(a.fraction)}${value}`;
        }),
      ];
    case 'matching':
      return [...q.pairs.map((p) => `=${escapeGift(p.stem)} -> ${escapeGift(p.answer)}`), ...q.distractors.map((d) => `= -> ${escapeGift(d)}`)];
    case 'essay':
      return [];
  }
}

/** Grades Moodle would refuse, named so a reader of the file knows before Moodle says so. */
function refusedGrades(q: QuestionInput): number[] {
  const fractions =
    q.type === 'multiple-response' ? q.options.map((o) => o.fraction ?? 0) : q.type === 'short-answer' ? q.shortAnswers.map((a) => a.fraction) : q.type === 'numerical' ? q.numericAnswers.map((a) => a.fraction) : [];
  return fractions.filter((f) => moodleFraction(f) === null);
}

function questionGift({ id, question: q, image }: ExportQuestion): string {
  const lines = [`// question: ${id}`];
  const meta = [`[points:${q.points}]`, ...q.tags.map((t) => `[tag:${t.replace(/]/g, '')}]`)];
  // A fill-blank with no key is marked by its teacher, as an essay is.
  const type = q.type === 'fill-blank' && !q.acceptedAnswers.length ? 'essay' : q.type;
  if (type === 'short-answer' && q.caseSensitive) meta.push('[casesensitive]');
  if (type === 'essay' && q.sampleAnswer) meta.push(`[sampleanswer:${JSON.stringify(q.sampleAnswer)}]`);
  lines.push(`// ${meta.join(' ')}`);
  if (image) lines.push(`// Its picture (${image.name.replace(/[\r\n]/g, ' ')}) was left out.`);
  const refused = refusedGrades(q);
  if (refused.length) lines.push(`// Moodle allows none of these grades and will refuse this question: ${refused.map(moodlePercent).join(', ')}`);
  const answers = type === 'essay' ? [] : answerBlock(q);
  const feedback = q.explanation ? [`####${escapeGift(q.explanation)}`] : [];
  const head = `::${escapeGift(titleFromText(q.text))}::[plain]${escapeGift(q.text)}`;
  if (q.type === 'numerical') {
    const [hash, ...rest] = answers;
    lines.push(`${head} {${hash}`, ...[...rest, ...feedback].map((l) => `\t${l}`), '}');
  } else if (!answers.length && !feedback.length) {
    lines.push(`${head} {}`);
  } else {
    lines.push(`${head} {`, ...[...answers, ...feedback].map((l) => `\t${l}`), '}');
  }
  return lines.join('\n');
}

export function exportGift(questions: ExportQuestion[]): ExportFile {
  const withPictures = questions.filter((q) => q.image).length;
  const header = [
    `// ${questions.length} questions in GIFT, the format Moodle imports.`,
    '// Pictures cannot travel in GIFT: they are left out' + (withPictures ? ` (questions that had one: ${withPictures}).` : '.'),
    '// Points, case sensitivity and sample answers are in the comment before each question; Moodle reads its [tag:…].',
  ];
  const body = [header.join('\n'), ...questions.map(questionGift)].join('\n\n') + '\n';
  return { body: Buffer.from(body, 'utf8'), contentType: 'text/plain; charset=utf-8', filename: 'questions.gift.txt' };
}
