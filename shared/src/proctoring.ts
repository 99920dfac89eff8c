import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import type { ViolationType } from './session';

/**
 * Proctoring that sees (issue 58): the checks that run on the student's own device, the exam's
 * profile that turns them on, and what the student consents to. Nothing here imports session.ts
 * at run time, because session.ts builds its violation kinds from DEVICE_FLAGS.
 */
export const PROCTORING_MSG = messages.proctoring;

/** Flags raised by checks on the device. They inform the proctor; none ever submits an attempt. */
export const DEVICE_FLAGS = ['face-missing', 'faces-multiple', 'looking-away', 'voice', 'screen-share-ended', 'screen-not-whole', 'second-monitor'] as const;
export type DeviceFlag = (typeof DEVICE_FLAGS)[number];
export const isDeviceFlag = (type: string): type is DeviceFlag => (DEVICE_FLAGS as readonly string[]).includes(type);

export const SEVERITIES = ['low', 'medium', 'high'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const FLAG_SEVERITY: Record<ViolationType, Severity> = {
  'tab-switch': 'medium',
  'fullscreen-exit': 'medium',
  copy: 'low',
  paste: 'medium',
  'right-click': 'low',
  'blocked-key': 'low',
  'face-missing': 'high',
  'faces-multiple': 'high',
  'looking-away': 'medium',
  voice: 'medium',
  'screen-share-ended': 'high',
  'screen-not-whole': 'medium',
  'second-monitor': 'medium',
};

/** What a teacher or admin may waive for one student (an accommodation), and what a student may ask help with. */
export const WAIVABLE_CHECKS = ['camera', 'microphone', 'face', 'voice', 'screen-share', 'second-monitor', 'fullscreen', 'tab-switch'] as const;
export type WaivableCheck = (typeof WAIVABLE_CHECKS)[number];

const CHECK_OF_KIND: Record<ViolationType, WaivableCheck | null> = {
  'tab-switch': 'tab-switch',
  'fullscreen-exit': 'fullscreen',
  copy: null,
  paste: null,
  'right-click': null,
  'blocked-key': null,
  'face-missing': 'face',
  'faces-multiple': 'face',
  'looking-away': 'face',
  voice: 'voice',
  'screen-share-ended': 'screen-share',
  'screen-not-whole': 'screen-share',
  'second-monitor': 'second-monitor',
};
/** The check a waiver must name to silence this kind, or null when no waiver silences it. */
export const checkOfFlag = (type: ViolationType): WaivableCheck | null => CHECK_OF_KIND[type];

/** A device flag is debounced on the device: nothing shorter is a flag. */
export const MIN_FLAG_DURATION_MS = 3000;
/** The longest sitting: 10 h of exam plus 3 h of extensions. */
export const MAX_FLAG_DURATION_MS = 13 * 3600_000;
/** The seconds a face or voice check waits before it flags. */
export const CHECK_SECONDS_MIN = 3;
export const CHECK_SECONDS_MAX = 60;
/** How long evidence pictures are kept, in days (admin setting). */
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 365;
export const DEFAULT_RETENTION_DAYS = 30;
/** The largest evidence picture the server takes (60 KB). */
export const MAX_EVIDENCE_BYTES = 61_440;

const seconds = (fallback: number) =>
  z
    .number({ error: PROCTORING_MSG.secondsRange })
    .int(PROCTORING_MSG.secondsRange)
    .min(CHECK_SECONDS_MIN, PROCTORING_MSG.secondsRange)
    .max(CHECK_SECONDS_MAX, PROCTORING_MSG.secondsRange)
    .default(fallback);

export const PROFILE_DEFAULTS = {
  faceChecks: { enabled: false, missingSeconds: 5, lookAwaySeconds: 8, multipleFaces: true },
  voiceCheck: { enabled: false, speechSeconds: 5 },
  screenShare: { required: false },
  secondMonitorCheck: false,
  evidencePictures: false,
  countedFlags: [] as DeviceFlag[],
};
export type ProfileFields = typeof PROFILE_DEFAULTS;

export const faceChecksSchema = z
  .object({
    enabled: z.boolean().default(PROFILE_DEFAULTS.faceChecks.enabled),
    missingSeconds: seconds(PROFILE_DEFAULTS.faceChecks.missingSeconds),
    lookAwaySeconds: seconds(PROFILE_DEFAULTS.faceChecks.lookAwaySeconds),
    multipleFaces: z.boolean().default(PROFILE_DEFAULTS.faceChecks.multipleFaces),
  })
  .default(PROFILE_DEFAULTS.faceChecks);
export const voiceCheckSchema = z
  .object({ enabled: z.boolean().default(false), speechSeconds: seconds(PROFILE_DEFAULTS.voiceCheck.speechSeconds) })
  .default(PROFILE_DEFAULTS.voiceCheck);
/** Screen share is always of the whole screen. */
export const screenShareSchema = z.object({ required: z.boolean().default(false) }).default(PROFILE_DEFAULTS.screenShare);
/** On-device flags that add to the attempt's warnings; by default none does (they only inform). */
export const countedFlagsSchema = z
  .array(z.enum(DEVICE_FLAGS))
  .max(DEVICE_FLAGS.length)
  .default([])
  .transform((flags) => [...new Set(flags)]);

/** The profile's fields, spread into the exam's proctoring settings and into the school's defaults. */
export const profileShape = {
  faceChecks: faceChecksSchema,
  voiceCheck: voiceCheckSchema,
  screenShare: screenShareSchema,
  secondMonitorCheck: z.boolean().default(false),
  evidencePictures: z.boolean().default(false),
  countedFlags: countedFlagsSchema,
};
export const profileSchema = z.object(profileShape);
export type ProctoringProfile = z.output<typeof profileSchema>;

/** The proctoring settings the consent and the checks read (an exam's `settings.proctoring`). */
export interface ProfiledProctoring extends ProctoringProfile {
  enabled: boolean;
  enableCamera: boolean;
  enableMicrophone: boolean;
  requireFullscreen: boolean;
  preventTabSwitching: boolean;
}

/** Whether a student must accept what is checked before an attempt starts: anything that uses camera, microphone or screen. */
export function needsConsent(p: ProfiledProctoring): boolean {
  return p.enabled && (p.enableCamera || p.enableMicrophone || p.faceChecks.enabled || p.voiceCheck.enabled || p.screenShare.required || p.secondMonitorCheck);
}

/** Whether the exam needs the student's camera: watched by a proctor, or read by the face checks. */
export const usesCamera = (p: ProfiledProctoring) => p.enabled && (p.enableCamera || p.faceChecks.enabled);
/** Whether the exam needs the student's microphone: heard by a proctor, or read by the voice check. */
export const usesMicrophone = (p: ProfiledProctoring) => p.enabled && (p.enableMicrophone || p.voiceCheck.enabled);

/** One check the student is told of; `values` fill its text (web: consent.check.<check>). */
export const consentCheckSchema = z.object({
  check: z.enum(WAIVABLE_CHECKS),
  values: z.record(z.string(), z.union([z.number(), z.boolean()])),
  counted: z.boolean().describe('Whether its flags count toward the exam limits; otherwise they only inform the proctor'),
});
export const consentSummarySchema = z.object({
  checks: z.array(consentCheckSchema),
  onDevice: z.literal(true).describe('Every face, voice and screen check runs on the student device; no video or audio is recorded'),
  liveView: z.object({ camera: z.boolean(), microphone: z.boolean(), screen: z.boolean() }).describe('What a proctor may open live, peer to peer, never stored'),
  evidence: z.object({
    pictures: z.boolean().describe('One small picture (at most 60 KB) is kept when a flag is raised'),
    sources: z.array(z.enum(['camera', 'screen'])),
    retentionDays: z.number().int(),
  }),
  viewers: z.array(z.enum(['exam-teachers', 'admins', 'student'])).describe('Who may open what is kept'),
});
export type ConsentCheck = z.infer<typeof consentCheckSchema>;
export type ConsentSummary = z.infer<typeof consentSummarySchema>;

/**
 * Exactly what is checked, what is kept, who sees it and for how long: the consent screen shows it,
 * the server stores it with the acceptance, and its hash names the version the student accepted.
 */
export function consentSummary(p: ProfiledProctoring, retentionDays: number): ConsentSummary {
  const counted = (flags: DeviceFlag[]) => flags.some((f) => p.countedFlags.includes(f));
  const checks: ConsentCheck[] = [];
  if (p.enabled) {
    if (p.enableCamera || p.faceChecks.enabled) checks.push({ check: 'camera', values: {}, counted: false });
    if (p.enableMicrophone || p.voiceCheck.enabled) checks.push({ check: 'microphone', values: {}, counted: false });
    if (p.faceChecks.enabled) {
      const { missingSeconds, lookAwaySeconds, multipleFaces } = p.faceChecks;
      checks.push({ check: 'face', values: { missingSeconds, lookAwaySeconds, multipleFaces }, counted: counted(['face-missing', 'faces-multiple', 'looking-away']) });
    }
    if (p.voiceCheck.enabled) checks.push({ check: 'voice', values: { speechSeconds: p.voiceCheck.speechSeconds }, counted: counted(['voice']) });
    if (p.screenShare.required) checks.push({ check: 'screen-share', values: {}, counted: counted(['screen-share-ended', 'screen-not-whole']) });
    if (p.secondMonitorCheck) checks.push({ check: 'second-monitor', values: {}, counted: counted(['second-monitor']) });
    if (p.requireFullscreen) checks.push({ check: 'fullscreen', values: {}, counted: true });
    if (p.preventTabSwitching) checks.push({ check: 'tab-switch', values: {}, counted: true });
  }
  const pictures = p.enabled && p.evidencePictures;
  const cameraOn = p.enabled && (p.enableCamera || p.faceChecks.enabled);
  return {
    checks,
    onDevice: true,
    liveView: { camera: cameraOn, microphone: p.enabled && p.enableMicrophone, screen: p.enabled && p.screenShare.required },
    evidence: {
      pictures,
      sources: pictures ? [...(cameraOn ? (['camera'] as const) : []), ...(p.enabled && p.screenShare.required ? (['screen'] as const) : [])] : [],
      retentionDays,
    },
    viewers: ['exam-teachers', 'admins', 'student'],
  };
}

/** The summary as canonical JSON (sorted keys): the server hashes it to name the accepted version. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

// REST: GET /api/exams/:id/consent and POST /api/exams/:id/consent
export const profileHashSchema = z.string().regex(/^[0-9a-f]{64}$/, PROCTORING_MSG.consentOutdated);
export const consentStatusSchema = z.object({
  required: z.boolean().describe('Whether the exam asks for consent before an attempt starts'),
  accepted: z.boolean().describe('Whether the student accepted this version of the summary'),
  profileHash: z.string().describe('The version to send back with POST'),
  summary: consentSummarySchema,
  profile: profileSchema.describe('The checks the device runs'),
  waivers: z.array(z.enum(WAIVABLE_CHECKS)).describe('Checks waived for this student'),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;
export const consentAcceptSchema = z.object({ profileHash: profileHashSchema });
export type ConsentAccept = z.infer<typeof consentAcceptSchema>;

/** Where a live tile or an evidence picture comes from. */
export const MEDIA_SOURCES = ['camera', 'screen'] as const;
export type MediaSource = (typeof MEDIA_SOURCES)[number];

/** A help request is open until a proctor resolves it (often by waiving the check). */
export const HELP_STATUSES = ['open', 'resolved'] as const;
export type HelpStatus = (typeof HELP_STATUSES)[number];
