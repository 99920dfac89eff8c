import { EXAM_MSG, MSG } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/http';
import { DETAILS_STEP, QUESTIONS_STEP, describeCreateFailure } from './createFailure';

const validation = (errors: { field: string; msg: string }[]) =>
  new ApiError({ status: 400, message: errors[0]!.msg, serverMessage: errors[0]!.msg, errors });

describe('describeCreateFailure', () => {
  it("lists every failed field under 'Validation errors:' and goes to the earliest step", () => {
    const failure = describeCreateFailure(
      validation([
        { field: 'questions.2.correctAnswer', msg: EXAM_MSG.invalidCorrectAnswer },
        { field: 'schedule.endDate', msg: EXAM_MSG.endBeforeStart },
      ]),
    );
    expect(failure.title).toBe('Validation errors:');
    expect(failure.lines).toEqual([`Question 3 – Correct Answer: ${EXAM_MSG.invalidCorrectAnswer}`, `End Date: ${EXAM_MSG.endBeforeStart}`]);
    expect(failure.step).toBe(DETAILS_STEP);
    expect(failure.detailErrors).toEqual({ endLocal: EXAM_MSG.endBeforeStart });
    expect(failure.questionErrors).toEqual({ 2: { correctAnswer: EXAM_MSG.invalidCorrectAnswer } });
  });

  it('sends the teacher to the Questions step when only questions failed', () => {
    const failure = describeCreateFailure(validation([{ field: 'questions.0.options', msg: EXAM_MSG.optionsTooFew }]));
    expect(failure.step).toBe(QUESTIONS_STEP);
    expect(failure.lines).toEqual([`Question 1 – Options: ${EXAM_MSG.optionsTooFew}`]);
  });

  it("shows the server's message when there is no field list, else the generic text", () => {
    const forbidden = new ApiError({ status: 403, message: MSG.forbiddenToast, serverMessage: EXAM_MSG.questionNotYours });
    expect(describeCreateFailure(forbidden)).toMatchObject({ title: EXAM_MSG.questionNotYours, lines: [], step: null });
    expect(describeCreateFailure(new ApiError({ status: 502, message: MSG.genericError })).title).toBe('Error creating exam. Please try again.');
    expect(describeCreateFailure(new TypeError('boom')).title).toBe('Error creating exam. Please try again.');
    expect(describeCreateFailure(new ApiError({ status: 0, message: MSG.networkError })).title).toBe(MSG.networkError);
  });
});
