import {
  DEFAULT_PLATFORM_SETTINGS,
  EXAM_FORM_DEFAULTS,
  EXAM_SETTINGS_DEFAULTS,
  PROFILE_DEFAULTS,
  violationLimits,
  type Difficulty,
  type ExamDefaults,
  type ExamType,
  type Exam,
  type ProctoringProfile,
} from '@exam/shared';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';
import { issuesToFormErrors } from '../../../lib/zodForm';
import { isoToWallTime, wallTimeToIso } from '../../../lib/zonedTime';
import type { ExamUpdateBody } from '../api';

/**
 * The exam details as the wizard's first step and the edit form hold them. Selects give strings,
 * number inputs give '' when cleared, and the schedule is a wall-clock time plus a zone; the
 * shared schemas coerce and check all of it once the values are turned into the wire shape.
 */
export interface ExamFormValues {
  title: string;
  subject: string;
  description: string;
  grade: string;
  duration: number | string;
  passingMarks: number | string;
  examType: ExamType;
  difficulty: Difficulty;
  instructions: string;
  /** `YYYY-MM-DDTHH:mm` on the wall clock of `timezone`. */
  startLocal: string;
  endLocal: string;
  timezone: string;
  settings: {
    randomizeQuestions: boolean;
    randomizeOptions: boolean;
    allowReview: boolean;
    showResultsImmediately: boolean;
    showCorrectAnswers: boolean;
    allowMultipleAttempts: boolean;
    maxAttempts: number | string;
    /** Releasing results holds the attempts whose integrity review is not done. */
    resultsWaitForReview: boolean;
    /** Students sit it only in Safe Exam Browser with the exam's file (docs/seb.md). */
    requireSeb: boolean;
    /** Marking by question never shows the students' names (issue 55). */
    anonymousMarking: boolean;
    proctoring: typeof EXAM_SETTINGS_DEFAULTS.proctoring & {
      /** Number inputs give '' when cleared; the shared schema refuses that with its message. */
      tabSwitchesAllowed: number | string;
      fullscreenExitsAllowed: number | string;
    };
  };
  tags: string[];
  /** No control yet (there is no student picker): kept so an update does not clear the list. */
  eligibleStudents: string[];
}

/**
 * The form defaults, with the duration, passing marks and proctoring allowances the
 * school chose (platform settings); the wizard's zone is UTC, the edit form's Asia/Kolkata.
 */
export function emptyExamForm(timezone: string = EXAM_FORM_DEFAULTS.wizardTimezone, defaults: ExamDefaults = DEFAULT_PLATFORM_SETTINGS.examDefaults): ExamFormValues {
  return {
    title: EXAM_FORM_DEFAULTS.title,
    subject: EXAM_FORM_DEFAULTS.subject,
    description: EXAM_FORM_DEFAULTS.description,
    grade: EXAM_FORM_DEFAULTS.grade,
    duration: defaults.duration,
    passingMarks: defaults.passingMarks,
    examType: EXAM_FORM_DEFAULTS.examType,
    difficulty: EXAM_FORM_DEFAULTS.difficulty,
    instructions: EXAM_FORM_DEFAULTS.instructions,
    startLocal: '',
    endLocal: '',
    timezone,
    settings: { ...EXAM_SETTINGS_DEFAULTS, proctoring: { ...EXAM_SETTINGS_DEFAULTS.proctoring, ...schoolProctoring(defaults) } },
    tags: [],
    eligibleStudents: [],
  };
}

/**
 * The school's proctoring defaults as exam fields: its allowances, and the device checks' profile
 * spread in (the school keeps the profile as one object; an exam holds its fields side by side).
 */
function schoolProctoring(defaults: ExamDefaults) {
  const { profile, ...allowances } = defaults.proctoring;
  return { ...allowances, ...structuredClone(profile ?? PROFILE_DEFAULTS) };
}

const PROFILE_KEYS = Object.keys(PROFILE_DEFAULTS) as (keyof ProctoringProfile)[];
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A loaded exam in the edit form: its stored zone, and its instants on that zone's clock. */
export function examToFormValues(exam: Exam): ExamFormValues {
  const timezone = exam.schedule.timezone || EXAM_FORM_DEFAULTS.editTimezone;
  const base = emptyExamForm(timezone);
  return {
    ...base,
    title: exam.title,
    subject: exam.subject,
    description: exam.description,
    grade: String(exam.grade),
    duration: exam.duration,
    passingMarks: exam.passingMarks,
    examType: exam.examType,
    difficulty: exam.difficulty,
    instructions: exam.instructions ?? '',
    startLocal: isoToWallTime(exam.schedule.startDate, timezone),
    endLocal: isoToWallTime(exam.schedule.endDate, timezone),
    settings: {
      ...base.settings,
      ...exam.settings,
      // An exam stored before it had its own allowances shows the ones it is held to.
      proctoring: { ...base.settings.proctoring, ...exam.settings?.proctoring, ...allowancesOf(exam.settings?.proctoring) },
    },
    tags: exam.tags ?? [],
    eligibleStudents: exam.eligibleStudents ?? [],
  };
}

/**
 * The school's defaults changed while the wizard was open (they arrive after the first render, and
 * an admin may change them): fields still holding the old default take the new one; whatever the
 * teacher typed stays.
 */
export function followSchoolDefaults(values: ExamFormValues, before: ExamDefaults, after: ExamDefaults): ExamFormValues {
  const keep = <T,>(current: T, old: T, next: T) => (current === old ? next : current);
  const p = values.settings.proctoring;
  const oldProfile = before.proctoring.profile ?? PROFILE_DEFAULTS;
  const newProfile = after.proctoring.profile ?? PROFILE_DEFAULTS;
  const profile = Object.fromEntries(PROFILE_KEYS.map((k) => [k, sameValue(p[k], oldProfile[k]) ? structuredClone(newProfile[k]) : p[k]]));
  return {
    ...values,
    duration: keep(values.duration, before.duration, after.duration),
    passingMarks: keep(values.passingMarks, before.passingMarks, after.passingMarks),
    settings: {
      ...values.settings,
      proctoring: {
        ...p,
        ...profile,
        tabSwitchesAllowed: keep(p.tabSwitchesAllowed, before.proctoring.tabSwitchesAllowed, after.proctoring.tabSwitchesAllowed),
        fullscreenExitsAllowed: keep(p.fullscreenExitsAllowed, before.proctoring.fullscreenExitsAllowed, after.proctoring.fullscreenExitsAllowed),
      },
    },
  };
}

function allowancesOf(proctoring: Parameters<typeof violationLimits>[0]) {
  const limits = violationLimits(proctoring);
  return { tabSwitchesAllowed: limits.tabSwitches, fullscreenExitsAllowed: limits.fullscreenExits };
}

/** The wire shape of POST/PUT /exams: schedule instants with an offset (spec: ISO timestamps). */
export function formToExamBody(values: ExamFormValues): ExamUpdateBody {
  const { startLocal, endLocal, timezone, ...rest } = values;
  return {
    ...rest,
    schedule: { startDate: wallTimeToIso(startLocal, timezone), endDate: wallTimeToIso(endLocal, timezone), timezone },
  };
}

/** Schema paths that name a different form field. */
const FORM_FIELD_OF: Record<string, string> = {
  'schedule.startDate': 'startLocal',
  'schedule.endDate': 'endLocal',
  'schedule.timezone': 'timezone',
  schedule: 'startLocal',
};

/** A schema or server path (`schedule.endDate`, `tags.3`) as the form's field name. */
export function formFieldOf(path: string): string {
  if (FORM_FIELD_OF[path]) return FORM_FIELD_OF[path];
  if (/^tags\.\d+$/.test(path)) return 'tags';
  return path;
}

/** Form errors from a field list (zod issues or the server's errors), renamed to form fields. */
export function toExamFormErrors(errors: FormErrors): FormErrors {
  const out: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = formFieldOf(path);
    if (!(field in out)) out[field] = message;
  }
  return out;
}

/** Validates the details with a shared schema (create or update), as the form's field errors. */
export function validateExamForm(schema: z.ZodType, values: ExamFormValues): FormErrors {
  const result = schema.safeParse(formToExamBody(values));
  return result.success ? {} : toExamFormErrors(issuesToFormErrors(result.error.issues));
}
