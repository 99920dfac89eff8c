import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { SELF_REGISTER_ROLES } from './constants';
import { INTEGRITY_OUTCOMES } from './integrity';
import { SEB_MSG, sebHashSchema } from './seb';
import { EXAM_FORM_DEFAULTS, EXAM_MSG, violationAllowance } from './exams';
import { FULLSCREEN_EXIT_LIMIT, TAB_SWITCH_LIMIT } from './session';
import { fillMessage } from './messages';
import { LANGUAGES, type Language } from './i18n/languages';
import { isIanaZone } from './settings';
import { DEFAULT_RETENTION_DAYS, PROCTORING_MSG, PROFILE_DEFAULTS, RETENTION_DAYS_MAX, RETENTION_DAYS_MIN, profileSchema, type ProctoringProfile } from './proctoring';

const P = messages.platformSettings;

/**
 * The school's own settings (admin settings page): stored once in the database, read by server
 * and web alike. The public part (no secrets) is what a visitor's browser may know.
 */

const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const gradeBandSchema = z.object({
  min: z.number().int().min(0, P.bandMinLow).max(100, P.bandMinHigh),
  letter: z.string().trim().min(1, P.bandLetterRequired).max(3, P.letterTooLong),
});

export const platformSettingsSchema = z.object({
  schoolName: z.string().trim().min(2, P.schoolNameTooShort).max(100, P.schoolNameTooLong),
  // The school's clock and language: what a new account starts in when its browser said nothing,
  // what the create-exam wizard schedules in, and what a visitor reads before signing in.
  // Settings saved before the school could choose read as the long-standing UTC and English.
  timezone: z
    .string({ error: messages.exams.timezoneInvalid })
    .trim()
    .refine(isIanaZone, messages.exams.timezoneInvalid)
    .default('UTC'),
  language: z
    .enum(LANGUAGES, { error: fillMessage(messages.validation.mustBeOneOf, { values: LANGUAGES.join(', ') }) })
    .default('en'),
  registration: z.object({
    open: z.boolean(),
    roles: z.array(z.enum(SELF_REGISTER_ROLES)).max(3),
    allowedDomains: z
      .array(z.string().trim().toLowerCase().regex(DOMAIN, P.domainInvalid))
      .max(50, P.tooManyDomains),
  }),
  examDefaults: z.object({
    duration: z.number().int().min(1, messages.exams.durationTooShort).max(600, messages.exams.durationTooLong),
    passingMarks: z.number().int().min(0, P.passingMarksRange).max(100, P.passingMarksRange),
    // Settings saved before the school could choose these read as the long-standing allowances.
    proctoring: z
      .object({
        tabSwitchesAllowed: violationAllowance(EXAM_MSG.tabSwitchesAllowedRange),
        fullscreenExitsAllowed: violationAllowance(EXAM_MSG.fullscreenExitsAllowedRange),
        // What a new exam's device checks start from; absent: the built-in defaults (PROFILE_DEFAULTS).
        profile: profileSchema.optional(),
      })
      .default({ tabSwitchesAllowed: TAB_SWITCH_LIMIT, fullscreenExitsAllowed: FULLSCREEN_EXIT_LIMIT }),
  }),
  gradingScale: z
    .object({
      bands: z.array(gradeBandSchema).min(1, P.bandsRequired).max(12, P.tooManyBands),
      fallback: z.string().trim().min(1, P.fallbackRequired).max(3, P.letterTooLong),
    })
    .refine((s) => s.bands.every((b, i) => i === 0 || b.min < s.bands[i - 1]!.min), { message: P.bandsOrder, path: ['bands'] }),
  // Whether payers may pay an amount of their own choosing besides the fees the school issues.
  // Settings saved before read as the Payment Center always worked: free amounts allowed.
  payments: z.object({ allowFreeAmounts: z.boolean() }).default({ allowFreeAmounts: true }),
  // How long evidence pictures of flags are kept; settings saved before read as 30 days.
  evidence: z
    .object({
      retentionDays: z
        .number({ error: PROCTORING_MSG.retentionDaysRange })
        .int(PROCTORING_MSG.retentionDaysRange)
        .min(RETENTION_DAYS_MIN, PROCTORING_MSG.retentionDaysRange)
        .max(RETENTION_DAYS_MAX, PROCTORING_MSG.retentionDaysRange),
    })
    .default({ retentionDays: DEFAULT_RETENTION_DAYS }),
  // What a confirmed breach does to a result, unless a reviewer chooses otherwise for the attempt.
  integrity: z.object({ confirmedOutcome: z.enum(INTEGRITY_OUTCOMES) }).default({ confirmedOutcome: 'withhold' }),
  // Safe Exam Browser builds the school allows (their Browser Exam Keys); none listed: any SEB with the exam's file.
  seb: z
    .object({ allowedBrowserExamKeys: z.array(sebHashSchema).max(100, SEB_MSG.tooManyKeys).transform((keys) => [...new Set(keys)]) })
    .default({ allowedBrowserExamKeys: [] }),
});
export type PlatformSettings = z.output<typeof platformSettingsSchema>;
export type GradingScale = PlatformSettings['gradingScale'];

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  schoolName: 'ExamPortal',
  timezone: 'UTC',
  language: 'en',
  registration: { open: true, roles: ['student', 'teacher', 'parent'], allowedDomains: [] },
  examDefaults: { duration: EXAM_FORM_DEFAULTS.duration, passingMarks: EXAM_FORM_DEFAULTS.passingMarks, proctoring: { tabSwitchesAllowed: TAB_SWITCH_LIMIT, fullscreenExitsAllowed: FULLSCREEN_EXIT_LIMIT } },
  gradingScale: {
    bands: [
      { min: 90, letter: 'A+' },
      { min: 80, letter: 'A' },
      { min: 70, letter: 'B+' },
      { min: 60, letter: 'B' },
      { min: 50, letter: 'C' },
      { min: 40, letter: 'D' },
    ],
    fallback: 'F',
  },
  payments: { allowFreeAmounts: true },
  evidence: { retentionDays: DEFAULT_RETENTION_DAYS },
  integrity: { confirmedOutcome: 'withhold' },
  seb: { allowedBrowserExamKeys: [] },
};

/**
 * What anyone may read: the school's name, its clock and language (a visitor's screens before
 * sign-in), who may register, and the scale results are shown in.
 */
export interface PublicPlatformSettings {
  schoolName: string;
  timezone: string;
  language: Language;
  registration: PlatformSettings['registration'];
  examDefaults: PlatformSettings['examDefaults'];
  gradingScale: PlatformSettings['gradingScale'];
}

export type ExamDefaults = PlatformSettings['examDefaults'];

/**
 * An exam's proctoring with the school's allowances wherever the exam names none: what a new exam
 * starts from when its creator leaves them out.
 */
export function withDefaultAllowances<P extends { tabSwitchesAllowed?: number; fullscreenExitsAllowed?: number }>(
  proctoring: P,
  defaults: ExamDefaults,
): P & { tabSwitchesAllowed: number; fullscreenExitsAllowed: number } {
  return {
    ...proctoring,
    tabSwitchesAllowed: proctoring.tabSwitchesAllowed ?? defaults.proctoring.tabSwitchesAllowed,
    fullscreenExitsAllowed: proctoring.fullscreenExitsAllowed ?? defaults.proctoring.fullscreenExitsAllowed,
  };
}

/**
 * A new exam's device checks: the school's defaults wherever the exam's creator named none. The
 * parsed exam always holds every field (schema defaults), so "named none" means the request's
 * proctoring object did not carry the field.
 */
export function withDefaultProfile<P extends ProctoringProfile>(proctoring: P, given: Record<string, unknown> | undefined, defaults: ExamDefaults): P {
  const profile = defaults.proctoring.profile ?? PROFILE_DEFAULTS;
  const out: Record<string, unknown> = { ...proctoring };
  for (const key of Object.keys(profile) as (keyof ProctoringProfile)[]) {
    if (given?.[key] === undefined) out[key] = profile[key];
  }
  return out as P;
}

/** The letter for a percentage on the school's scale. */
export function gradeOnScale(scale: PlatformSettings['gradingScale'], percentage: number): string {
  return scale.bands.find((b) => percentage >= b.min)?.letter ?? scale.fallback;
}

/** Every letter of the scale, highest first (the filters offer these). */
export function scaleLetters(scale: PlatformSettings['gradingScale']): string[] {
  return [...new Set([...scale.bands.map((b) => b.letter), scale.fallback])];
}

/**
 * The whole percentages a letter covers on the scale, as [from, to] ranges (a letter may sit on
 * more than one band), so a list can be filtered by letter in SQL. None for an unknown letter.
 */
export function gradeRanges(scale: PlatformSettings['gradingScale'], letter: string): [number, number][] {
  const ranges: [number, number][] = [];
  let top = 100;
  for (const b of scale.bands) {
    if (b.letter === letter && b.min <= top) ranges.push([b.min, top]);
    top = Math.min(top, b.min - 1);
  }
  if (scale.fallback === letter && top >= 0) ranges.push([0, top]);
  return ranges;
}

/** Whether an address may self-register, given the allowed domains (none listed: any). */
export function emailDomainAllowed(email: string, allowedDomains: string[]): boolean {
  if (!allowedDomains.length) return true;
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  return allowedDomains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

export const SETTINGS_MSG = messages.platformSettings;

/** Node-to-node broadcast when an admin saves: every node drops its cached copy. */
export const SETTINGS_CHANGED_EVENT = 'platform-settings:changed';
