import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { SUBJECTS } from './constants';
import { limitQueryField, pageQueryField } from './validation';
import { MAX_VIOLATIONS_ALLOWED } from './session';
import { PROFILE_DEFAULTS, profileShape } from './proctoring';
import { isWallTime, normaliseTimeZone, wallTimeInZone } from './zonedTime';
import { MARKING_MSG, rubricMaxPoints, rubricSchema, type Rubric } from './rubrics';
import { EMPTY_SCORING, fractionField, matchPairSchema, numericAnswerSchema, shortAnswerSchema, type QuestionScoring } from './questionKeys';

export const EXAM_TYPES = ['practice', 'assessment', 'final', 'quiz'] as const;
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export const QUESTION_TYPES = ['multiple-choice', 'multiple-response', 'true-false', 'essay', 'fill-blank', 'short-answer', 'numerical', 'matching'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];
export type Difficulty = (typeof DIFFICULTIES)[number];
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type Subject = (typeof SUBJECTS)[number];

export const EXAM_GRADES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** The creation wizard offers grades 6–12; the edit form 1–12. */
export const WIZARD_GRADES = [6, 7, 8, 9, 10, 11, 12] as const;
export const MAX_ATTEMPTS_LIMIT = 10;
export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;
export const QUESTION_PREVIEW_LENGTH = 100;

/** Texts of the exam and question rules. */
export const EXAM_MSG = messages.exams;

export const PROCTORING_DEFAULTS = {
  enabled: false,
  preventTabSwitching: true,
  requireFullscreen: true,
  disableRightClick: true,
  preventCopyPaste: true,
  enableCamera: false,
  enableMicrophone: false,
  ...PROFILE_DEFAULTS,
};

export const EXAM_SETTINGS_DEFAULTS = {
  randomizeQuestions: false,
  randomizeOptions: false,
  allowReview: true,
  showResultsImmediately: true,
  showCorrectAnswers: false,
  allowMultipleAttempts: false,
  maxAttempts: 1,
  resultsWaitForReview: false,
  requireSeb: false,
  anonymousMarking: false,
  proctoring: PROCTORING_DEFAULTS,
};

/** The exam form's defaults. */
export const EXAM_FORM_DEFAULTS = {
  title: '',
  subject: '',
  description: '',
  grade: '',
  instructions: '',
  duration: 60,
  passingMarks: 60,
  examType: 'practice' as ExamType,
  difficulty: 'medium' as Difficulty,
  wizardTimezone: 'UTC',
  editTimezone: 'Asia/Kolkata',
};

/** How many tab switches (or fullscreen exits) an exam lets pass before the next one submits it. */
export const violationAllowance = (msg: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: msg }).int(msg).min(0, msg).max(MAX_VIOLATIONS_ALLOWED, msg),
  );

// The allowances are optional: an exam created without them gets the school's defaults (the
// server fills them in), and an exam stored before they existed keeps the long-standing ones.
const proctoringSchema = z
  .object({
    tabSwitchesAllowed: violationAllowance(EXAM_MSG.tabSwitchesAllowedRange).optional(),
    fullscreenExitsAllowed: violationAllowance(EXAM_MSG.fullscreenExitsAllowedRange).optional(),
    enabled: z.boolean().default(PROCTORING_DEFAULTS.enabled),
    preventTabSwitching: z.boolean().default(PROCTORING_DEFAULTS.preventTabSwitching),
    requireFullscreen: z.boolean().default(PROCTORING_DEFAULTS.requireFullscreen),
    disableRightClick: z.boolean().default(PROCTORING_DEFAULTS.disableRightClick),
    preventCopyPaste: z.boolean().default(PROCTORING_DEFAULTS.preventCopyPaste),
    enableCamera: z.boolean().default(PROCTORING_DEFAULTS.enableCamera),
    enableMicrophone: z.boolean().default(PROCTORING_DEFAULTS.enableMicrophone),
    // The checks on the device (issue 58). In the settings JSON, not in columns, so that the
    // violation recorder's guard on the whole settings also sees a change of profile.
    ...profileShape,
  })
  .default(PROCTORING_DEFAULTS);

export const examSettingsSchema = z
  .object({
    randomizeQuestions: z.boolean().default(false),
    randomizeOptions: z.boolean().default(false),
    allowReview: z.boolean().default(true),
    showResultsImmediately: z.boolean().default(true),
    showCorrectAnswers: z.boolean().default(false),
    allowMultipleAttempts: z.boolean().default(false),
    maxAttempts: z.coerce
      .number({ error: EXAM_MSG.maxAttemptsRange })
      .int(EXAM_MSG.maxAttemptsRange)
      .min(1, EXAM_MSG.maxAttemptsRange)
      .max(MAX_ATTEMPTS_LIMIT, EXAM_MSG.maxAttemptsRange)
      .default(1),
    // Releasing results holds attempts whose integrity review is not done (issue 53).
    resultsWaitForReview: z.boolean().default(false),
    // Every call of an attempt must come from Safe Exam Browser with the exam's file (issue 54, docs/seb.md).
    requireSeb: z.boolean().default(false),
    // Marking by question never names the student (issue 55): the server leaves the names out.
    anonymousMarking: z.boolean().default(false),
    proctoring: proctoringSchema,
  })
  .default(EXAM_SETTINGS_DEFAULTS)
  // A single-attempt exam has exactly one attempt, whatever the hidden field says.
  .transform((s) => ({ ...s, maxAttempts: s.allowMultipleAttempts ? s.maxAttempts : 1 }));
export type ExamSettings = z.output<typeof examSettingsSchema>;

export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An instant with an explicit offset: a wall time without a zone would be ambiguous. */
const isInstant = (s: unknown): s is string => typeof s === 'string' && /(Z|[+-]\d\d:?\d\d)$/i.test(s.trim()) && !Number.isNaN(Date.parse(s));

const instant = (requiredMsg: string) =>
  z
    .string({ error: requiredMsg })
    .trim()
    .min(1, requiredMsg)
    .refine(isInstant, EXAM_MSG.dateInvalid)
    .transform((s) => new Date(s).toISOString());

/**
 * A datetime-local value ('2026-11-24T22:49', no offset) is read on the schedule's own clock
 * (its `timezone`, 'UTC' when absent); an unknown zone leaves it as it was, so it is refused.
 */
function zoneWallTimes(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const r = raw as Record<string, unknown>;
  const given = r.timezone === undefined || r.timezone === null || r.timezone === '' ? 'UTC' : r.timezone;
  if (typeof given !== 'string') return r;
  const timezone = normaliseTimeZone(given);
  const read = (v: unknown) => (isWallTime(v) ? (wallTimeInZone(v, timezone) ?? v) : v);
  return { ...r, timezone, startDate: read(r.startDate), endDate: read(r.endDate) };
}

const scheduleSchema = z.preprocess(
  zoneWallTimes,
  z.object({
    startDate: instant(EXAM_MSG.startRequired),
    endDate: instant(EXAM_MSG.endRequired),
    timezone: z.string().trim().default('UTC').refine(isValidTimeZone, EXAM_MSG.timezoneInvalid),
  }),
);

/** 'Computer Science', 'MATHEMATICS', 'computer_science' → the slug; anything else as given (then refused). */
export function subjectSlug(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const slug = value.trim().toLowerCase().replace(/[\s_]+/g, '-');
  return (SUBJECTS as readonly string[]).includes(slug) ? slug : value;
}

/** A subject as displayed or as its slug (both readings), answered as the slug. */
const subjectField = z.preprocess(
  subjectSlug,
  z.enum(SUBJECTS, { error: (iss) => (iss.input === undefined || (typeof iss.input === 'string' && iss.input.trim() === '') ? EXAM_MSG.subjectRequired : EXAM_MSG.subjectUnknown) }),
);

const gradeField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*(grade\s*)?\d+\s*$/i.test(v) ? Number(v.replace(/\D/g, '')) : v === '' ? undefined : v),
  z.number({ error: EXAM_MSG.gradeRequired }).int(EXAM_MSG.gradeInvalid).min(1, EXAM_MSG.gradeInvalid).max(12, EXAM_MSG.gradeInvalid),
);

const intField = (msg: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: msg }).int(msg));

/** Both readings of the schedule: `schedule {startDate, endDate, timezone}` or `startTime/endTime`. */
function liftSchedule(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const r = raw as Record<string, unknown>;
  if (r.schedule === undefined && (r.startTime !== undefined || r.endTime !== undefined)) {
    return { ...r, schedule: { startDate: r.startTime, endDate: r.endTime, timezone: r.timezone } };
  }
  return r;
}

const examFields = {
  title: z.string({ error: EXAM_MSG.titleTooShort }).trim().min(3, EXAM_MSG.titleTooShort).max(200),
  description: z.string({ error: EXAM_MSG.descriptionTooShort }).trim().min(10, EXAM_MSG.descriptionTooShort).max(5000),
  subject: subjectField,
  grade: gradeField,
  duration: intField(EXAM_MSG.durationTooShort).pipe(z.number().min(1, EXAM_MSG.durationTooShort).max(600, EXAM_MSG.durationTooLong)),
  passingMarks: intField(EXAM_MSG.passingMarksInvalid).pipe(z.number().min(0, EXAM_MSG.passingMarksInvalid).max(100, EXAM_MSG.passingMarksInvalid)),
  examType: z.enum(EXAM_TYPES, { error: EXAM_MSG.examTypeInvalid }).default('practice'),
  difficulty: z.enum(DIFFICULTIES, { error: EXAM_MSG.difficultyInvalid }).default('medium'),
  instructions: z.string().trim().max(10000).default(''),
  schedule: scheduleSchema,
  settings: examSettingsSchema,
  eligibleStudents: z.array(z.uuid(EXAM_MSG.eligibleStudentsInvalid)).max(2000).default([]),
  tags: z
    .array(z.string().trim().toLowerCase().min(1).max(40))
    .max(20)
    .default([])
    .transform((t) => [...new Set(t)]),
};

// Object-level checks run after a field's own refinement failed (zod skips them only when a
// field's type is wrong), so compare only dates that parsed.
const endAfterStart = (v: { schedule: { startDate: string; endDate: string } }, ctx: z.RefinementCtx) => {
  const { startDate, endDate } = v.schedule ?? {};
  if (isInstant(startDate) && isInstant(endDate) && Date.parse(endDate) <= Date.parse(startDate)) {
    ctx.addIssue({ code: 'custom', path: ['schedule', 'endDate'], message: EXAM_MSG.endBeforeStart });
  }
};

/** Grace for "start cannot be in the past": the form's now is a little older than the server's. */
export const START_IN_PAST_GRACE_MS = 5 * 60 * 1000;

const questionOption = z.union([
  z.string(),
  // fraction: a multiple-response option's credit (-1…1); ignored by the other types.
  z.object({ text: z.string(), isCorrect: z.boolean().optional(), fraction: z.unknown().optional() }),
]);

/** A question's tags: trimmed, lower case, each once. */
export const tagsField = z
  .array(z.string().trim().toLowerCase().min(1, EXAM_MSG.tagsInvalid).max(40, EXAM_MSG.tagsInvalid), { error: EXAM_MSG.tagsInvalid })
  .max(20, EXAM_MSG.tagsInvalid)
  .default([])
  .transform((t) => [...new Set(t)]);

const questionBase = z.object({
  text: z.string({ error: EXAM_MSG.questionTextTooShort }).trim().min(10, EXAM_MSG.questionTextTooShort).max(10000),
  type: z.preprocess((v) => (v === 'fill-blanks' ? 'fill-blank' : v), z.enum(QUESTION_TYPES, { error: EXAM_MSG.questionTypeInvalid })),
  subject: subjectField,
  topic: z.string().trim().max(100).default(''),
  difficulty: z.enum(DIFFICULTIES, { error: EXAM_MSG.difficultyInvalid }).default('medium'),
  points: intField(EXAM_MSG.pointsInvalid).pipe(z.number().min(1, EXAM_MSG.pointsInvalid).max(1000, EXAM_MSG.pointsInvalid)).default(1),
  options: z.array(questionOption).max(10).default([]),
  // null: what a form sends for an essay or fill-blank question with no key chosen yet.
  correctAnswer: z.union([z.string(), z.array(z.string())]).nullish(),
  sampleAnswer: z.string().trim().max(10000).default(''),
  explanation: z.string().trim().max(10000).default(''),
  // null: what GET answers for a question without a picture, sent back as it came.
  image: z
    .preprocess(
      (v) => (v === null ? '' : v),
      z
        .string()
        .trim()
        .max(2000)
        .refine((s) => s === '' || /^(https?:\/\/|\/)/.test(s), EXAM_MSG.imageUrlInvalid),
    )
    .default(''),
  tags: tagsField,
  /** Offered to every teacher of the school (read-only for all but its owner). */
  shared: z.boolean().default(false),
  numericAnswers: z.array(numericAnswerSchema, { error: EXAM_MSG.numericAnswerRequired }).max(20).default([]),
  shortAnswers: z.array(shortAnswerSchema, { error: EXAM_MSG.shortAnswerRequired }).max(50).default([]),
  caseSensitive: z.boolean().default(false),
  pairs: z.array(matchPairSchema, { error: EXAM_MSG.matchingPairsTooFew }).max(30).default([]),
  distractors: z.array(z.string().trim().max(1000)).max(20).default([]),
  // Essays only; its best levels add up to the question's points (shared/src/rubrics.ts).
  rubric: rubricSchema.nullish(),
});

export interface QuestionOptionValue {
  text: string;
  isCorrect: boolean;
  /** Multiple response: the option's credit, -1…1 (Moodle's fraction). */
  fraction?: number;
}

export interface QuestionInput extends QuestionScoring {
  text: string;
  type: QuestionType;
  subject: Subject;
  topic: string;
  difficulty: Difficulty;
  points: number;
  options: QuestionOptionValue[];
  /** MC/TF: the correct option's text; fill-blank: the first accepted answer; essay: ''. */
  correctAnswer: string;
  /** Fill-blank: every accepted answer (compared ignoring case and surrounding spaces). */
  acceptedAnswers: string[];
  sampleAnswer: string;
  explanation: string;
  image: string;
  tags: string[];
  shared: boolean;
  /** Essays only: the rubric a teacher marks it with, or null. */
  rubric: Rubric | null;
}

const FULL = 1 - 1e-6;

/**
 * The question rules, with the options normalised: blanks dropped, true/false fixed,
 * `isCorrect` and `correctAnswer` made to agree. `marks` is read as `points` (both readings).
 */
export const questionInputSchema = z.preprocess(
  (raw) => {
    if (raw && typeof raw === 'object') {
      const r = raw as Record<string, unknown>;
      return { ...r, text: r.text ?? r.question, points: r.points ?? r.marks };
    }
    return raw;
  },
  questionBase.transform((q, ctx): QuestionInput => {
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
      return z.NEVER;
    };
    const given = Array.isArray(q.correctAnswer) ? q.correctAnswer : q.correctAnswer === undefined || q.correctAnswer === null ? [] : [q.correctAnswer];
    const answers = given.map((a) => a.trim()).filter(Boolean);
    if (q.rubric && q.type !== 'essay') return fail('rubric', MARKING_MSG.rubricEssayOnly);
    if (q.rubric && rubricMaxPoints(q.rubric) !== q.points) return fail('rubric', MARKING_MSG.rubricPointsMismatch);
    const base = { ...q, ...EMPTY_SCORING, tags: q.tags, shared: q.shared, acceptedAnswers: [] as string[], rubric: q.rubric ?? null };
    const cleanOptions = () =>
      q.options
        .map((o) => (typeof o === 'string' ? { text: o.trim(), isCorrect: false, fraction: undefined } : { text: o.text.trim(), isCorrect: !!o.isCorrect, fraction: o.fraction }))
        .filter((o) => o.text !== '');
    if (q.type === 'multiple-response') {
      const options = cleanOptions();
      if (options.length < 2) return fail('options', EXAM_MSG.optionsTooFew);
      if (new Set(options.map((o) => o.text)).size !== options.length) return fail('options', EXAM_MSG.optionsDuplicate);
      // A credit per option; without one, the flagged options share full credit and the rest earn nothing.
      const flagged = options.filter((o) => o.isCorrect).length;
      const fractions = options.map((o) => (o.fraction === undefined || o.fraction === null || o.fraction === '' ? (o.isCorrect && flagged ? 1 / flagged : 0) : fractionField.safeParse(o.fraction).data));
      if (fractions.some((f) => f === undefined)) return fail('options', EXAM_MSG.creditInvalid);
      const positive = fractions.reduce((s: number, f) => s + Math.max(0, f!), 0);
      if (Math.abs(positive - 1) > 1e-3) return fail('options', EXAM_MSG.creditsMustTotal);
      const scored = options.map((o, i) => ({ text: o.text, isCorrect: fractions[i]! > 0, fraction: fractions[i]! }));
      return { ...base, options: scored, correctAnswer: JSON.stringify(scored.filter((o) => o.isCorrect).map((o) => o.text)) };
    }
    if (q.type === 'numerical') {
      if (!q.numericAnswers.some((a) => a.fraction >= FULL)) return fail('numericAnswers', EXAM_MSG.numericAnswerRequired);
      const best = q.numericAnswers.find((a) => a.fraction >= FULL)!;
      return { ...base, options: [], numericAnswers: q.numericAnswers, correctAnswer: String('value' in best ? best.value : `${best.min}..${best.max}`) };
    }
    if (q.type === 'short-answer') {
      const shortAnswers = q.shortAnswers.length ? q.shortAnswers : answers.map((text) => ({ text, fraction: 1 }));
      if (!shortAnswers.some((a) => a.fraction >= FULL)) return fail('shortAnswers', EXAM_MSG.shortAnswerRequired);
      const full = shortAnswers.filter((a) => a.fraction >= FULL).map((a) => a.text);
      return { ...base, options: [], shortAnswers, caseSensitive: q.caseSensitive, correctAnswer: full[0]!, acceptedAnswers: full };
    }
    if (q.type === 'matching') {
      if (q.pairs.length < 2) return fail('pairs', EXAM_MSG.matchingPairsTooFew);
      if (new Set(q.pairs.map((p) => p.stem)).size !== q.pairs.length) return fail('pairs', EXAM_MSG.matchingStemsDuplicate);
      const distractors = [...new Set(q.distractors.filter((d) => d !== '' && !q.pairs.some((p) => p.answer === d)))];
      return { ...base, options: [], pairs: q.pairs, distractors, correctAnswer: JSON.stringify(Object.fromEntries(q.pairs.map((p) => [p.stem, p.answer]))) };
    }
    if (q.type === 'essay') return { ...base, options: [], correctAnswer: '' };
    if (q.type === 'fill-blank') {
      // An explicit null key (as the documented creation payload allows) leaves the blank for the teacher to mark.
      if (q.correctAnswer === null) return { ...base, options: [], correctAnswer: '' };
      if (!answers.length) return fail('correctAnswer', EXAM_MSG.fillBlankAnswerRequired);
      return { ...base, options: [], correctAnswer: answers[0]!, acceptedAnswers: [...new Set(answers)] };
    }
    if (q.type === 'true-false') {
      const flagged = q.options.find((o) => typeof o === 'object' && o.isCorrect);
      const wanted = (answers[0] ?? (typeof flagged === 'object' ? flagged.text : '')).toLowerCase();
      const correct = TRUE_FALSE_OPTIONS.find((o) => o.toLowerCase() === wanted);
      if (!correct) return fail('correctAnswer', EXAM_MSG.invalidCorrectAnswer);
      return { ...base, options: TRUE_FALSE_OPTIONS.map((t) => ({ text: t, isCorrect: t === correct })), correctAnswer: correct };
    }
    const options = cleanOptions();
    if (options.length < 2) return fail('options', EXAM_MSG.optionsTooFew);
    if (new Set(options.map((o) => o.text)).size !== options.length) return fail('options', EXAM_MSG.optionsDuplicate);
    const correctText = answers[0] ?? options.find((o) => o.isCorrect)?.text;
    if (!correctText || !options.some((o) => o.text === correctText)) return fail('correctAnswer', EXAM_MSG.invalidCorrectAnswer);
    return { ...base, options: options.map((o) => ({ text: o.text, isCorrect: o.text === correctText })), correctAnswer: correctText };
  }),
);

/** POST /exams: the exam, plus (for the wizard's one transactional call) new and existing questions. */
/**
 * POST /exams/audience-zones: the time zones of the students an exam being scheduled is for (its
 * eligible list, else its grade), so the wizard shows what its start means on each student's clock.
 */
export const audienceZonesSchema = z.object({
  grade: gradeField.optional(),
  eligibleStudents: examFields.eligibleStudents,
});
export type AudienceZonesQuery = z.input<typeof audienceZonesSchema>;
/** One zone the audience's students read times in (their settings' zone), with how many of them. */
export interface AudienceZone {
  timezone: string;
  students: number;
}

export const examCreateSchema = z.preprocess(
  liftSchedule,
  z
    .object({
      ...examFields,
      isPublished: z.boolean().default(false),
      questions: z.array(questionInputSchema).max(200).default([]),
      questionIds: z.array(z.uuid()).max(200).default([]),
    })
    .superRefine(endAfterStart)
    .superRefine((v, ctx) => {
      const start = v.schedule?.startDate;
      if (isInstant(start) && Date.parse(start) < Date.now() - START_IN_PAST_GRACE_MS) {
        ctx.addIssue({ code: 'custom', path: ['schedule', 'startDate'], message: EXAM_MSG.startInPast });
      }
      if (v.isPublished && v.questions.length + v.questionIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['isPublished'], message: EXAM_MSG.publishNeedsQuestion });
      }
    }),
);
export type ExamCreateInput = z.output<typeof examCreateSchema>;

/** PUT /exams/{id}: the whole exam again (the edit form), end after start, start may be past. */
export const examUpdateSchema = z.preprocess(liftSchedule, z.object(examFields).superRefine(endAfterStart));
export type ExamUpdateInput = z.output<typeof examUpdateSchema>;

export const addQuestionsSchema = z.object({
  questionIds: z.array(z.uuid()).min(1, EXAM_MSG.selectAtLeastOneQuestion).max(200),
});

const pageField = pageQueryField;
const limitField = limitQueryField;
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), z.enum(values).optional());
const optionalSubject = z.preprocess((v) => (v === '' || v === 'all' ? undefined : subjectSlug(v)), z.enum(SUBJECTS, { error: EXAM_MSG.subjectUnknown }).optional());

/**
 * The time statuses, and the admin statuses (Active = published and active,
 * Published = published but not active, Draft = otherwise). 'past' reads as completed.
 */
export const EXAM_STATUS_FILTERS = ['upcoming', 'ongoing', 'completed', 'active', 'published', 'draft'] as const;
export type ExamStatusFilter = (typeof EXAM_STATUS_FILTERS)[number];
export const EXAM_SORTS = ['startTime', 'title', 'subject', 'duration', 'createdAt'] as const;

export const examListQuerySchema = z.object({
  page: pageField,
  limit: limitField(10, 100),
  sort: z
    .preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^-?(startTime|title|subject|duration|createdAt)$/, messages.validation.sortUnknown).optional())
    .default('-startTime'),
  subject: optionalSubject,
  grade: z.preprocess((v) => (v === '' || v === 'all' ? undefined : v), gradeField.optional()),
  difficulty: optionalEnum(DIFFICULTIES),
  status: z.preprocess((v) => (v === 'past' ? 'completed' : v), optionalEnum(EXAM_STATUS_FILTERS)),
  search: z.string().trim().max(100).optional(),
  published: z.enum(['true', 'false']).optional(),
});
export type ExamListQuery = z.output<typeof examListQuerySchema>;

export const questionListQuerySchema = z.object({
  page: pageField,
  limit: limitField(20, 100),
  subject: optionalSubject,
  type: z.preprocess((v) => (v === 'fill-blanks' ? 'fill-blank' : v), optionalEnum(QUESTION_TYPES)),
  difficulty: optionalEnum(DIFFICULTIES),
  topic: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
  tag: z.string().trim().toLowerCase().max(40).optional(),
  /** mine: the viewer's own; shared: what other teachers share; all (default): both. */
  scope: optionalEnum(['mine', 'shared'] as const),
  /** The Add Questions modal: leave out what this exam already holds. */
  excludeExam: z.uuid().optional(),
});
export type QuestionListQuery = z.output<typeof questionListQuerySchema>;
