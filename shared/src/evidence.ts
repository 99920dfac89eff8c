import { z } from 'zod';
import { proctorEventSchema } from './liveEvents';
import { DEVICE_FLAGS, HELP_STATUSES, MEDIA_SOURCES, PROCTORING_MSG, WAIVABLE_CHECKS } from './proctoring';
import { isoTime } from './wireTime';

/**
 * The REST side of proctoring that sees (issue 58): evidence pictures, waivers, help requests and
 * the proctor feed's history. The socket side lives in session.ts and liveEvents.ts.
 */
const uuid = z.uuid();
const check = z.enum(WAIVABLE_CHECKS, { error: PROCTORING_MSG.waiverCheckUnknown });

/** The text fields sent with an evidence picture (multipart, beside the `picture` file). */
export const evidenceUploadSchema = z.object({
  flagId: uuid.describe('The flag the picture was taken for (the violation event carried the same id)'),
  kind: z.enum(DEVICE_FLAGS),
  source: z.enum(MEDIA_SOURCES).default('camera'),
});
export type EvidenceUpload = z.infer<typeof evidenceUploadSchema>;

export const evidenceItemSchema = z.object({
  id: uuid,
  attemptId: uuid,
  flagId: uuid,
  kind: z.enum(DEVICE_FLAGS),
  source: z.enum(MEDIA_SOURCES),
  size: z.number().int(),
  createdAt: isoTime,
  expiresAt: isoTime.describe('When the retention job deletes it'),
});
export type EvidenceItem = z.infer<typeof evidenceItemSchema>;

/** The most pictures one attempt may keep, and the shortest gap between two of one source. */
export const MAX_EVIDENCE_PER_ATTEMPT = 100;
export const EVIDENCE_GAP_MS = 2000;

export const waiverInputSchema = z.object({
  reason: z.string().trim().max(200).optional().describe('Why, for the other proctors (a screen reader in use, no camera at home)'),
});
export type WaiverInput = z.infer<typeof waiverInputSchema>;
export const waiverParamsSchema = z.object({ studentId: uuid, check });

export const waiverSchema = z.object({
  studentId: uuid,
  check: z.enum(WAIVABLE_CHECKS),
  reason: z.string().nullable(),
  grantedBy: uuid.nullable(),
  createdAt: isoTime,
});
export type Waiver = z.infer<typeof waiverSchema>;

export const helpRequestInputSchema = z.object({
  check,
  note: z.string().trim().max(300, PROCTORING_MSG.helpNoteTooLong).optional(),
});
export type HelpRequestInput = z.infer<typeof helpRequestInputSchema>;
export const helpListQuerySchema = z.object({ status: z.enum(HELP_STATUSES).optional() });

export const helpRequestSchema = z.object({
  id: uuid,
  examId: uuid,
  studentId: uuid,
  student: z.object({ firstName: z.string(), lastName: z.string() }),
  check: z.enum(WAIVABLE_CHECKS),
  note: z.string().nullable(),
  status: z.enum(HELP_STATUSES),
  createdAt: isoTime,
  resolvedAt: isoTime.nullable(),
});
export type HelpRequest = z.infer<typeof helpRequestSchema>;

export const FEED_HISTORY_LIMIT = 200;
export const feedHistoryQuerySchema = z.object({
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/)
    .optional()
    .describe('The `nextBefore` of the previous page: only older events'),
  limit: z.coerce.number().int().min(1).max(500).default(FEED_HISTORY_LIMIT),
});
export type FeedHistoryQuery = z.infer<typeof feedHistoryQuerySchema>;

export const feedHistorySchema = z.object({
  events: z.array(proctorEventSchema).describe('Newest first; a message to all is one event (its detail holds broadcastId and count)'),
  nextBefore: z.string().nullable().describe('Pass as `before` for older events; null when there are none'),
});
export type FeedHistory = z.infer<typeof feedHistorySchema>;
