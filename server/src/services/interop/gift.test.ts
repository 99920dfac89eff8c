import { describe, expect, it } from 'vitest';
import { questionInputSchema } from '@exam/shared';
import { GIFT_WARN, parseGift } from './gift';
import { ImportFileError } from './types';

const one = async (text: string) => {
  const items = await parseGift(text);
  expect(items).toHaveLength(1);
  return items[0]!;
};
const stored = async (text: string) => questionInputSchema.parse({ ...(await one(text)).draft, subject: 'mathematics' });

describe('parseGift: types', () => {
  it('reads one "=" answer among "~" ones as multiple choice, its feedback dropped with a warning', async () => {
    const item = await one('::Colours:: What is between orange and green?{\n  =yellow # right\n  ~red # wrong\n  ~blue\n}');
    expect(item.title).toBe('Colours');
    expect(item.draft).toMatchObject({ type: 'multiple-choice', text: 'What is between orange and green?', correctAnswer: 'yellow' });
    expect(item.draft!.options!.map((o) => [o.text, o.isCorrect])).toEqual([
      ['yellow', true],
      ['red', false],
      ['blue', false],
    ]);
    expect(item.warnings).toEqual([GIFT_WARN.feedback]);
  });

  it('drops the partial credit of a wrong option in a single-answer question, and says so', async () => {
    const item = await one('Which is the largest planet here? {=Jupiter ~%50%Saturn ~Mars}');
    expect((await stored('Which is the largest planet here? {=Jupiter ~%50%Saturn ~Mars}')).correctAnswer).toBe('Jupiter');
    expect(item.warnings).toContain(GIFT_WARN.partialCredit);
  });

  it('reads weighted "~" answers with no "=" as multiple response with their credit', async () => {
    const q = await stored('Which are between orange and blue? {~%50%yellow ~%50%green ~%-100%red ~purple}');
    expect(q.type).toBe('multiple-response');
    expect(q.options.map((o) => [o.text, o.fraction])).toEqual([
      ['yellow', 0.5],
      ['green', 0.5],
      ['red', -1],
      ['purple', 0],
    ]);
  });

  it('reads {T}, {TRUE}, {F} and {FALSE} as true/false', async () => {
    const items = await parseGift('Water is wet at room temperature. {T}\n\nWater is wet, really and truly. {TRUE}\n\nIce is hotter than steam. {F}\n\nIce is hotter than boiling water. {FALSE#No.#Right.}');
    expect(items.map((i) => i.draft!.correctAnswer)).toEqual(['True', 'True', 'False', 'False']);
    expect(items[3]!.warnings).toEqual([GIFT_WARN.feedback]);
  });

  it('reads "=" answers as a case-insensitive short answer with their credit, wildcard kept', async () => {
    const q = await stored('Which is the best animal here? {=Frog =%50%Cat =%0%*}');
    expect(q.type).toBe('short-answer');
    expect(q.caseSensitive).toBe(false);
    expect(q.shortAnswers).toEqual([
      { text: 'Frog', fraction: 1 },
      { text: 'Cat', fraction: 0.5 },
      { text: '*', fraction: 0 },
    ]);
    expect((await stored('Which animal says ribbit loudly? {Frog}')).shortAnswers).toEqual([{ text: 'Frog', fraction: 1 }]);
  });

  it('reads numbers, tolerances, ranges and weighted numerical answers', async () => {
    const items = await parseGift(
      [
        'When was Grant born, in years? {#1822}',
        'What is pi to three places? {#3.1415:0.0005}',
        'Give a number from -5 to 5 please. {#-5..5}',
        'When was Grant born, roughly? {#\n  =1822:0\n  =%50%1822:2\n}',
      ].join('\n\n'),
    );
    expect(items.map((i) => i.draft!.numericAnswers)).toEqual([
      [{ value: 1822, tolerance: 0, fraction: 1 }],
      [{ value: 3.1415, tolerance: 0.0005, fraction: 1 }],
      [{ min: -5, max: 5, fraction: 1 }],
      [
        { value: 1822, tolerance: 0, fraction: 1 },
        { value: 1822, tolerance: 2, fraction: 0.5 },
      ],
    ]);
  });

  it('reads Moodle\'s "{#3:2~#wrong}": the unmarked first answer is the key, the "~" catch-all only feedback', async () => {
    const item = await one('::Q5:: What is a number from 1 to 5? {#3:2~#Completely wrong}');
    expect(item.draft!.numericAnswers).toEqual([{ value: 3, tolerance: 2, fraction: 1 }]);
    expect(item.warnings).toEqual([GIFT_WARN.feedback]);
  });

  it('reads matching pairs, an answer with an empty left side being a distractor', async () => {
    const q = await stored('Match the activity to its use.{\n  =Discussions -> Forum\n  =A vote -> Choice\n  = -> Chat\n}');
    expect(q.type).toBe('matching');
    expect(q.pairs).toEqual([
      { stem: 'Discussions', answer: 'Forum' },
      { stem: 'A vote', answer: 'Choice' },
    ]);
    expect(q.distractors).toEqual(['Chat']);
  });

  it('reads {} as an essay and keeps general feedback as the explanation', async () => {
    const item = await one('::Q8:: How are you today, in detail? {####Any honest answer is fine.}');
    expect(item.draft).toMatchObject({ type: 'essay', explanation: 'Any honest answer is fine.' });
  });

  it('refuses a description, which holds no question', async () => {
    const item = await one('::Intro:: The next questions are about frogs.');
    expect(item.draft).toBeUndefined();
    expect(item.error).toBe('“Intro” at line 1: A description holds no question');
  });
});

describe('parseGift: text, titles and where items are', () => {
  it('turns [html] into text, keeps TeX and "\\n" line breaks, and reports dropped formatting', async () => {
    const item = await one('[html]Is <b>this</b> true\\: $ 1 \\\\neq 0 $?\\nThink. {T}');
    expect(item.draft!.text).toBe('Is this true: $ 1 \\neq 0 $?\nThink.');
    expect(item.warnings).toEqual([GIFT_WARN.formatting]);
  });

  it('keeps [plain] and [markdown] text as written', async () => {
    expect((await one('[plain]Is a <b> tag shown as written? {T}')).draft!.text).toBe('Is a <b> tag shown as written?');
    expect((await one('[markdown]Is **this** markdown kept? {T}')).draft!.text).toBe('Is **this** markdown kept?');
  });

  it('titles an untitled item by the start of its text and gives each item its line past its comments', async () => {
    const items = await parseGift('// a comment\n// another\nThis question has no title of its own at all and goes on for a long while. {T}\n\n\n::Named:: Second question here. {F}');
    expect(items.map((i) => i.title)).toEqual(['This question has no title of its own at all and goes on for', 'Named']);
    expect(items.map((i) => i.source)).toEqual(['line 3', 'line 6']);
  });

  it('files items under the $CATEGORY that comes before them, without $course$ and top', async () => {
    const items = await parseGift('Before any category, true? {T}\n\n$CATEGORY: $course$/top/Algebra/Linear\n\nAfter the category, true? {T}');
    expect(items.map((i) => i.categories)).toEqual([[], ['Algebra', 'Linear']]);
  });

  it("reads Moodle's [tag:…] comments and our [points:…], rounding points with a warning", async () => {
    const items = await parseGift('// [tag:algebra] [tag:Week 3]\n// [points:4]\nIs two plus two four? {T}\n\n// [points:2.5]\nIs two plus two five? {F}');
    expect(items[0]!.draft).toMatchObject({ tags: ['algebra', 'Week 3'], points: 4 });
    expect(items[0]!.warnings).toEqual([]);
    expect(items[1]!.draft!.points).toBe(3);
    expect(items[1]!.warnings).toEqual(['Points 2.5 were rounded to 3']);
  });
});

describe('parseGift: what it refuses', () => {
  it('refuses a grade Moodle does not allow, suggesting the one meant', async () => {
    const item = await one('::Primes:: Which are prime numbers? {~%33%2 ~%33%3 ~%33%5 ~%-100%4}');
    expect(item.error).toBe('“Primes” at line 1: Grade 33 of answer “2” is not one Moodle allows (did you mean 33.33333?)');
    expect((await one('Which are prime numbers? {~%33.33333%2 ~%33.33333%3 ~%33.33333%5 ~%-100%4}')).error).toBeUndefined();
  });

  it('refuses a single-answer question with two answers marked right', async () => {
    expect((await one('Which is right, either way? {=a =b ~c}')).error).toContain('marks 2 answers “=” correct');
  });

  it('refuses a file the grammar cannot read, naming the line and column', async () => {
    const text = 'A fine question, true? {T}\n\n// next one is broken\nWhat is {=a ~b';
    await expect(parseGift(text)).rejects.toThrow(ImportFileError);
    await expect(parseGift(text)).rejects.toThrow(/^GIFT syntax error at line 4, column \d+: /);
  });
});
