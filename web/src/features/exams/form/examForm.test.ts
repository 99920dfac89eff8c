import { DEFAULT_PLATFORM_SETTINGS, EXAM_MSG, examCreateSchema, examUpdateSchema } from '@exam/shared';
import { describe, expect, it } from 'vitest';
import { buildExam } from '../test/buildExam';
import { emptyExamForm, examToFormValues, followSchoolDefaults, formToExamBody, validateExamForm } from './examForm';

describe('the exam form', () => {
  it("starts from the documented defaults, in UTC for the wizard", () => {
    expect(emptyExamForm()).toMatchObject({
      duration: 60,
      passingMarks: 60,
      examType: 'practice',
      difficulty: 'medium',
      timezone: 'UTC',
      settings: { allowReview: true, showResultsImmediately: true, maxAttempts: 1, proctoring: { enabled: false, preventTabSwitching: true } },
    });
  });

  it("starts from the school's exam defaults, and follows them where the teacher has not typed", () => {
    const school = { duration: 45, passingMarks: 70, proctoring: { tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0 } };
    const fresh = emptyExamForm('UTC', school);
    expect(fresh).toMatchObject({ duration: 45, passingMarks: 70, settings: { proctoring: { tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0 } } });
    const typed = { ...emptyExamForm(), duration: 90 };
    const followed = followSchoolDefaults(typed, DEFAULT_PLATFORM_SETTINGS.examDefaults, school);
    expect(followed).toMatchObject({ duration: 90, passingMarks: 70, settings: { proctoring: { tabSwitchesAllowed: 1, fullscreenExitsAllowed: 0 } } });
  });

  it('shows an exam stored without allowances with the ones it is held to, and its own when it has them', () => {
    expect(examToFormValues(buildExam()).settings.proctoring).toMatchObject({ tabSwitchesAllowed: 3, fullscreenExitsAllowed: 2 });
    const own = buildExam();
    own.settings = { ...own.settings, proctoring: { ...own.settings.proctoring, tabSwitchesAllowed: 6, fullscreenExitsAllowed: 1 } };
    expect(examToFormValues(own).settings.proctoring).toMatchObject({ tabSwitchesAllowed: 6, fullscreenExitsAllowed: 1 });
    expect(formToExamBody(examToFormValues(own)).settings).toMatchObject({ proctoring: { tabSwitchesAllowed: 6, fullscreenExitsAllowed: 1 } });
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
