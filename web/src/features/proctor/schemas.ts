import { SUBMIT_REASONS, type ProctorRow } from '@exam/shared';
import { z } from 'zod';

/** What the board reads from the socket, parsed rather than trusted (a bad message is dropped, not rendered). */

const iso = z.string().nullable();

export const proctorRowSchema = z.object({
  attemptId: z.string().nullable(),
  student: z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), avatar: z.string().nullable().optional() }),
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
});

/** The acknowledgement of `proctor:watch`: the snapshot's rows came before it, in `proctor:snapshot` pages. */
export const watchDataSchema = z.object({
  snapshotId: z.string(),
  total: z.number(),
  serverNow: z.string(),
  exam: watchedExamSchema,
});

export const snapshotPageSchema = z.object({
  examId: z.string(),
  snapshotId: z.string(),
  students: z.array(proctorRowSchema),
});

export const proctorEventSchema = z.object({
  attemptId: z.string(),
  studentId: z.string(),
  type: z.string(),
  at: z.string(),
  detail: z.record(z.string(), z.unknown()).catch({}),
});

export const progressSchema = z.object({
  examId: z.string(),
  students: z.array(z.object({ attemptId: z.string(), studentId: z.string(), answered: z.number(), total: z.number(), lastSaveAt: iso })),
});

export const healthSchema = z.object({ attemptId: z.string(), pending: z.number() });

export const timelineEntrySchema = z.object({
  type: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable().catch({}),
  at: z.string(),
  clientAt: z.string().nullable().optional(),
  by: z.object({ name: z.string(), role: z.string().nullable() }).nullable().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;
