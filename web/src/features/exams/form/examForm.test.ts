import { DEFAULT_PLATFORM_SETTINGS, EXAM_MSG, PROCTORING_MSG, PROFILE_DEFAULTS, examCreateSchema, examUpdateSchema } from '@exam/shared';
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

describe("the exam form's proctoring profile", () => {
  it("starts from the school's device checks and sends them as the exam's fields, never as a nested profile", () => {
    const profile = { ...PROFILE_DEFAULTS, faceChecks: { enabled: true, missingSeconds: 10, lookAwaySeconds: 8, multipleFaces: true }, evidencePictures: true };
    const school = { ...DEFAULT_PLATFORM_SETTINGS.examDefaults, proctoring: { tabSwitchesAllowed: 3, fullscreenExitsAllowed: 2, profile } };
    const body = formToExamBody(emptyExamForm('UTC', school));
    expect(body.settings).toMatchObject({ proctoring: { faceChecks: { enabled: true, missingSeconds: 10 }, evidencePictures: true, countedFlags: [] } });
    expect((body.settings as { proctoring: object }).proctoring).not.toHaveProperty('profile');
  });

  it('follows a change of the school defaults only where the teacher left the check as it was', () => {
    const before = DEFAULT_PLATFORM_SETTINGS.examDefaults;
    const after = { ...before, proctoring: { ...before.proctoring, profile: { ...PROFILE_DEFAULTS, voiceCheck: { enabled: true, speechSeconds: 7 }, secondMonitorCheck: true } } };
    const values = emptyExamForm('UTC', before);
    values.settings.proctoring.secondMonitorCheck = false;
    values.settings.proctoring.faceChecks = { ...values.settings.proctoring.faceChecks, enabled: true };
    const followed = followSchoolDefaults(values, before, after).settings.proctoring;
    expect(followed.voiceCheck).toEqual({ enabled: true, speechSeconds: 7 });
    expect(followed.faceChecks.enabled).toBe(true);
  });

  it('refuses a face check that waits less than 3 seconds, on its own field', () => {
    const values = { ...emptyExamForm(), title: 'Algebra', description: 'Linear equations', subject: 'mathematics', grade: '10', startLocal: '2099-01-01T09:00', endLocal: '2099-01-01T10:00' };
    values.settings.proctoring = { ...values.settings.proctoring, enabled: true, faceChecks: { ...values.settings.proctoring.faceChecks, enabled: true, missingSeconds: 2 } };
    expect(validateExamForm(examCreateSchema, values)['settings.proctoring.faceChecks.missingSeconds']).toBe(PROCTORING_MSG.secondsRange);
  });
});
