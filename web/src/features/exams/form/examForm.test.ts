import { EXAM_MSG, examCreateSchema, examUpdateSchema } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { buildExam } from '../test/buildExam';
import { emptyExamForm, examToFormValues, formToExamBody, validateExamForm } from './examForm';

describe('the exam form', () => {
  it("starts from the spec's defaults, in UTC for the wizard", () => {
    expect(emptyExamForm()).toMatchObject({
      duration: 60,
      passingMarks: 60,
      examType: 'practice',
      difficulty: 'medium',
      timezone: 'UTC',
      settings: { allowReview: true, showResultsImmediately: true, maxAttempts: 1, proctoring: { enabled: false, preventTabSwitching: true } },
    });
  });

  it("shows a loaded exam on its own zone's clock and sends it back as the same instants", () => {
    const exam = buildExam({ schedule: { startDate: '2026-12-01T04:00:00.000Z', endDate: '2026-12-01T06:30:00.000Z', timezone: 'Asia/Kolkata' } });
    const values = examToFormValues(exam);
    expect(values).toMatchObject({ startLocal: '2026-12-01T09:30', endLocal: '2026-12-01T12:00', timezone: 'Asia/Kolkata', grade: '10' });
    expect(formToExamBody(values).schedule).toEqual({ startDate: '2026-12-01T04:00:00.000Z', endDate: '2026-12-01T06:30:00.000Z', timezone: 'Asia/Kolkata' });
  });

  it('reads the wall time again when the zone changes', () => {
    const values = { ...emptyExamForm('America/New_York'), startLocal: '2026-07-01T09:00', endLocal: '2026-07-01T10:00' };
    expect(formToExamBody(values).schedule).toMatchObject({ startDate: '2026-07-01T13:00:00.000Z' });
  });

  it('reports schedule problems on the date inputs', () => {
    const values = {
      ...emptyExamForm(),
      title: 'Algebra mid-term',
      description: 'Linear equations and inequalities',
      subject: 'mathematics',
      grade: '10',
      startLocal: '2020-01-01T09:00',
      endLocal: '2019-01-01T09:00',
    };
    const errors = validateExamForm(examCreateSchema, values);
    expect(errors.startLocal).toBe(EXAM_MSG.startInPast);
    expect(errors.endLocal).toBe(EXAM_MSG.endBeforeStart);
    // Editing may keep a start in the past; the order of start and end still matters.
    expect(validateExamForm(examUpdateSchema, values).startLocal).toBeUndefined();
  });
});
