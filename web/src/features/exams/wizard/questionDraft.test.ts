import { EXAM_MSG } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { answerChoices, changeType, draftPreview, draftToInput, emptyDraft, removeOption, setOption, validateDraft } from './questionDraft';

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
});
