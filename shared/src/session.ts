import messages from './locales/en/messages.json' with { type: 'json' };
import { z } from 'zod';
import { fillMessage } from './messages';
import { MAX_PG_INT } from './storable';
import { DEVICE_FLAGS, MAX_FLAG_DURATION_MS, MEDIA_SOURCES, MIN_FLAG_DURATION_MS, PROCTORING_MSG, isDeviceFlag } from './proctoring';

/** The live exam session's contract (docs/live-session.md), shared by both sides. */
export const PAGE_VIOLATION_TYPES = ['tab-switch', 'fullscreen-exit', 'copy', 'paste', 'right-click', 'blocked-key'] as const;
/** What the exam page notices, then what the checks on the device flag (see proctoring.ts). */
export const VIOLATION_TYPES = [...PAGE_VIOLATION_TYPES, ...DEVICE_FLAGS] as const;
export type ViolationType = (typeof VIOLATION_TYPES)[number];
export const SUBMIT_REASONS = ['student', 'time-expired', 'violations', 'proctor'] as const;
export type SubmitReason = (typeof SUBMIT_REASONS)[number];

/**
 * The attempt is submitted on the event that takes tab switches above the exam's allowance or
 * fullscreen exits above its allowance. These are the allowances of exams that do not set their
 * own (every exam made before the school could choose them), and the school's defaults until an
 * admin changes them.
 */
export const TAB_SWITCH_LIMIT = 3;
export const FULLSCREEN_EXIT_LIMIT = 2;
/** The most tab switches or fullscreen exits an exam may allow before submitting. */
export const MAX_VIOLATIONS_ALLOWED = 20;

/** How many of each a student may do before the next one submits the attempt. */
export interface ViolationLimits {
  tabSwitches: number;
  fullscreenExits: number;
}

/** An exam's allowances, with the long-standing ones for exams that do not name their own. */
export function violationLimits(proctoring?: { tabSwitchesAllowed?: number | null; fullscreenExitsAllowed?: number | null } | null): ViolationLimits {
  return {
    tabSwitches: proctoring?.tabSwitchesAllowed ?? TAB_SWITCH_LIMIT,
    fullscreenExits: proctoring?.fullscreenExitsAllowed ?? FULLSCREEN_EXIT_LIMIT,
  };
}
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
  /** Student → server { attemptId, action } and server → the attempt's room { attemptId, serverNow, break }: rest breaks (restBreaks.ts). */
  break: 'attempt:break',
} as const;

/**
 * Why the server refused a socket's handshake (the connect_error's message). Unauthorized: the
 * session is over, sign in again. Unavailable: the server could not check the session (its
 * database is down); the client keeps retrying and the session is not over. TooManyConnections:
 * this person already holds as many live connections as one server allows (too many windows or
 * tabs); retrying will not help until one closes. NetworkBusy: the client's network address (a
 * school's shared address) holds as many as one server allows; a later retry may get in. Both
 * carry `data: { code, message }`, the message in the user's language.
 */
export const HANDSHAKE_ERRORS = {
  unauthorized: 'Unauthorized',
  unavailable: 'Unavailable',
  tooManyConnections: 'TooManyConnections',
  networkBusy: 'NetworkBusy',
} as const;

export const SESSION_MSG = messages.session;

const id = z.uuid(messages.validation.idRequired);
/** An answer is the chosen option's text, the typed text, or null to clear it. */
const answerValue = z.string().max(MAX_ANSWER_LENGTH, fillMessage(SESSION_MSG.answerTooLong, { max: MAX_ANSWER_LENGTH })).nullable();

export const attemptJoinSchema = z.object({ attemptId: id });
export const answerSaveSchema = z.object({
  attemptId: id,
  questionId: id,
  answer: answerValue,
  seq: z.number().int().min(1).max(MAX_PG_INT, fillMessage(SESSION_MSG.seqTooLarge, { max: MAX_PG_INT })),
});
export type AnswerSave = z.infer<typeof answerSaveSchema>;
/**
 * The last moment a device's clock can name in ISO 8601's four-digit years. JavaScript's dates reach
 * ±8.64e15 ms (year ±275760), far past PostgreSQL's timestamps: such a time failed the statement
 * it shared with other students' violations.
 */
export const LATEST_CLIENT_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** A device's clock reading: epoch milliseconds, or a date string JavaScript parses, between 1970 and 9999. */
export function clientTimeMs(at: number | string): number | undefined {
  const ms = typeof at === 'number' ? at : at.length <= 64 ? Date.parse(at) : NaN;
  return Number.isFinite(ms) && ms >= 0 && ms <= LATEST_CLIENT_TIME ? ms : undefined;
}
export const violationSchema = z.object({
  attemptId: id,
  type: z.enum(VIOLATION_TYPES),
  /**
   * When the device saw it. A time no clock shows is refused; a believable one is still only the
   * device's word, kept beside the server's own time when close to it (see the violation recorder).
   */
  at: z
    .union([z.number(), z.string()], SESSION_MSG.violationTimeInvalid)
    .refine((at) => clientTimeMs(at) !== undefined, SESSION_MSG.violationTimeInvalid)
    .optional(),
  /** Device flags only: the detector's mean score over the flagged time. */
  confidence: z.number().min(0).max(1).optional(),
  /** Device flags only: how long the condition lasted before it was flagged (at least 3 s, debounced on the device). */
  durationMs: z.number().int().optional(),
  /** Device flags only: names the flag, so an evidence picture uploaded with it is linked to it. */
  flagId: id.optional(),
}).superRefine((v, ctx) => {
  if (isDeviceFlag(v.type)) {
    if (v.durationMs === undefined || v.durationMs < MIN_FLAG_DURATION_MS || v.durationMs > MAX_FLAG_DURATION_MS) {
      ctx.addIssue({ code: 'custom', path: ['durationMs'], message: PROCTORING_MSG.flagDurationImpossible });
    }
  } else if (v.confidence !== undefined || v.durationMs !== undefined || v.flagId !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: PROCTORING_MSG.flagFieldsNotAllowed });
  }
});
export type ViolationReport = z.output<typeof violationSchema>;

// The same calls over REST, for clients without a socket (docs/api.md).
export const startAttemptSchema = z.object({ examId: id });
export const restAnswerSchema = z.object({
  submissionId: id,
  questionId: id,
  answer: z.preprocess((v) => (v === undefined ? null : v), answerValue),
  timeTaken: z.number().min(0).optional(),
  seq: z.number().int().min(1).max(MAX_PG_INT, fillMessage(SESSION_MSG.seqTooLarge, { max: MAX_PG_INT })).optional(),
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

/**
 * attempt:submit. Every answer is already saved (the client waits for its last acks first); the
 * device's time and flags are recorded beside the server's own, as with POST /submissions.
 */
export const attemptSubmitSchema = z.object({
  attemptId: id,
  timeSpent: submitExamSchema.shape.timeSpent,
  securityFlags: submitExamSchema.shape.securityFlags,
});

export type Ack<T extends object = object> = ({ ok: true } & T) | { ok: false; code: string; message: string };

// Proctor board
export const PROCTOR_EVENTS = {
  watch: 'proctor:watch',
  /** Server → the watching socket, before `proctor:watch` is acknowledged: the snapshot's rows, up to 500 a message, in name order. */
  snapshot: 'proctor:snapshot',
  row: 'proctor:row',
  event: 'proctor:event',
  message: 'proctor:message',
  extend: 'proctor:extend',
  submit: 'proctor:submit',
  reinstate: 'proctor:reinstate',
  timeline: 'proctor:timeline',
  /** Student → server: the device's unacknowledged saves. */
  health: 'attempt:health',
  /** Server → proctors: a student's device reported its unacknowledged saves (`attempt:health`). */
  deviceHealth: 'proctor:health',
  /** Server → proctors, each second, of the students who saved (up to 250 a message): { examId, at, students: [{ attemptId, studentId, answered, total, lastSaveAt }] }. */
  progress: 'proctor:progress',
  reinstated: 'attempt:reinstated',
  /** Server → proctors after Redis returns from an outage: live deltas may have been lost, re-watch for a fresh snapshot. */
  resync: 'proctor:resync',
  /** Server → proctors, the student (`user:<id>`) and their attempt room: a check was waived or the waiver revoked. */
  waiver: 'proctor:waiver',
  /** Server → proctors: a student asked for help with a check, or a request was resolved. */
  help: 'proctor:help',
  /** Board → server { examId, on }: the hall's tile view is shown (renewed every 20 s) or left. */
  tiles: 'proctor:tiles',
  /** Server → the exam's students { intervalMs }: send a camera thumbnail this often, or stop (null). */
  thumbs: 'attempt:thumbs',
  /** Student → server { attemptId, jpeg }: one small camera picture, relayed and never stored. */
  thumb: 'attempt:thumb',
  /** Server → proctors { attemptId, jpeg, at }: a student's latest camera thumbnail. */
  thumbRelay: 'proctor:thumb',
  /** Proctor → server { attemptId, action: grant | refuse | end }: a rest break (restBreaks.ts). */
  break: 'proctor:break',
  /** Server → the attempt's room { accommodation }: the student's accommodation in this exam changed while they sit it. */
  accommodation: 'attempt:accommodation',
} as const;

export const MAX_EXTENSION_MINUTES = 180;

export const proctorWatchSchema = z.object({ examId: id });
export const proctorMessageSchema = z.object({
  examId: id,
  attemptId: id.optional(),
  text: z.string().trim().min(1, SESSION_MSG.messageRequired).max(500, SESSION_MSG.messageTooLong),
});
export const proctorExtendSchema = z.object({
  attemptId: id,
  minutes: z.number().int(SESSION_MSG.minutesWhole).min(1, SESSION_MSG.extendAtLeast).max(MAX_EXTENSION_MINUTES, fillMessage(SESSION_MSG.extendAtMost, { max: MAX_EXTENSION_MINUTES })),
});
export const proctorAttemptSchema = z.object({ attemptId: id });
export const proctorTilesSchema = z.object({ examId: id, on: z.boolean() });
/** A thumbnail's largest JPEG: 300 of them every 5 s stay a trickle next to one live camera. */
export const THUMB_MAX_BYTES = 8 * 1024;
/** The base64 length of THUMB_MAX_BYTES. */
export const THUMB_MAX_CHARS = Math.ceil(THUMB_MAX_BYTES / 3) * 4;
export const attemptThumbSchema = z.object({
  attemptId: id,
  jpeg: z.string().min(1).max(THUMB_MAX_CHARS).regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
/** The student's client reports its unacknowledged saves, so the proctor sees save health. */
export const attemptHealthSchema = z.object({ attemptId: id, pending: z.number().int().min(0).max(100000) });

// Camera: peer-to-peer WebRTC with simple-peer; the server only relays signalling.
export const CAMERA_EVENTS = {
  /** proctor → server { attemptId }; server → the student's attempt room { attemptId, proctorSocketId }. */
  request: 'camera:request',
  /** either side → server { attemptId, to: socketId, data }; server → `to` { attemptId, from: socketId, data }. */
  signal: 'rtc:signal',
  /** proctor → server { attemptId }; server → the student's attempt room { attemptId, proctorSocketId } (close the peer). */
  stop: 'camera:stop',
  /**
   * server → the attempt room and the exam's proctors { attemptId, reason } when the attempt ends
   * (submitted, force-submitted, timed out): every peer of that attempt closes and the student's
   * camera goes off.
   */
  closed: 'camera:closed',
} as const;

/** One RTCIceServer as the browser takes it: STUN, or TURN with its credentials. */
export const iceServerSchema = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export const iceServersSchema = z.array(iceServerSchema);
export type IceServer = z.infer<typeof iceServerSchema>;
/** Used when ICE_SERVERS is not set: one public STUN server, enough outside strict NATs. */
export const DEFAULT_ICE_SERVERS: IceServer[] = [{ urls: 'stun:stun.l.google.com:19302' }];

/** Which of the student's streams: the camera (default) or the shared screen. */
const source = z.enum(MEDIA_SOURCES).default('camera');
export const cameraRequestSchema = z.object({ attemptId: id, source });
export const rtcSignalSchema = z.object({
  attemptId: id,
  source,
  to: z.string().min(1).max(64),
  // simple-peer's signal objects (offer/answer/candidate); kept opaque but bounded.
  data: z.record(z.string(), z.unknown()).refine((d) => JSON.stringify(d).length <= 20_000, SESSION_MSG.signalTooLarge),
});
