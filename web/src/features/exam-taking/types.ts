import {
  accommodationViewSchema,
  attemptBreakEventSchema,
  breakStateSchema,
  PROCTORING_DEFAULTS,
  profileShape,
  QUESTION_TYPES,
  SUBMIT_REASONS,
  type Attempt,
  type AttemptReinstatedEvent,
  type AttemptSubmittedEvent,
  type AttemptTime,
  type ExamAttemptsOfViewer,
  type JoinData,
  type ProctorMessageEvent,
  type SebLinks,
  type StudentQuestion,
  type SubmitReason,
  type ViolationAck,
  type ViolationType,
} from '@exam/shared';
import { z } from 'zod';

/**
 * What the taking screen reads from the server, parsed rather than trusted: a payload of the
 * wrong shape becomes a clear error instead of a broken exam half-way through. The shapes are the
 * shared ones (`@exam/shared`); these readers take the fields the screen uses, with its defaults.
 */

const proctoringSchema = z.object({
  enabled: z.boolean().default(false),
  preventTabSwitching: z.boolean().default(true),
  requireFullscreen: z.boolean().default(true),
  disableRightClick: z.boolean().default(true),
  preventCopyPaste: z.boolean().default(true),
  enableCamera: z.boolean().default(false),
  enableMicrophone: z.boolean().default(false),
  // The exam's own allowances; an exam stored without them is held to the long-standing ones.
  tabSwitchesAllowed: z.number().int().optional(),
  fullscreenExitsAllowed: z.number().int().optional(),
  // The checks on the device (issue 58); an exam stored before them reads as none.
  ...profileShape,
});
export type Proctoring = z.infer<typeof proctoringSchema>;

const userAttemptsSchema = z.object({
  hasAttempted: z.boolean(),
  attemptCount: z.number(),
  nextAttemptNumber: z.number(),
  inProgress: z.boolean().optional(),
  lastSubmissionId: z.string().nullable().optional(),
}) satisfies z.ZodType<ExamAttemptsOfViewer>;

export const examInfoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subject: z.string().default(''),
  description: z.string().default(''),
  instructions: z.string().default(''),
  duration: z.number(),
  totalQuestions: z.number().default(0),
  totalMarks: z.number().default(0),
  isPublished: z.boolean().default(true),
  schedule: z.object({ startDate: z.string(), endDate: z.string() }),
  settings: z.object({
    allowMultipleAttempts: z.boolean().default(false),
    maxAttempts: z.number().default(1),
    // Loaded at all, such an exam is sat in Safe Exam Browser: the server refuses any other browser (docs/seb.md).
    requireSeb: z.boolean().optional(),
    proctoring: proctoringSchema.default(PROCTORING_DEFAULTS),
  }),
  userAttempts: userAttemptsSchema.nullable().optional(),
});
export type ExamInfo = z.infer<typeof examInfoSchema>;

export const takingQuestionSchema = z.object({
  _id: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  points: z.number().default(1),
  options: z.array(z.string()).default([]),
  /** Matching: the stems, each given one of the options. */
  stems: z.array(z.string()).optional(),
  image: z.string().nullable().default(null),
}) satisfies z.ZodType<Pick<StudentQuestion, '_id' | 'text' | 'type' | 'points' | 'options' | 'stems' | 'image'>>;
export type TakingQuestion = z.infer<typeof takingQuestionSchema>;

export const joinDataSchema = z.object({
  attemptId: z.string(),
  status: z.enum(['in_progress', 'submitted', 'graded']),
  serverNow: z.string(),
  deadlineAt: z.string(),
  answers: z.record(z.string(), z.string().nullable()),
  seqs: z.record(z.string(), z.number()),
  // The student's accommodation (issue 56): the screen's display modes; an older server sends none.
  accommodation: accommodationViewSchema.nullable().optional().catch(null),
  // The attempt's rest breaks; an older server sends none, and a malformed one reads as none rather than a broken exam.
  break: breakStateSchema.nullable().optional().catch(null),
}) satisfies z.ZodType<JoinData>;

export const attemptTimeSchema = z.object({ serverNow: z.string(), deadlineAt: z.string() }) satisfies z.ZodType<AttemptTime>;
export const proctorMessageSchema = z.object({ text: z.string().min(1), at: z.string().catch(() => new Date().toISOString()) }) satisfies z.ZodType<ProctorMessageEvent>;
export const attemptReinstatedSchema = z.object({ attemptId: z.string() }) satisfies z.ZodType<AttemptReinstatedEvent>;
export const attemptBreakSchema = attemptBreakEventSchema.extend({ attemptId: z.string() });
export const attemptAccommodationSchema = z.object({ attemptId: z.string(), accommodation: accommodationViewSchema.nullable() });
export const attemptSubmittedSchema = z.object({ attemptId: z.string(), reason: z.enum(SUBMIT_REASONS).nullable().catch(null) }) satisfies z.ZodType<AttemptSubmittedEvent>;

/** GET /exams/{id}: the exam, and for a student with an attempt in progress, that attempt. */
export const examDetailSchema = z.object({
  exam: examInfoSchema,
  attemptId: z.string().optional(),
});

/** POST /exams/{id}/start (starts or resumes). */
export const startResponseSchema = z.object({
  submission: z.object({ _id: z.string(), startedAt: z.string(), deadlineAt: z.string() }) satisfies z.ZodType<Pick<Attempt, '_id' | 'startedAt' | 'deadlineAt'>>,
  questions: z.array(takingQuestionSchema),
  session: joinDataSchema,
});

export interface LoadedExam {
  exam: ExamInfo;
  /** Set when the student already has an attempt in progress: the button reads 'Resume Exam'. */
  attemptInProgress: boolean;
}

export interface StartedAttempt {
  attemptId: string;
  startedAt: number;
  questions: TakingQuestion[];
  session: JoinData;
  /** Client clock around the call, to correct the server clock offset by half the round trip. */
  sentAt: number;
  receivedAt: number;
  /** The server's word on it, in the reader's language ('Exam started successfully!', 'Exam resumed'). */
  message?: string;
}

/** One unacknowledged save, as kept in memory and in the IndexedDB outbox. */
export interface PendingSave {
  questionId: string;
  answer: string | null;
  seq: number;
  /** When it was made, relative to the others: replays go in this order. */
  order: number;
}

export interface RestoredLocal {
  pending: PendingSave[];
  marked: string[];
  current: number;
  /** False when IndexedDB refused: answers then live only in this tab until they are acked. */
  outboxAvailable: boolean;
}

export type LoadFailureKind = 'not-found' | 'forbidden' | 'seb-required' | 'network' | 'session' | 'other';
export interface LoadFailure {
  kind: LoadFailureKind;
  message: string;
  /** seb-required: where the exam's Safe Exam Browser file is. */
  seb?: SebLinks;
}

export type ViolationCounts = ViolationAck['counts'];

export interface Warning {
  violationType: ViolationType;
  counts: ViolationCounts;
  /** Increments with every warning so the same text can be announced again. */
  id: number;
}

export interface SubmitOutcome {
  submissionId: string;
  reason: SubmitReason | null;
}

/** A failure whose message is already the text to show (the real actors translate ApiErrors into these). */
export class TakingError extends Error {
  constructor(
    readonly kind: LoadFailureKind,
    message: string,
    readonly seb?: SebLinks,
  ) {
    super(message);
    this.name = 'TakingError';
  }
}
