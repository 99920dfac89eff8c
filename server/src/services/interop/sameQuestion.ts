import { numericRange, type QuestionInput } from '@exam/shared';

/**
 * What an export followed by an import must give back: text, type, points, options with their
 * credit, every key, tags and picture. Numbers are compared as what they accept (a range written
 * as a value and a tolerance by a format that has only those is the same range), credits to
 * Moodle's 7 decimals. Returns the fields that differ, described; empty when the two are the same.
 */
export function questionDifferences(before: QuestionInput, after: QuestionInput): string[] {
  const out: string[] = [];
  const same = (field: string, a: unknown, b: unknown) => {
    const ja = JSON.stringify(a);
    const jb = JSON.stringify(b);
    if (ja !== jb) out.push(`${field}: ${ja.slice(0, 200)} became ${jb.slice(0, 200)}`);
  };
  const credit = (f: number | undefined) => Math.round((f ?? 0) * 1e5) / 1e5;
  const near = (x: number) => Math.round(x * 1e9) / 1e9;
  same('text', before.text, after.text);
  same('type', before.type, after.type);
  same('points', before.points, after.points);
  same(
    'options',
    before.options.map((o) => [o.text, o.isCorrect, before.type === 'multiple-response' ? credit(o.fraction) : null]),
    after.options.map((o) => [o.text, o.isCorrect, after.type === 'multiple-response' ? credit(o.fraction) : null]),
  );
  if (before.type !== 'multiple-response' && before.type !== 'matching') same('correctAnswer', before.correctAnswer, after.correctAnswer);
  same('numericAnswers', before.numericAnswers.map((a) => ({ ...mapRange(numericRange(a), near), fraction: credit(a.fraction) })), after.numericAnswers.map((a) => ({ ...mapRange(numericRange(a), near), fraction: credit(a.fraction) })));
  same('shortAnswers', before.shortAnswers.map((a) => [a.text, credit(a.fraction)]), after.shortAnswers.map((a) => [a.text, credit(a.fraction)]));
  if (before.type === 'short-answer') same('caseSensitive', before.caseSensitive, after.caseSensitive);
  same('pairs', before.pairs, after.pairs);
  same('distractors', [...before.distractors].sort(), [...after.distractors].sort());
  same('tags', [...before.tags].sort(), [...after.tags].sort());
  same('image', before.image, after.image);
  return out;
}

const mapRange = (r: { min: number; max: number }, f: (x: number) => number) => ({ min: f(r.min), max: f(r.max) });
