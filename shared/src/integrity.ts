import { z } from 'zod';
import messages from './locales/en/messages.json' with { type: 'json' };
import { SECTIONS } from './constants';
import { SUBMIT_REASONS, VIOLATION_TYPES } from './session';
import { isoTime } from './wireTime';

/**
 * The integrity review after the exam (issue 53): an attempt's timeline of what the server knows,
 * reviewers' decisions on its flags, the review queue, the outcome of a confirmed attempt, and the
 * teachers who share an exam's hall. No suspicion score anywhere: counts, facts and decisions.
 */
const uuid = z.uuid();

/** The review's refusals (catalogue section "integrity"). */
export const INTEGRITY_MSG = messages.integrity;

/** Derived from the flags' latest decisions: any confirmed → confirmed; else any undecided → needs_review; else clear. */
export const INTEGRITY_STATES = ['clear', 'needs_review', 'confirmed'] as const;
export type IntegrityState = (typeof INTEGRITY_STATES)[number];

/** What happens to a confirmed attempt's result: the school's default (admin settings), chosen per attempt by a reviewer. */
export const INTEGRITY_OUTCOMES = ['keep', 'zero', 'withhold'] as const;
export type IntegrityOutcome = (typeof INTEGRITY_OUTCOMES)[number];

export const FLAG_DECISIONS = ['confirm', 'dismiss'] as const;
export type FlagDecisionKind = (typeof FLAG_DECISIONS)[number];

/**
 * Why a student or parent does not see a result that otherwise would be out:
 * `under_review` (flags undecided, or confirmed with no outcome yet, or an automatic end not yet
 * reviewed), `withheld` (a confirmed attempt whose outcome is to withhold it).
 */
export const RESULT_HOLDS = ['under_review', 'withheld'] as const;
export type ResultHold = (typeof RESULT_HOLDS)[number];

const person = z.object({ id: uuid.nullable(), name: z.string() });

export const flagDecisionSchema = z.object({
  id: z.string().describe('The decision’s own id (bigint as text)'),
  decision: z.enum(FLAG_DECISIONS),
  note: z.string().nullable(),
  by: person.nullable(),
  at: isoTime,
});
export type FlagDecision = z.infer<typeof flagDecisionSchema>;

/** One violation or device flag of an attempt, with its evidence and every decision on it (oldest first; the last one stands). */
export const reviewFlagSchema = z.object({
  eventId: z.string().describe('The attempt_events id of the violation (bigint as text)'),
  kind: z.enum(VIOLATION_TYPES),
  at: isoTime,
  confidence: z.number().optional(),
  durationMs: z.number().int().optional(),
  evidenceIds: z.array(uuid).describe('Pictures kept for this flag: GET /api/evidence/:id'),
  decision: z.enum(FLAG_DECISIONS).nullable().describe('The standing decision, null while undecided'),
  history: z.array(flagDecisionSchema),
});
export type ReviewFlag = z.infer<typeof reviewFlagSchema>;

export const TIMELINE_KINDS = [
  'started',
  'joined',
  'reconnected',
  'saves',
  'violation',
  'message',
  'extended',
  'force-submitted',
  'reinstated',
  'submitted',
  'flag-decision',
  'outcome',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/**
 * One line of the timeline, in server time order. `saves` groups consecutive saves of one
 * question (count, first and last `at`..`until`). `detail` carries the kind's facts:
 * reconnected { offlineMs, since, cause? } (cause: an OfflineCause, absent when unknown),
 * saves { questionId, questionNumber, count, until },
 * violation { eventId, kind, confidence?, durationMs?, evidenceIds, decision },
 * message { text, to }, extended { minutes }, submitted { reason }, flag-decision { eventId,
 * decision, note }, outcome { outcome, note }.
 */
export const timelineEntrySchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  at: isoTime,
  by: person.nullable().describe('Who did it, for actions of staff (and the student for their own)'),
  detail: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Server-measured time per question: the time from the previous save (or the start) to each save of it, summed. */
export const questionTimeSchema = z.object({
  questionId: uuid,
  number: z.number().int().describe('Its place in the exam, from 1'),
  saves: z.number().int(),
  timeMs: z.number().int(),
  firstSavedAt: isoTime.nullable(),
  lastSavedAt: isoTime.nullable(),
});
export type QuestionTime = z.infer<typeof questionTimeSchema>;

/** One decision on a confirmed attempt's outcome (oldest first; the last one stands). */
export const outcomeEntrySchema = z.object({ outcome: z.enum(INTEGRITY_OUTCOMES), note: z.string().nullable(), by: person.nullable(), at: isoTime });
export type OutcomeEntry = z.infer<typeof outcomeEntrySchema>;

export const attemptTimelineSchema = z.object({
  attempt: z.object({
    id: uuid,
    examId: uuid,
    examTitle: z.string(),
    student: z.object({ id: uuid, name: z.string(), section: z.enum(SECTIONS).nullable() }),
    status: z.string(),
    startedAt: isoTime,
    submittedAt: isoTime.nullable(),
    submitReason: z.enum(SUBMIT_REASONS).nullable(),
    integrityState: z.enum(INTEGRITY_STATES),
    outcome: z.enum(INTEGRITY_OUTCOMES).nullable(),
    hold: z.enum(RESULT_HOLDS).nullable().optional().describe('Why the student and parents do not see the result, when they do not'),
  }),
  mayReview: z.boolean().optional().describe('Whether the reader may decide on flags and the outcome (false for a proctor who does not review, and for the student)'),
  counts: z.object({
    flags: z.number().int(),
    undecided: z.number().int(),
    confirmed: z.number().int(),
    dismissed: z.number().int(),
    reconnects: z.number().int(),
    offlineMs: z.number().int(),
    saves: z.number().int(),
    messages: z.number().int(),
  }),
  entries: z.array(timelineEntrySchema),
  flags: z.array(reviewFlagSchema),
  questions: z.array(questionTimeSchema),
  outcomeHistory: z.array(outcomeEntrySchema),
});
export type AttemptTimeline = z.infer<typeof attemptTimelineSchema>;

const note = z.string({ error: INTEGRITY_MSG.noteTooLong }).trim().max(1000, INTEGRITY_MSG.noteTooLong).optional();

export const flagDecisionInputSchema = z.object({
  decision: z.enum(FLAG_DECISIONS, { error: INTEGRITY_MSG.decisionUnknown }),
  note,
});
export type FlagDecisionInput = z.infer<typeof flagDecisionInputSchema>;

export const outcomeInputSchema = z.object({
  outcome: z.enum(INTEGRITY_OUTCOMES, { error: INTEGRITY_MSG.outcomeUnknown }),
  note,
});
export type OutcomeInput = z.infer<typeof outcomeInputSchema>;

/** What a decision on a flag answers: the flag with its whole history, and where the attempt now stands. */
export const flagDecisionResultSchema = z.object({
  flag: reviewFlagSchema,
  integrityState: z.enum(INTEGRITY_STATES),
  outcome: z.enum(INTEGRITY_OUTCOMES).nullable(),
  hold: z.enum(RESULT_HOLDS).nullable(),
});
export type FlagDecisionResult = z.infer<typeof flagDecisionResultSchema>;

/** What deciding an outcome answers: the attempt's state, the outcome standing, its history and any hold. */
export const outcomeResultSchema = z.object({
  integrityState: z.enum(INTEGRITY_STATES),
  outcome: z.enum(INTEGRITY_OUTCOMES),
  hold: z.enum(RESULT_HOLDS).nullable(),
  history: z.array(outcomeEntrySchema),
});
export type OutcomeResult = z.infer<typeof outcomeResultSchema>;

/** One attempt in an exam's review queue: attempts with undecided flags first (most first), then the rest. */
export const reviewQueueItemSchema = z.object({
  attemptId: uuid,
  student: z.object({ id: uuid, name: z.string(), section: z.enum(SECTIONS).nullable() }),
  status: z.string(),
  submitReason: z.enum(SUBMIT_REASONS).nullable(),
  integrityState: z.enum(INTEGRITY_STATES),
  outcome: z.enum(INTEGRITY_OUTCOMES).nullable(),
  flags: z.number().int(),
  undecided: z.number().int(),
  confirmed: z.number().int(),
  hold: z.enum(RESULT_HOLDS).nullable().describe('Why students and parents do not see the result, when they do not'),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueQuerySchema = z.object({
  state: z.enum(INTEGRITY_STATES).optional(),
  // 'true' / 'false' as a query string says them (a plain coercion would read 'false' as true).
  mine: z.stringbool().optional().describe('Only the students of the reviewer’s part of the hall'),
});
export type ReviewQueueQuery = z.infer<typeof reviewQueueQuerySchema>;

export const reviewQueueSchema = z.object({
  exam: z.object({
    id: uuid,
    title: z.string(),
    waitsForReview: z.boolean(),
    defaultOutcome: z
      .enum(INTEGRITY_OUTCOMES)
      .optional()
      .describe('The school’s outcome for a confirmed attempt (admin settings), which a reviewer’s choice starts from'),
  }),
  summary: z.object({ attempts: z.number().int(), clear: z.number().int(), needsReview: z.number().int(), confirmed: z.number().int(), held: z.number().int() }),
  items: z.array(reviewQueueItemSchema),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

/** A teacher who shares an exam's hall: proctors and/or reviews, over their part (sections, students; none: the whole hall). */
export const examStaffInputSchema = z.object({
  userId: uuid,
  proctors: z.boolean().default(true),
  reviews: z.boolean().default(true),
  // Marks the exam's answers beside its owner (issue 55): the whole exam, whatever part of the hall is given.
  marks: z.boolean().default(false),
  sections: z.array(z.enum(SECTIONS)).max(SECTIONS.length).default([]),
  studentIds: z.array(uuid).max(5000).default([]),
});
export type ExamStaffInput = z.infer<typeof examStaffInputSchema>;

export const examStaffMemberSchema = z.object({
  userId: uuid,
  name: z.string(),
  email: z.string(),
  proctors: z.boolean(),
  reviews: z.boolean(),
  marks: z.boolean(),
  sections: z.array(z.enum(SECTIONS)),
  studentIds: z.array(uuid),
  addedAt: isoTime,
});
export type ExamStaffMember = z.infer<typeof examStaffMemberSchema>;
