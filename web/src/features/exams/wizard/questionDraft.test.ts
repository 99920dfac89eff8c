import { EXAM_MSG } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { questionInputSchema, type Question } from '@exam/shared';
import { addOption, answerChoices, changeType, defaultCredit, draftPreview, draftToInput, emptyDraft, questionToDraft, removeOption, setOption, setOptionCorrect, setOptionCredit, validateDraft, type QuestionDraft } from './questionDraft';

const mc = (over = {}) => ({ ...emptyDraft(), text: 'What is 7 multiplied by 6?', options: ['42', '36', '', ''], correctAnswer: '42', ...over });

describe('question drafts', () => {
  it('start with one point and four blank options', () => {
    expect(emptyDraft()).toMatchObject({ type: 'multiple-choice', points: 1, options: ['', '', '', ''] });
  });

  it('offer only the non-empty options as the correct answer, and True/False for true-false', () => {
    expect(answerChoices(mc())).toEqual(['42', '36']);
    expect(answerChoices({ type: 'true-false', options: [] })).toEqual(['True', 'False']);
    expect(answerChoices({ type: 'essay', options: ['x'] })).toEqual([]);
  });

  it('keep at least two options and drop a correct answer whose option went away', () => {
    const two = removeOption(removeOption(mc(), 3), 2);
    expect(two.options).toEqual(['42', '36']);
    expect(removeOption(two, 0)).toBe(two);
    expect(removeOption(mc({ options: ['42', '36', '7'] }), 0).correctAnswer).toBe('');
    expect(setOption(mc(), 0, '41').correctAnswer).toBe('');
    expect(setOption(mc(), 1, '35').correctAnswer).toBe('42');
  });

  it('reset the answer when the type changes', () => {
    expect(changeType(mc(), 'true-false')).toMatchObject({ type: 'true-false', correctAnswer: '' });
  });

  it("are checked with the shared question rules and the documented messages", () => {
    expect(validateDraft(mc(), 'mathematics')).toEqual({});
    expect(validateDraft(mc({ text: 'Too short' }), 'mathematics')).toMatchObject({ text: EXAM_MSG.questionTextTooShort });
    expect(validateDraft(mc({ correctAnswer: '' }), 'mathematics')).toEqual({ correctAnswer: EXAM_MSG.invalidCorrectAnswer });
    expect(validateDraft(mc({ options: ['42', '', '', ''] }), 'mathematics')).toEqual({ options: EXAM_MSG.optionsTooFew });
    expect(validateDraft(mc({ points: 0 }), 'mathematics')).toEqual({ points: EXAM_MSG.pointsInvalid });
    const blank = { ...emptyDraft('fill-blank'), text: 'The capital of France is ____.' };
    expect(validateDraft(blank, 'geography')).toMatchObject({ acceptedAnswers: EXAM_MSG.fillBlankAnswerRequired });
  });

  it('turn into the payload the server parses: fixed true/false options, one accepted answer per line', () => {
    const tf = { ...emptyDraft('true-false'), text: 'The square root of 81 is 9.', correctAnswer: 'True' };
    expect(draftToInput(tf, 'mathematics')).toMatchObject({ options: ['True', 'False'], correctAnswer: 'True', subject: 'mathematics' });
    const blank = { ...emptyDraft('fill-blank'), text: 'The capital of France is ____.', acceptedAnswers: 'Paris\n  paris city \n\n' };
    expect(draftToInput(blank, 'geography')).toMatchObject({ correctAnswer: ['Paris', 'paris city'] });
    expect(draftPreview(mc(), 'mathematics')?.options).toEqual([
      { text: '42', isCorrect: true },
      { text: '36', isCorrect: false },
    ]);
  });

  describe('of the partial-credit types', () => {
    const draft = (type: QuestionDraft['type'], over: Partial<QuestionDraft> = {}) => ({ ...emptyDraft(type), text: 'A question long enough to pass.', ...over });
    const parsed = (d: QuestionDraft) => questionInputSchema.parse(draftToInput(d, 'mathematics'));

    it('multiple response: ticked options share 100% unless each is given a credit, and a wrong one may cost', () => {
      let mr = draft('multiple-response', { options: ['2', '3', '4', '5'] });
      mr = setOptionCorrect(setOptionCorrect(mr, 0, true), 1, true);
      expect(defaultCredit(mr, 0)).toBe(50);
      expect(defaultCredit(mr, 2)).toBe(0);
      expect(parsed(mr).options).toEqual([
        { text: '2', isCorrect: true, fraction: 0.5 },
        { text: '3', isCorrect: true, fraction: 0.5 },
        { text: '4', isCorrect: false, fraction: 0 },
        { text: '5', isCorrect: false, fraction: 0 },
      ]);
      const weighted = setOptionCredit(setOptionCredit(setOptionCredit(mr, 0, 75), 1, 25), 3, -50);
      expect(draftToInput(weighted, 'mathematics').options).toEqual([
        { text: '2', isCorrect: true, fraction: 0.75 },
        { text: '3', isCorrect: true, fraction: 0.25 },
        { text: '4', isCorrect: false },
        { text: '5', isCorrect: false, fraction: -0.5 },
      ]);
      expect(parsed(weighted).options.map((o) => o.fraction)).toEqual([0.75, 0.25, 0, -0.5]);
      expect(validateDraft(setOptionCredit(mr, 0, 80), 'mathematics')).toEqual({ options: EXAM_MSG.creditsMustTotal });
      expect(validateDraft(setOptionCredit(mr, 0, 150), 'mathematics')).toMatchObject({ 'optionCredits.0': 'Enter a credit from -100 to 100' });
    });

    it('multiple response: adding and removing options keeps each tick and credit with its option', () => {
      let mr = setOptionCredit(setOptionCorrect(draft('multiple-response', { options: ['a', 'b'] }), 1, true), 1, 100);
      mr = addOption(mr);
      expect(mr).toMatchObject({ options: ['a', 'b', ''], correctOptions: [false, true, false], optionCredits: ['', 100, ''] });
      mr = removeOption(mr, 0);
      expect(mr).toMatchObject({ options: ['b', ''], correctOptions: [true, false], optionCredits: [100, ''] });
    });

    it('numerical: value ± tolerance or a range, decimal commas read, credit in percent, blank rows left out', () => {
      const num = draft('numerical', {
        numericAnswers: [
          { mode: 'tolerance', value: '3,14', tolerance: '0,01', min: '', max: '', credit: 100 },
          { mode: 'range', value: '', tolerance: '', min: '3', max: '3.3', credit: 50 },
          { mode: 'tolerance', value: '', tolerance: '', min: '', max: '', credit: 100 },
        ],
      });
      expect(draftToInput(num, 'mathematics').numericAnswers).toEqual([
        { value: 3.14, tolerance: 0.01, fraction: 1 },
        { min: 3, max: 3.3, fraction: 0.5 },
      ]);
      expect(parsed(num).numericAnswers).toHaveLength(2);
      const wrong = draft('numerical', { numericAnswers: [{ mode: 'tolerance', value: 'pi', tolerance: '-1', min: '', max: '', credit: '' }] });
      expect(validateDraft(wrong, 'mathematics')).toEqual({
        'numericAnswers.0.value': 'Enter a number',
        'numericAnswers.0.tolerance': 'Enter a tolerance of 0 or more',
        'numericAnswers.0.credit': 'Enter a credit from -100 to 100',
      });
      const half = draft('numerical', { numericAnswers: [{ mode: 'tolerance', value: '3', tolerance: '', min: '', max: '', credit: 50 }] });
      expect(validateDraft(half, 'mathematics')).toEqual({ numericAnswers: EXAM_MSG.numericAnswerRequired });
    });

    it('short answer: accepted answers with their credit, in order, and the case-sensitive switch', () => {
      const sa = draft('short-answer', {
        shortAnswers: [
          { text: 'Paris', credit: 100 },
          { text: ' Lutetia* ', credit: 50 },
          { text: '', credit: 100 },
        ],
        caseSensitive: true,
      });
      expect(draftToInput(sa, 'geography')).toMatchObject({
        shortAnswers: [
          { text: 'Paris', fraction: 1 },
          { text: 'Lutetia*', fraction: 0.5 },
        ],
        caseSensitive: true,
      });
      expect(parsed(sa)).toMatchObject({ correctAnswer: 'Paris', caseSensitive: true });
      expect(validateDraft(draft('short-answer'), 'geography')).toEqual({ shortAnswers: EXAM_MSG.shortAnswerRequired });
    });

    it('matching: pairs without blank rows, distractors one per line, and half-written pairs told at their field', () => {
      const m = draft('matching', {
        pairs: [
          { stem: 'Cat', answer: 'Mammal' },
          { stem: 'Eagle', answer: 'Bird' },
          { stem: '', answer: '' },
        ],
        distractors: 'Fish\n\n Reptile \nFish',
      });
      expect(draftToInput(m, 'science')).toMatchObject({
        pairs: [
          { stem: 'Cat', answer: 'Mammal' },
          { stem: 'Eagle', answer: 'Bird' },
        ],
        distractors: ['Fish', 'Reptile'],
      });
      expect(parsed(m).pairs).toHaveLength(2);
      const half = draft('matching', { pairs: [{ stem: 'Cat', answer: 'Mammal' }, { stem: 'Eagle', answer: '' }] });
      expect(validateDraft(half, 'science')).toEqual({ 'pairs.1.answer': 'Required' });
      expect(validateDraft(draft('matching', { pairs: [{ stem: 'Cat', answer: 'Mammal' }] }), 'science')).toEqual({ pairs: EXAM_MSG.matchingPairsTooFew });
    });

    it('come back from a stored question unchanged when sent again', () => {
      const stored = {
        ...parsed(draft('numerical', { numericAnswers: [{ mode: 'range', value: '', tolerance: '', min: '1', max: '2', credit: 100 }] })),
        sampleAnswer: '',
      } as unknown as Question;
      const again = questionToDraft(stored);
      expect(draftToInput(again, 'mathematics').numericAnswers).toEqual([{ min: 1, max: 2, fraction: 1 }]);
      const mr = { ...parsed(setOptionCredit(setOptionCorrect(draft('multiple-response', { options: ['x', 'y'] }), 0, true), 0, 100)) } as unknown as Question;
      expect(draftToInput(questionToDraft(mr), 'mathematics').options).toEqual([
        { text: 'x', isCorrect: true, fraction: 1 },
        { text: 'y', isCorrect: false, fraction: 0 },
      ]);
    });
  });
});
