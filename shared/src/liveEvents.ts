import { z } from 'zod';
import { DASHBOARD_CHANGED_EVENT, type DashboardChanged } from './dashboard';
import { NOTIFICATION_EVENT, type Notification } from './notifications';
import { SECTIONS } from './constants';
import { hallPartSchema } from './examStaff';
import { CAMERA_EVENTS, PROCTOR_EVENTS, SOCKET_EVENTS, SUBMIT_REASONS, iceServersSchema } from './session';
import { isoTime } from './wireTime';
import { accommodationViewSchema } from './accommodations';
import { breakStateSchema, type AttemptBreakEvent } from './restBreaks';
import { HELP_STATUSES, MEDIA_SOURCES, SEVERITIES, WAIVABLE_CHECKS } from './proctoring';

/**
 * What the server sends over the live session: the payloads of its events and the data of its
 * acknowledgements. Each schema is the one definition of its shape: the code types against the
 * types inferred below, and the generated protocol page and AsyncAPI document are built from the
 * schemas (docs/live-protocol.md).
 */
const uuid = z.uuid();

export const attemptTimeEventSchema = z.object({
  serverNow: isoTime,
  deadlineAt: isoTime.describe('When the attempt closes; the client shows the remaining time from serverNow'),
});
export const attemptSubmittedEventSchema = z.object({ attemptId: uuid, reason: z.enum(SUBMIT_REASONS).nullable() });
export const attemptReinstatedEventSchema = z.object({ attemptId: uuid });
export const proctorMessageEventSchema = z.object({ text: z.string(), at: isoTime });
export const proctorRowSchema = z.object({
  attemptId: uuid.nullable().describe('null while the student has not started'),
  student: z.object({ _id: uuid, firstName: z.string(), lastName: z.string(), avatar: z.string().nullable().describe("The student's profile picture as in their profile's avatar, or null") }),
  status: z.enum(['not-started', 'in_progress', 'submitted', 'graded']),
  submitReason: z.enum(SUBMIT_REASONS).nullable(),
  online: z.boolean(),
  lastSeenAt: isoTime.nullable(),
  answered: z.number().int(),
  total: z.number().int(),
  deadlineAt: isoTime.nullable(),
  extraMinutes: z.number().int(),
  violations: z.object({
    tabSwitches: z.number().int(),
    fullscreenExits: z.number().int(),
    other: z.number().int(),
    flags: z.number().int().optional().describe('Flags raised by the checks on the device (face, voice, screen); they never count toward the limits'),
  }),
  pendingSaves: z.number().int().nullable().describe('Saves the student device still holds unacknowledged, as last reported'),
  lastSaveAt: isoTime.nullable(),
  lastEventAt: isoTime.nullable(),
  section: z.enum(SECTIONS).nullable().optional().describe("The student's section: the board shows a proctor their part of the hall"),
  inSeb: z.boolean().optional().describe('The attempt is sat in Safe Exam Browser: a call of it came with SEB\'s proof for the exam\'s file (docs/seb.md)'),
  accommodation: accommodationViewSchema.nullable().optional().describe('What the student is given in this exam (extra time, breaks, waived checks, display); null when nothing (docs/accommodations.md)'),
  break: breakStateSchema.nullable().optional().describe('The attempt\'s rest breaks (asked, under way, time paused); null when the student has no break allowance and never took a break'),
});
export const proctorEventSchema = z.object({
  attemptId: uuid,
  studentId: uuid,
  type: z.string().describe('joined, left, network, violation, submitted, message, extended, reinstated, progress, accommodation (a teacher changed what the student is given, mid-exam), break-requested, break-cancelled, break-refused, break-started or break-ended'),
  at: isoTime,
  detail: z
    .record(z.string(), z.unknown())
    .describe(
      'violation: { violation, counts, severity, and for a device flag confidence, durationMs, flagId }; network: { offlineMs, since, cause? } (cause: network, server-restart, signed-out or left-page: why the connection went, when known); a message to all: { text, broadcastId, count }; a proctor\'s action (message, extended, reinstated, submitted by a proctor, a break granted, refused or ended): { by, byName }, the user id and name of who did it; break-ended: { pausedMs, by? } (no by: the student came back or the allowance ran out)',
    ),
});
/** The detail of a `violation` event raised by a check on the device. */
export const flagDetailSchema = z.object({
  violation: z.string(),
  severity: z.enum(SEVERITIES),
  confidence: z.number().min(0).max(1).optional(),
  durationMs: z.number().int().optional(),
  flagId: uuid.optional(),
});
/**
 * Why a student's connection went: lost (closed, failed or silent), the server restarted, the
 * server ended the session (signed out), or the app closed it (the student left the exam page).
 */
export const OFFLINE_CAUSES = ['network', 'server-restart', 'signed-out', 'left-page'] as const;
export type OfflineCause = (typeof OFFLINE_CAUSES)[number];
/** The detail of a `network` event: the student was offline this long, never a violation. */
export const networkDetailSchema = z.object({
  offlineMs: z.number().int().min(0),
  since: isoTime,
  cause: z.enum(OFFLINE_CAUSES).optional().describe('Why the connection went, when the server knew'),
});
export const proctorProgressEventSchema = z.object({
  examId: uuid,
  at: isoTime,
  students: z
    .array(z.object({ attemptId: uuid, studentId: uuid, answered: z.number().int(), total: z.number().int(), lastSaveAt: isoTime.nullable() }))
    .max(250),
});
export const proctorHealthEventSchema = z.object({ attemptId: uuid, pending: z.number().int().min(0), at: isoTime });
export const proctorResyncEventSchema = z.object({}).describe('Empty: send proctor:watch again for a fresh snapshot');
const mediaSource = z.enum(MEDIA_SOURCES).optional().describe('camera (when absent) or screen: the student keeps one peer per proctor socket and source');
export const cameraEventSchema = z.object({ attemptId: uuid, proctorSocketId: z.string(), source: mediaSource });
const iceServers = iceServersSchema.describe("The STUN/TURN servers (RTCIceServer[]) both peers use, from the server's ICE_SERVERS");
export const cameraRequestEventSchema = cameraEventSchema.extend({ iceServers });
export const cameraClosedEventSchema = z.object({
  attemptId: uuid,
  reason: z.enum(SUBMIT_REASONS).nullable().describe('Why the attempt ended, as in attempt:submitted'),
});
export const dashboardChangedEventSchema: z.ZodType<DashboardChanged> = z.object({
  reason: z.enum(['submitted', 'graded', 'started', 'contact']).describe('What changed; the event carries no figures: re-read the dashboard call'),
});
export const rtcSignalEventSchema = z.object({
  attemptId: uuid,
  from: z.string().describe('The sending socket id: reply to it'),
  source: mediaSource,
  data: z.record(z.string(), z.unknown()),
});
export const proctorWaiverEventSchema = z.object({
  examId: uuid,
  studentId: uuid,
  check: z.enum(WAIVABLE_CHECKS),
  reason: z.string().nullable(),
  granted: z.boolean().describe('True when the waiver was granted, false when it was revoked'),
  by: uuid.optional().describe('Who granted or revoked it'),
  byName: z.string().optional(),
});
export const proctorHelpEventSchema = z.object({
  id: uuid,
  examId: uuid,
  studentId: uuid,
  check: z.enum(WAIVABLE_CHECKS),
  note: z.string().nullable(),
  at: isoTime,
  status: z.enum(HELP_STATUSES),
  by: uuid.optional().describe('Who resolved it (a resolved request)'),
  byName: z.string().optional(),
});
export const attemptThumbsEventSchema = z.object({
  intervalMs: z.number().int().positive().nullable().describe('Send a camera thumbnail (`attempt:thumb`) this often; null: stop'),
});
export const proctorThumbEventSchema = z.object({
  attemptId: uuid,
  jpeg: z.string().describe('A JPEG of at most 8 KB, base64; show it as a data URL. Never stored'),
  at: isoTime,
});

// Acknowledgement data: what `{ ok: true, ... }` carries besides ok.
export const joinAckSchema = z.object({
  data: z.object({
    attemptId: uuid,
    status: z.enum(['in_progress', 'submitted', 'graded']),
    serverNow: isoTime,
    deadlineAt: isoTime,
    answers: z.record(z.string(), z.string().nullable()).describe('The saved answer of each question, by question id'),
    seqs: z.record(z.string(), z.number().int()).describe('The seq of each saved answer: continue above it'),
    accommodation: accommodationViewSchema.nullable().optional().describe('The student\'s accommodation in this exam (display: reducedDistraction, largerText; breaks); null when none'),
    break: breakStateSchema.nullable().optional().describe('The attempt\'s rest breaks; null when the student has no break allowance'),
  }),
});
/** attempt:accommodation: the student's accommodation in this exam changed while they sit it (null: none any more). */
export const attemptAccommodationEventSchema = z.object({ attemptId: uuid, accommodation: accommodationViewSchema.nullable() });
export const saveAckSchema = z.object({ savedAt: isoTime.describe('When the save was committed; an older seq is acknowledged but never overwrites a newer one') });
export const violationAckSchema = z.object({
  counts: z.object({ tabSwitches: z.number().int(), fullscreenExits: z.number().int() }),
  submitted: z.boolean().describe('True when the attempt is closed (this event crossed a limit, or it already was)'),
  ignored: z.boolean().optional().describe('True when the check is waived for this student or the student is on a rest break: nothing was recorded'),
});
export const submitAckSchema = z.object({ submissionId: uuid, reason: z.enum(SUBMIT_REASONS) });
export const emptyAckSchema = z.object({});
export const cameraRequestAckSchema = z.object({ iceServers });
/** Rows per `proctor:snapshot` message. */
export const SNAPSHOT_PAGE_ROWS = 500;
export const proctorSnapshotEventSchema = z.object({
  examId: uuid,
  snapshotId: uuid.describe('The snapshot these rows belong to, as named in the acknowledgement of `proctor:watch`'),
  students: z.array(proctorRowSchema).max(SNAPSHOT_PAGE_ROWS).describe('The next rows of the snapshot, in name order'),
});
export const proctorWatchAckSchema = z.object({
  data: z.object({
    snapshotId: uuid.describe('The `proctor:snapshot` messages sent before this acknowledgement with this id hold the snapshot'),
    total: z.number().int().describe('How many rows those messages hold in all: every student the exam is meant for, and anyone who attempted it'),
    serverNow: isoTime,
    exam: z.object({ _id: uuid, title: z.string(), startAt: isoTime, endAt: isoTime, duration: z.number().int(), totalQuestions: z.number().int() }),
    part: hallPartSchema
      .nullable()
      .optional()
      .describe("The watcher's part of the hall (rows by `section` or student id), shown by default; null: the whole hall (owner, admin, or staff given no part)"),
  }),
});
export const proctorTimelineAckSchema = z.object({
  data: z.object({ events: z.array(z.record(z.string(), z.unknown())).describe("The attempt's event log, oldest first") }),
});
export const proctorMessageAckSchema = z.object({
  delivered: z.number().int().describe('How many students received it live: a socket of theirs was connected when it was sent (the exam screen shows the message, any other page the notification)'),
  storedOnly: z.number().int().describe('How many students were not connected: they only have it as a stored notification, to read when they come back'),
});
export const deadlineAckSchema = z.object({ deadlineAt: isoTime });

export type AttemptTime = z.infer<typeof attemptTimeEventSchema>;
export type AttemptSubmittedEvent = z.infer<typeof attemptSubmittedEventSchema>;
export type AttemptReinstatedEvent = z.infer<typeof attemptReinstatedEventSchema>;
export type ProctorMessageEvent = z.infer<typeof proctorMessageEventSchema>;
export type ProctorRow = z.infer<typeof proctorRowSchema>;
export type ProctorRowStatus = ProctorRow['status'];
export type ProctorEvent = z.infer<typeof proctorEventSchema>;
export type ProctorProgressEvent = z.infer<typeof proctorProgressEventSchema>;
export type ProctorHealthEvent = z.infer<typeof proctorHealthEventSchema>;
export type ProctorSnapshotEvent = z.infer<typeof proctorSnapshotEventSchema>;
export type CameraEvent = z.infer<typeof cameraEventSchema>;
export type CameraRequestEvent = z.infer<typeof cameraRequestEventSchema>;
export type CameraClosedEvent = z.infer<typeof cameraClosedEventSchema>;
export type RtcSignalEvent = z.infer<typeof rtcSignalEventSchema>;
export type FlagDetail = z.infer<typeof flagDetailSchema>;
export type NetworkDetail = z.infer<typeof networkDetailSchema>;
export type ProctorWaiverEvent = z.infer<typeof proctorWaiverEventSchema>;
export type ProctorHelpEvent = z.infer<typeof proctorHelpEventSchema>;
export type AttemptThumbsEvent = z.infer<typeof attemptThumbsEventSchema>;
export type AttemptAccommodationEvent = z.infer<typeof attemptAccommodationEventSchema>;
export type ProctorThumbEvent = z.infer<typeof proctorThumbEventSchema>;
/** The data of `attempt:join`'s acknowledgement: the attempt's saved state and its clock. */
export type JoinData = z.infer<typeof joinAckSchema>['data'];
export type SaveAck = z.infer<typeof saveAckSchema>;
export type ViolationAck = z.infer<typeof violationAckSchema>;
export type SubmitAck = z.infer<typeof submitAckSchema>;
export type ProctorWatchData = z.infer<typeof proctorWatchAckSchema>['data'];
export type WatchedExam = ProctorWatchData['exam'];
export type ProctorMessageAck = z.infer<typeof proctorMessageAckSchema>;
export type DeadlineAck = z.infer<typeof deadlineAckSchema>;

/**
 * What the server emits to a room or a socket, by event name: every emit on the server is typed
 * against this one map, so an event cannot leave with a payload its schema above does not describe.
 */
export interface ServerEvents {
  [SOCKET_EVENTS.time]: AttemptTime;
  [SOCKET_EVENTS.submitted]: AttemptSubmittedEvent;
  [PROCTOR_EVENTS.reinstated]: AttemptReinstatedEvent;
  [PROCTOR_EVENTS.message]: ProctorMessageEvent;
  [PROCTOR_EVENTS.snapshot]: ProctorSnapshotEvent;
  [PROCTOR_EVENTS.row]: ProctorRow;
  [PROCTOR_EVENTS.event]: ProctorEvent;
  [PROCTOR_EVENTS.progress]: ProctorProgressEvent;
  [PROCTOR_EVENTS.deviceHealth]: ProctorHealthEvent;
  [PROCTOR_EVENTS.resync]: z.infer<typeof proctorResyncEventSchema>;
  [PROCTOR_EVENTS.waiver]: ProctorWaiverEvent;
  [PROCTOR_EVENTS.help]: ProctorHelpEvent;
  [PROCTOR_EVENTS.thumbs]: AttemptThumbsEvent;
  [PROCTOR_EVENTS.thumbRelay]: ProctorThumbEvent;
  [SOCKET_EVENTS.break]: AttemptBreakEvent;
  [PROCTOR_EVENTS.accommodation]: AttemptAccommodationEvent;
  [CAMERA_EVENTS.request]: CameraRequestEvent;
  [CAMERA_EVENTS.stop]: CameraEvent;
  [CAMERA_EVENTS.closed]: CameraClosedEvent;
  [CAMERA_EVENTS.signal]: RtcSignalEvent;
  [DASHBOARD_CHANGED_EVENT]: DashboardChanged;
  [NOTIFICATION_EVENT]: Notification;
}
export type ServerEventName = keyof ServerEvents;
