import {
  SUBMIT_REASONS,
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
  violations: z.object({ tabSwitches: z.number(), fullscreenExits: z.number(), other: z.number() }),
  pendingSaves: z.number().nullable(),
  lastSaveAt: iso,
  lastEventAt: iso,
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
