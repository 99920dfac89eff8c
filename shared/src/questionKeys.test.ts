import { describe, expect, it } from 'vitest';
import { autoGrade, type GradableQuestion } from './grading';
import { questionInputSchema } from './exams';
import { describeKey, encodeChoices, encodeMatching, readNumber, shortAnswerMatches } from './questionKeys';

const base = { correctAnswer: '', acceptedAnswers: [] };
const mr: GradableQuestion = {
  ...base,
  type: 'multiple-response',
  points: 4,
  options: [
    { text: 'Two', fraction: 0.5 },
    { text: 'Three', fraction: 0.5 },
    { text: 'Four', fraction: -1 },
    { text: 'Nine', fraction: 0 },
  ],
};

describe('credit for the partial-credit types', () => {
  it('multiple response adds each chosen option’s credit and never goes below 0', () => {
    expect(autoGrade(mr, encodeChoices(['Two', 'Three']))).toEqual({ marks: 4, isCorrect: true, status: 'correct' });
    expect(autoGrade(mr, encodeChoices(['Two']))).toMatchObject({ marks: 2, status: 'partial' });
    expect(autoGrade(mr, encodeChoices(['Two', 'Four']))).toMatchObject({ marks: 0, status: 'incorrect' });
    expect(autoGrade(mr, encodeChoices(['Two', 'Three', 'Four']))).toMatchObject({ marks: 0 });
    expect(autoGrade(mr, encodeChoices(['Two', 'Nine']))).toMatchObject({ marks: 2 });
    expect(autoGrade(mr, encodeChoices([]))).toMatchObject({ status: 'skipped' });
    expect(autoGrade(mr, 'not json')).toMatchObject({ marks: 0, status: 'incorrect' });
  });

  it('numerical accepts a value within its tolerance, a range, and the best credit of several', () => {
    const q: GradableQuestion = {
      ...base,
      type: 'numerical',
      points: 2,
      numericAnswers: [
        { value: 3.14, tolerance: 0.01, fraction: 1 },
        { min: 3, max: 3.2, fraction: 0.5 },
      ],
    };
    expect(autoGrade(q, '3.15').marks).toBe(2);
    expect(autoGrade(q, '3,13').marks).toBe(2);
    expect(autoGrade(q, ' 3.2 ').marks).toBe(1);
    expect(autoGrade(q, '3.21').marks).toBe(0);
    expect(autoGrade(q, 'pi').marks).toBe(0);
    expect(readNumber('-1e3')).toBe(-1000);
    expect(readNumber('1.2.3')).toBeNull();
  });

  it('short answer reads answers in order, with * wildcards and case only when asked', () => {
    const q: GradableQuestion = {
      ...base,
      type: 'short-answer',
      points: 5,
      shortAnswers: [
        { text: 'frog', fraction: 1 },
        { text: 'toad', fraction: 0.8 },
        { text: '*', fraction: 0 },
      ],
      caseSensitive: false,
    };
    expect(autoGrade(q, 'FROG').marks).toBe(5);
    expect(autoGrade(q, ' toad ').marks).toBe(4);
    expect(autoGrade(q, 'newt')).toMatchObject({ marks: 0, status: 'incorrect' });
    expect(autoGrade({ ...q, caseSensitive: true }, 'FROG').marks).toBe(0);
    expect(shortAnswerMatches('Gr*t Britain', 'Great Britain', false)).toBe(true);
    expect(shortAnswerMatches('a\\*b', 'a*b', false)).toBe(true);
    expect(shortAnswerMatches('a\\*b', 'axb', false)).toBe(false);
    expect(shortAnswerMatches('3.5', '3x5', false)).toBe(false);
  });

  it('matching gives an equal share per stem matched to its answer', () => {
    const q: GradableQuestion = {
      ...base,
      type: 'matching',
      points: 3,
      pairs: [
        { stem: 'Cat', answer: 'Mammal' },
        { stem: 'Frog', answer: 'Amphibian' },
        { stem: 'Dog', answer: 'Mammal' },
      ],
      distractors: ['Insect'],
    };
    expect(autoGrade(q, encodeMatching({ Cat: 'Mammal', Frog: 'Amphibian', Dog: 'Mammal' })).marks).toBe(3);
    expect(autoGrade(q, encodeMatching({ Cat: 'Mammal', Frog: 'Insect' }))).toMatchObject({ marks: 1, status: 'partial' });
    expect(autoGrade(q, encodeMatching({}))).toMatchObject({ status: 'skipped' });
  });
});

describe('the rules of the new types', () => {
  const q = (over: object) => questionInputSchema.safeParse({ text: 'Which of these are prime?', subject: 'mathematics', ...over });
  const messages = (r: ReturnType<typeof q>) => (r.success ? [] : r.error.issues.map((i) => i.message));

  it('a multiple response needs credits that add up to 100%', () => {
    expect(messages(q({ type: 'multiple-response', options: [{ text: 'Two', fraction: 0.5 }, { text: 'Four', fraction: 0 }] }))).toEqual(['The credits of the correct options must add up to 100%']);
    expect(messages(q({ type: 'multiple-response', options: [{ text: 'Two', fraction: 2 }, { text: 'Four', fraction: 0 }] }))).toEqual(['Each credit must be between -100% and 100%']);
    const ok = q({ type: 'multiple-response', options: [{ text: 'Two', isCorrect: true }, { text: 'Three', isCorrect: true }, { text: 'Four' }] });
    expect(ok.success && ok.data.options.map((o) => o.fraction)).toEqual([0.5, 0.5, 0]);
    expect(ok.success && describeKey(ok.data)).toBe('Two (50%); Three (50%)');
  });

  it('numerical, short answer and matching each need a full-credit key', () => {
    expect(messages(q({ type: 'numerical', numericAnswers: [{ value: 2, fraction: 0.5 }] }))).toEqual(['Give at least one number that earns full credit']);
    expect(messages(q({ type: 'short-answer', shortAnswers: [] }))).toEqual(['Give at least one accepted answer that earns full credit']);
    expect(messages(q({ type: 'matching', pairs: [{ stem: 'Cat', answer: 'Mammal' }] }))).toEqual(['Add at least 2 pairs, each with a stem and its answer']);
    const short = q({ type: 'short-answer', correctAnswer: ['frog', 'Frog'] });
    expect(short.success && short.data.shortAnswers).toEqual([
      { text: 'frog', fraction: 1 },
      { text: 'Frog', fraction: 1 },
    ]);
    const num = q({ type: 'numerical', numericAnswers: [{ min: 1, max: 2, fraction: 1 }] });
    expect(num.success && describeKey(num.data)).toBe('1–2');
  });
});
