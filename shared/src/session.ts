import { z } from 'zod';

/** The live exam session's contract (ARCHITECTURE "The live exam session"), shared by both sides. */
export const VIOLATION_TYPES = ['tab-switch', 'fullscreen-exit', 'copy', 'paste', 'right-click', 'blocked-key'] as const;
export type ViolationType = (typeof VIOLATION_TYPES)[number];
export const SUBMIT_REASONS = ['student', 'time-expired', 'violations', 'proctor'] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];

/** The attempt is submitted on the event that takes tab switches above 3 or fullscreen exits above 2. */
export const TAB_SWITCH_LIMIT = 3;
export const FULLSCREEN_EXIT_LIMIT = 2;
/**
 * Saves in flight when the deadline passes are still taken for this long; the sweeper submits
 * right after, so every attempt is closed within about 1.5 s of its deadline.
 */
export const SAVE_GRACE_MS = 1000;
export const MAX_ANSWER_LENGTH = 20000;

export const SOCKET_EVENTS = {
  join: 'attempt:join',
  save: 'answer:save',
  violation: 'violation',
  submit: 'attempt:submit',
  time: 'attempt:time',
  submitted: 'attempt:submitted',
} as const;

export const SESSION_MSG = {
  attemptClosed: 'This attempt is closed: the time is over or it was submitted.',
  notOngoing: 'This exam is not open right now.',
  alreadyAttempted: 'You have already attempted this exam.',
  maxAttempts: 'You have used all your attempts for this exam.',
  noQuestions: 'This exam has no questions yet.',
  notYourAttempt: 'This attempt is not yours.',
  attemptNotFound: 'Attempt not found.',
  questionNotInAttempt: 'This question is not part of your exam.',
  noAttempt: 'You have not started this exam.',
  timeExpired: 'Time expired',
} as const;

const id = z.uuid('A valid id is required');
/** An answer is the chosen option's text, the typed text, or null to clear it. */
const answerValue = z.string().max(MAX_ANSWER_LENGTH, `An answer can be at most ${MAX_ANSWER_LENGTH} characters`).nullable();

export const attemptJoinSchema = z.object({ attemptId: id });
export const answerSaveSchema = z.object({
  attemptId: id,
  questionId: id,
  answer: answerValue,
  seq: z.number().int().min(1).max(2_000_000_000),
});
export type AnswerSave = z.infer<typeof answerSaveSchema>;
export const violationSchema = z.object({
  attemptId: id,
  type: z.enum(VIOLATION_TYPES),
  at: z.union([z.number(), z.string()]).optional(),
});
export const attemptSubmitSchema = z.object({ attemptId: id });

// REST readings of the same calls (spec core §7).
export const startAttemptSchema = z.object({ examId: id });
export const restAnswerSchema = z.object({
  submissionId: id,
  questionId: id,
  answer: z.preprocess((v) => (v === undefined ? null : v), answerValue),
  timeTaken: z.number().min(0).optional(),
  seq: z.number().int().min(1).optional(),
});
export const restSubmitSchema = z.object({ submissionId: id });
export const submitExamSchema = z.object({
  examId: id,
  answers: z
    .union([
      z.record(z.string(), answerValue),
      z.array(z.object({ questionId: z.string(), answer: answerValue.optional(), userAnswer: answerValue.optional() })),
    ])
    .default({}),
  timeSpent: z.number().min(0).max(1e7).optional(),
  securityFlags: z
    .object({ tabSwitches: z.number().int().min(0).optional(), fullscreenExited: z.number().int().min(0).optional(), warningsReceived: z.number().int().min(0).optional() })
    .partial()
    .optional(),
});

export interface AttemptTime {
  serverNow: string;
  deadlineAt: string;
}

export interface JoinData extends AttemptTime {
  attemptId: string;
  status: 'in_progress' | 'submitted' | 'graded';
  answers: Record<string, string | null>;
  seqs: Record<string, number>;
}

export type Ack<T extends object = object> = ({ ok: true } & T) | { ok: false; code: string; message: string };
