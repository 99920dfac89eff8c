import {
  accommodationViewSchema,
  breakStateSchema,
  HELP_STATUSES,
  SECTIONS,
  SUBMIT_REASONS,
  WAIVABLE_CHECKS,
  type ProctorEvent,
  type ProctorHealthEvent,
  type ProctorProgressEvent,
  type ProctorRow,
  type ProctorSnapshotEvent,
  type ProctorWatchData,
  type WatchedExam,
} from '@exam/shared';
import { z } from 'zod';

/**
 * What the board reads from the socket, parsed rather than trusted (a bad message is dropped, not
 * rendered). The shapes are the shared ones (`@exam/shared` liveEvents); these readers only add
 * the board's leniency: ids and times are taken as any string, and a field the board can do
 * without falls back instead of dropping the message.
 */

const iso = z.string().nullable();

export const proctorRowSchema = z.object({
  attemptId: z.string().nullable(),
  student: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), avatar: z.string().nullable().default(null) }),
  status: z.enum(['not-started', 'in_progress', 'submitted', 'graded']),
  submitReason: z.enum(SUBMIT_REASONS).nullable().catch(null),
  online: z.boolean(),
  lastSeenAt: iso,
  answered: z.number(),
  total: z.number(),
  deadlineAt: iso,
  extraMinutes: z.number().default(0),
  violations: z.object({ tabSwitches: z.number(), fullscreenExits: z.number(), other: z.number(), flags: z.number().optional() }),
  pendingSaves: z.number().nullable(),
  lastSaveAt: iso,
  lastEventAt: iso,
  // The student's section, for the proctor's part of a shared hall; an older server sends none.
  section: z.enum(SECTIONS).nullable().optional().catch(null),
  // Sat in Safe Exam Browser; an older server sends nothing.
  inSeb: z.boolean().optional().catch(undefined),
  // What the student is given (issue 56); an older server sends nothing, a malformed one is no badge rather than no board.
  accommodation: accommodationViewSchema.nullable().optional().catch(null),
  // Rest breaks (issue 56): an older server sends nothing; a malformed one shows no break rather than no board.
  break: breakStateSchema.nullable().optional().catch(null),
}) satisfies z.ZodType<ProctorRow>;

export const watchedExamSchema = z.object({
  _id: z.string(),
  title: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  duration: z.number(),
  totalQuestions: z.number(),
}) satisfies z.ZodType<WatchedExam>;

/** The acknowledgement of `proctor:watch`: the snapshot's rows came before it, in `proctor:snapshot` pages. */
export const watchDataSchema = z.object({
  snapshotId: z.string(),
  total: z.number(),
  serverNow: z.string(),
  exam: watchedExamSchema,
  /** The watcher's part of a shared hall; null or absent: the whole hall. */
  part: z
    .object({ sections: z.array(z.enum(SECTIONS)), studentIds: z.array(z.string()) })
    .nullable()
    .optional()
    .catch(null),
}) satisfies z.ZodType<ProctorWatchData>;

export const snapshotPageSchema = z.object({
  examId: z.string(),
  snapshotId: z.string(),
  students: z.array(proctorRowSchema),
}) satisfies z.ZodType<ProctorSnapshotEvent>;

export const proctorEventSchema = z.object({
  attemptId: z.string(),
  studentId: z.string(),
  type: z.string(),
  at: z.string(),
  detail: z.record(z.string(), z.unknown()).catch({}),
}) satisfies z.ZodType<ProctorEvent>;

/** The board keeps the answered counts; the message's own time is not used. */
export const progressSchema = z.object({
  examId: z.string(),
  students: z.array(z.object({ attemptId: z.string(), studentId: z.string(), answered: z.number(), total: z.number(), lastSaveAt: iso })),
}) satisfies z.ZodType<Pick<ProctorProgressEvent, 'examId' | 'students'>>;

export const healthSchema = z.object({ attemptId: z.string(), pending: z.number() }) satisfies z.ZodType<Pick<ProctorHealthEvent, 'attemptId' | 'pending'>>;

export const timelineEntrySchema = z.object({
  type: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable().catch({}),
  at: z.string(),
  clientAt: z.string().nullable().optional(),
  by: z.object({ name: z.string(), role: z.string().nullable() }).nullable().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/**
 * A list the REST API sends either bare or inside its envelope's data under one key
 * (`{ events: [...] }`): the board reads both, so it does not break on the envelope's shape.
 */
export function listIn(data: unknown, key: string): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object' && Array.isArray((data as Record<string, unknown>)[key])) return (data as Record<string, unknown[]>)[key]!;
  return [];
}

/** Reads each entry on its own: one unreadable entry is dropped, not the whole list. */
export function readEach<T>(items: unknown[], schema: z.ZodType<T>): T[] {
  const out: T[] = [];
  for (const item of items) {
    const parsed = schema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/** One row of GET /exams/:id/proctor-feed: a stored event, newest first, with its row id. */
export const historyEventSchema = proctorEventSchema.extend({
  id: z.union([z.string(), z.number()]).optional(),
  at: z.string().optional(),
  createdAt: z.string().optional(),
}).transform((e) => ({ attemptId: e.attemptId, studentId: e.studentId, type: e.type, at: e.at ?? e.createdAt ?? '', detail: e.detail }));

const check = z.enum(WAIVABLE_CHECKS);
/** `proctor:waiver`, and one entry of GET /exams/:id/waivers (stored waivers are granted). */
export const waiverSchema = z.object({
  studentId: z.string(),
  check,
  reason: z.string().nullable().optional().transform((r) => r ?? null),
  granted: z.boolean().default(true),
  /** Who decided (the live event names them). */
  byName: z.string().optional(),
});
export type WaiverChange = z.output<typeof waiverSchema>;

/** `proctor:help`, and one entry of GET /exams/:id/help. */
export const helpRequestSchema = z
  .object({
    id: z.string(),
    studentId: z.string(),
    check,
    note: z.string().nullable().optional(),
    at: z.string().optional(),
    createdAt: z.string().optional(),
    status: z.enum(HELP_STATUSES).default('open'),
    /** Who resolved it (the live event of a resolved request names them). */
    byName: z.string().optional(),
  })
  .transform((h) => ({
    id: h.id,
    studentId: h.studentId,
    check: h.check,
    note: h.note ?? null,
    at: h.at ?? h.createdAt ?? '',
    status: h.status,
    ...(h.byName ? { byName: h.byName } : {}),
  }));
export type HelpRequest = z.output<typeof helpRequestSchema>;

/** One entry of GET /attempts/:attemptId/evidence. */
export const evidenceEntrySchema = z.object({
  id: z.string(),
  flagId: z.string().nullable().optional(),
  kind: z.string().optional(),
  source: z.enum(['camera', 'screen']).catch('camera'),
  createdAt: z.string().optional(),
});
export type EvidenceEntry = z.infer<typeof evidenceEntrySchema>;
