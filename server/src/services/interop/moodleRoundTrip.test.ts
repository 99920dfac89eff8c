import { describe, expect, it } from 'vitest';
import { numericRange, questionInputSchema, type QuestionInput } from '@exam/shared';
import { parseGift } from './gift';
import { exportGift } from './giftExport';
import { parseMoodleXml } from './moodleXml';
import { exportMoodleXml } from './moodleXmlExport';
import type { ExportQuestion, ParsedItem } from './types';

const q = (input: Record<string, unknown>): QuestionInput => questionInputSchema.parse({ subject: 'mathematics', points: 2, tags: ['algebra', 'week 3'], ...input });

// Texts full of what GIFT and XML must escape: = ~ # { } : \ < & ]]> and TeX.
const QUESTIONS: QuestionInput[] = [
  q({
    type: 'multiple-choice',
    text: 'What is $\\frac{1}{2}$ of 10? Note: a = b ~ c # d',
    options: ['5', '2 {two}', '20 # twenty'],
    correctAnswer: '5',
    explanation: 'Half of 10 is 5.\nSee $x < y$ & more ]]> here.',
  }),
  q({
    type: 'multiple-response',
    text: 'Which of these numbers are prime?',
    options: [
      { text: '2', fraction: 1 / 3 },
      { text: '3', fraction: 1 / 3 },
      { text: '5', fraction: 1 / 3 },
      { text: '4', fraction: -1 },
      { text: '9', fraction: 0 },
    ],
  }),
  q({ type: 'true-false', text: 'The sum of two odd numbers is odd.', correctAnswer: 'False', points: 1, tags: [] }),
  q({ type: 'essay', text: 'Prove that $\\sqrt{2}$ is irrational.\n\nUse contradiction.', sampleAnswer: 'Suppose $\\sqrt{2} = p/q$ in lowest terms.\nThen p is even.', points: 10 }),
  q({ type: 'fill-blank', text: 'The capital of France is ____.', correctAnswer: ['Paris', 'Paris city'] }),
  q({
    type: 'short-answer',
    text: 'Name an amphibian: ____',
    shortAnswers: [
      { text: 'frog', fraction: 1 },
      { text: 'to*d', fraction: 0.5 },
    ],
    caseSensitive: true,
  }),
  q({
    type: 'numerical',
    text: 'Give $\\pi$ to two decimals.',
    numericAnswers: [
      { value: 3.14, tolerance: 0.005, fraction: 1 },
      { min: 3, max: 3.5, fraction: 0.5 },
    ],
  }),
  q({
    type: 'matching',
    text: 'Match each animal to its class.',
    pairs: [
      { stem: 'Frog: green', answer: 'Amphibian' },
      { stem: 'Cat', answer: 'Mammal' },
      { stem: 'Newt', answer: 'Amphibian' },
    ],
    distractors: ['Insect'],
  }),
];

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const exported: ExportQuestion[] = QUESTIONS.map((question, i) => ({ id: `00000000-0000-4000-8000-00000000000${i}`, question, ...(i === 0 ? { image: { name: 'half of ten.png', bytes: PNG, contentType: 'image/png' } } : {}) }));

/** What a question means, whichever way a format writes it: credit to 5 places, ranges for numbers. */
function meaning(x: QuestionInput) {
  const round = (f: number | undefined) => Math.round((f ?? 0) * 1e5) / 1e5;
  return {
    text: x.text,
    type: x.type,
    points: x.points,
    tags: x.tags,
    explanation: x.explanation,
    sampleAnswer: x.sampleAnswer,
    correctAnswer: x.type === 'multiple-response' ? '' : x.correctAnswer,
    options: x.options.map((o) => ({ text: o.text, isCorrect: o.isCorrect, fraction: x.type === 'multiple-response' ? round(o.fraction) : undefined })),
    shortAnswers: x.shortAnswers.map((a) => ({ text: a.text, fraction: round(a.fraction) })),
    caseSensitive: x.caseSensitive,
    acceptedAnswers: x.acceptedAnswers,
    numericAnswers: x.numericAnswers.map((a) => {
      const r = numericRange(a);
      return { min: round(r.min), max: round(r.max), fraction: round(a.fraction) };
    }),
    pairs: x.pairs,
    distractors: x.distractors,
  };
}

/** A legacy fill-blank comes back as the short answer it always was. */
const expected = (x: QuestionInput) =>
  meaning(x.type === 'fill-blank' ? q({ ...x, type: 'short-answer', correctAnswer: undefined, shortAnswers: x.acceptedAnswers.map((text) => ({ text, fraction: 1 })) }) : x);

function readBack(items: ParsedItem[]) {
  expect(items.map((i) => i.error)).toEqual(QUESTIONS.map(() => undefined));
  return items.map((item) => questionInputSchema.parse({ ...item.draft, subject: 'mathematics' }));
}

describe('round trip', () => {
  it('gives back every type through GIFT, with its points, tags, credit and keys', async () => {
    const file = exportGift(exported);
    expect(file.contentType).toBe('text/plain; charset=utf-8');
    expect(file.filename).toBe('questions.gift.txt');
    const text = file.body.toString('utf8');
    expect(text).toMatch(/^\/\/ .*\n\/\/ Pictures cannot travel in GIFT: they are left out \(questions that had one: 1\)/);
    expect(text).toContain('// [points:2] [tag:algebra] [tag:week 3]\n// Its picture (half of ten.png) was left out.\n::What is $\\\\frac\\{1\\}\\{2\\}$ of 10? Note\\: a \\= b \\~ c \\# d::[plain]');
    const back = readBack(await parseGift(text));
    back.forEach((b, i) => expect(meaning(b), QUESTIONS[i]!.type).toEqual(expected(QUESTIONS[i]!)));
  });

  it('gives back every type through Moodle XML, the picture included', async () => {
    const file = exportMoodleXml(exported);
    expect(file.contentType).toBe('application/xml');
    expect(file.filename).toBe('questions.moodle.xml');
    const items = await parseMoodleXml(file.body.toString('utf8'));
    const back = readBack(items);
    back.forEach((b, i) => expect(meaning(b), QUESTIONS[i]!.type).toEqual(expected(QUESTIONS[i]!)));
    expect(items[0]!.images).toEqual([{ name: 'half_of_ten.png', bytes: PNG }]);
    expect(items.slice(1).every((i) => i.images.length === 0)).toBe(true);
    expect(items.flatMap((i) => i.warnings)).toEqual([]);
  });

  it('writes grades as Moodle does, a third as 33.33333', async () => {
    const xml = exportMoodleXml(exported).body.toString('utf8');
    expect(xml).toContain('<answer fraction="33.33333" format="plain_text">');
    expect(xml).toContain('<answer fraction="-100" format="plain_text">');
    expect(xml).toContain('<defaultgrade>10.0000000</defaultgrade>');
    expect(exportGift(exported).body.toString('utf8')).toContain('~%33.33333%2');
  });

  it('marks a grade Moodle would refuse, and our own reader refuses it as Moodle would', async () => {
    const odd = q({ type: 'multiple-response', text: 'Pick the even numbers here.', options: [{ text: '2', fraction: 0.35 }, { text: '4', fraction: 0.65 }, { text: '5', fraction: 0 }] });
    const file = [{ id: 'x', question: odd }];
    expect(exportMoodleXml(file).body.toString('utf8')).toContain('Moodle allows none of these grades and will refuse this question: 35, 65');
    expect((await parseMoodleXml(exportMoodleXml(file).body.toString('utf8')))[0]!.error).toContain('Grade 35 of answer “2” is not one Moodle allows (did you mean 33.33333?)');
    expect((await parseGift(exportGift(file).body.toString('utf8')))[0]!.error).toContain('Grade 35 of answer “2” is not one Moodle allows');
  });
});
