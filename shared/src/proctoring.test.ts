import { describe, expect, it } from 'vitest';
import { examSettingsSchema } from './exams';
import { messageOf } from './messages';
import { platformSettingsSchema, DEFAULT_PLATFORM_SETTINGS, withDefaultProfile } from './platformSettings';
import { DEVICE_FLAGS, FLAG_SEVERITY, PROFILE_DEFAULTS, checkOfFlag, consentSummary, needsConsent, usesCamera, usesMicrophone } from './proctoring';
import { VIOLATION_TYPES, cameraRequestSchema, violationSchema } from './session';

const attemptId = '00000000-0000-4000-8000-000000000001';
const keyOf = (r: { success: boolean; error?: { issues: { message: string }[] } }) => messageOf(r.error!.issues[0]!.message)?.key;

describe('device flags over the violation event', () => {
  it('are violation kinds with a severity and the check that waives them', () => {
    for (const f of DEVICE_FLAGS) expect(VIOLATION_TYPES).toContain(f);
    expect(FLAG_SEVERITY['face-missing']).toBe('high');
    expect(checkOfFlag('looking-away')).toBe('face');
    expect(checkOfFlag('copy')).toBeNull();
  });

  it('carry a duration of at least 3 s and at most 13 h', () => {
    expect(violationSchema.safeParse({ attemptId, type: 'face-missing', durationMs: 3000, confidence: 0.9 }).success).toBe(true);
    expect(keyOf(violationSchema.safeParse({ attemptId, type: 'face-missing', durationMs: 2999 }))).toBe('proctoring.flagDurationImpossible');
    expect(keyOf(violationSchema.safeParse({ attemptId, type: 'voice' }))).toBe('proctoring.flagDurationImpossible');
    expect(keyOf(violationSchema.safeParse({ attemptId, type: 'voice', durationMs: 13 * 3600_000 + 1 }))).toBe('proctoring.flagDurationImpossible');
  });

  it('refuse their fields on the page kinds, and unknown kinds', () => {
    expect(violationSchema.safeParse({ attemptId, type: 'tab-switch' }).success).toBe(true);
    expect(keyOf(violationSchema.safeParse({ attemptId, type: 'tab-switch', durationMs: 5000 }))).toBe('proctoring.flagFieldsNotAllowed');
    expect(violationSchema.safeParse({ attemptId, type: 'telepathy', durationMs: 5000 }).success).toBe(false);
  });
});

describe('the proctoring profile', () => {
  it('reads an exam stored before it as every check off', () => {
    const p = examSettingsSchema.parse({ proctoring: { enabled: true, enableCamera: false } }).proctoring;
    expect(p.faceChecks).toEqual({ enabled: false, missingSeconds: 5, lookAwaySeconds: 8, multipleFaces: true });
    expect(p.countedFlags).toEqual([]);
    expect(needsConsent(p)).toBe(false);
  });

  it('asks for consent when a check uses the camera, microphone or screen', () => {
    const p = examSettingsSchema.parse({ proctoring: { enabled: true, faceChecks: { enabled: true, missingSeconds: 10 } } }).proctoring;
    expect(needsConsent(p)).toBe(true);
    expect(needsConsent({ ...p, enabled: false })).toBe(false);
    const s = consentSummary({ ...p, evidencePictures: true }, 30);
    expect(s.checks.find((c) => c.check === 'face')?.values).toMatchObject({ missingSeconds: 10 });
    expect(s.evidence).toEqual({ pictures: true, sources: ['camera'], retentionDays: 30 });
  });

  it('refuses a check time outside 3 to 60 seconds', () => {
    const r = examSettingsSchema.safeParse({ proctoring: { voiceCheck: { enabled: true, speechSeconds: 2 } } });
    expect(keyOf(r)).toBe('proctoring.secondsRange');
  });

  it('takes the school defaults where a new exam names none', () => {
    const defaults = { ...DEFAULT_PLATFORM_SETTINGS.examDefaults, proctoring: { ...DEFAULT_PLATFORM_SETTINGS.examDefaults.proctoring, profile: { ...PROFILE_DEFAULTS, evidencePictures: true, secondMonitorCheck: true } } };
    const p = examSettingsSchema.parse({ proctoring: { secondMonitorCheck: false } }).proctoring;
    const filled = withDefaultProfile(p, { secondMonitorCheck: false }, defaults);
    expect(filled.evidencePictures).toBe(true);
    expect(filled.secondMonitorCheck).toBe(false);
  });
});

describe('school settings', () => {
  it('keep evidence 30 days unless the admin says otherwise, between 1 and 365', () => {
    const { evidence: _e, ...older } = DEFAULT_PLATFORM_SETTINGS;
    expect(platformSettingsSchema.parse(older).evidence.retentionDays).toBe(30);
    expect(keyOf(platformSettingsSchema.safeParse({ ...older, evidence: { retentionDays: 366 } }))).toBe('proctoring.retentionDaysRange');
  });
});

describe('camera requests', () => {
  it('name the camera unless they ask for the screen', () => {
    expect(cameraRequestSchema.parse({ attemptId }).source).toBe('camera');
    expect(cameraRequestSchema.parse({ attemptId, source: 'screen' }).source).toBe('screen');
  });
});

describe('what a proctored exam needs of the student’s devices', () => {
  const proctoring = (over: Record<string, unknown>) => examSettingsSchema.parse({ proctoring: { enabled: true, ...over } }).proctoring;
  it('needs the camera for a proctor’s tile or for the face checks, the microphone for a proctor or the voice check', () => {
    expect([usesCamera(proctoring({})), usesMicrophone(proctoring({}))]).toEqual([false, false]);
    expect(usesCamera(proctoring({ enableCamera: true }))).toBe(true);
    expect(usesCamera(proctoring({ faceChecks: { enabled: true } }))).toBe(true);
    expect(usesMicrophone(proctoring({ voiceCheck: { enabled: true } }))).toBe(true);
    expect(usesCamera(proctoring({ enabled: false, faceChecks: { enabled: true } }))).toBe(false);
  });
});
