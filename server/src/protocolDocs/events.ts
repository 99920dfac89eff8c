import {
  CAMERA_EVENTS,
  DASHBOARD_CHANGED_EVENT,
  HANDSHAKE_ERRORS,
  MSG,
  NOTIFICATION_EVENT,
  PROCTOR_EVENTS,
  PROCTORING_MSG,
  SESSION_MSG,
  SETTINGS_CHANGED_EVENT,
  SOCKET_EVENTS,
  answerSaveSchema,
  BREAK_MSG,
  attemptAccommodationEventSchema,
  attemptBreakEventSchema,
  attemptBreakSchema,
  attemptHealthSchema,
  attemptJoinSchema,
  attemptReinstatedEventSchema,
  attemptSubmitSchema,
  attemptSubmittedEventSchema,
  attemptThumbSchema,
  attemptThumbsEventSchema,
  attemptTimeEventSchema,
  cameraClosedEventSchema,
  cameraEventSchema,
  cameraRequestAckSchema,
  cameraRequestEventSchema,
  dashboardChangedEventSchema,
  cameraRequestSchema,
  deadlineAckSchema,
  emptyAckSchema,
  joinAckSchema,
  notificationEventSchema,
  breakAckSchema,
  proctorAttemptSchema,
  proctorBreakSchema,
  proctorEventSchema,
  proctorExtendSchema,
  proctorHealthEventSchema,
  proctorMessageAckSchema,
  proctorMessageEventSchema,
  proctorMessageSchema,
  proctorProgressEventSchema,
  proctorResyncEventSchema,
  proctorHelpEventSchema,
  proctorWaiverEventSchema,
  proctorRowSchema,
  proctorThumbEventSchema,
  proctorTilesSchema,
  proctorSnapshotEventSchema,
  proctorTimelineAckSchema,
  proctorWatchAckSchema,
  proctorWatchSchema,
  rtcSignalEventSchema,
  rtcSignalSchema,
  saveAckSchema,
  submitAckSchema,
  violationAckSchema,
  violationSchema,
} from '@exam/shared';
import type { z } from 'zod';
import { RESYNC_ALL } from '../realtime/resync';
import { WAIVERS_CHANGED } from '../services/waivers';

/**
 * The live protocol's metadata, beside the shared schemas it points at: the generated page and
 * AsyncAPI document are built from this table, and a test holds it to the events the code handles
 * and emits, so an event cannot be added without its entry.
 */

/** The rooms the server emits to (server/src/ports/realtime.ts `rooms`), and who is in each. */
export const ROOMS = {
  user: { address: 'user:{userId}', param: 'userId', members: "Every socket of the user, joined on connect." },
  attempt: { address: 'attempt:{attemptId}', param: 'attemptId', members: "The student's sockets that sent `attempt:join` for the attempt." },
  examStudents: { address: 'exam:{examId}:students', param: 'examId', members: 'Every student socket that joined an attempt of the exam.' },
  examProctors: { address: 'exam:{examId}:proctors', param: 'examId', members: 'The sockets of the teachers and admins that sent `proctor:watch` for the exam; a teacher taken off its hall (or off proctoring) leaves at once.' },
  admins: { address: 'role:admin', param: null, members: 'Every socket of an admin, joined on connect.' },
  socket: { address: '{socketId}', param: 'socketId', members: 'One socket: the one that sent the request, or the peer named in `rtc:signal`.' },
} as const;
export type RoomKey = keyof typeof ROOMS;

/** Every `code` an acknowledgement with `ok: false` can carry (server/src/realtime/ack.ts, errors.ts, answerSaver.ts). */
export const ACK_CODES = {
  invalid: 'The payload does not match the schema; `message` is the first problem found.',
  unauthorized: `The socket's session has ended (signed out, revoked, or the account deactivated or deleted): "${MSG.sessionExpired}" The server closes the socket right after; sign in again. Any event can get it.`,
  'not-found': 'The attempt or exam does not exist.',
  forbidden: 'The signed-in user may not do this.',
  conflict: 'The request does not fit the current state (for example, the student is not sitting the exam).',
  'attempt-closed': 'The attempt is submitted or its time is over; the save was not stored.',
  'on-break': `The student is on a rest break: "${BREAK_MSG.onBreak}" The save was not stored (keep it and send it when the break ends); a submission waits until they come back.`,
  'not-reinstatable': 'Only an attempt submitted for violations, with time left, can be reinstated.',
  'too-many-requests': 'Sent faster than the server takes it (device flags: at most 5 at once, 3 a second, and one of a kind per 3 s for each attempt); the event was not recorded.',
  error: `A server fault: "${MSG.serverError}" Retry later.`,
} as const;
export type AckCode = keyof typeof ACK_CODES;

export interface ClientEvent {
  name: string;
  direction: 'client';
  /** Who may send it (the socket's signed-in role). */
  from: string;
  summary: string;
  payload: z.ZodType;
  /** What the payload's fields mean, where the shared schema does not say. */
  fields?: Record<string, string>;
  /** What `{ ok: true, ... }` carries besides ok. */
  ack: z.ZodType;
  /** The codes this event's acknowledgement can carry, with what they mean here. */
  errors: Partial<Record<AckCode, string>>;
}

export interface ServerEvent {
  name: string;
  direction: 'server';
  rooms: RoomKey[];
  summary: string;
  payload: z.ZodType;
}

export type ProtocolEvent = ClientEvent | ServerEvent;

const invalid = { invalid: ACK_CODES.invalid };
const error = { error: ACK_CODES.error };
const ownAttempt = { 'not-found': `"${SESSION_MSG.attemptNotFound}"`, forbidden: `"${SESSION_MSG.notYourAttempt}"` };
const proctorOf = {
  forbidden: 'The user is not a teacher or admin, or the exam is not theirs and they were not added to its hall as a proctor (or were taken off it).',
  'not-found': 'The attempt or its exam does not exist.',
};

/** The session check runs before every handler (realtime/socketServer.ts), so every event can get it. */
const sessionEnded = { unauthorized: `"${MSG.sessionExpired}" The session has ended; the server closes the socket.` };

const LISTED: ClientEvent[] = [
  {
    name: SOCKET_EVENTS.join,
    direction: 'client',
    from: 'student',
    summary:
      'Joins the socket to its attempt (rooms `attempt:{attemptId}` and `exam:{examId}:students`). The reply holds the saved answers and their seqs; the server also sends `attempt:time` to this socket. Send it again after every reconnect.',
    payload: attemptJoinSchema,
    ack: joinAckSchema,
    errors: { ...invalid, ...ownAttempt, ...error },
  },
  {
    name: SOCKET_EVENTS.save,
    direction: 'client',
    from: 'student',
    summary:
      'Saves one answer (`null` clears it). The acknowledgement comes only after the answer is committed, and a save whose seq is not above the one stored is acknowledged but does not overwrite it. Keep unacknowledged saves and send them again after a reconnect.',
    payload: answerSaveSchema,
    fields: { answer: 'The chosen option\'s text or the typed text; null clears the answer.', seq: 'Must grow from one save of this question to the next (a counter across the device does); continue above the seq `attempt:join` returned for it.' },
    ack: saveAckSchema,
    errors: {
      invalid: `${ACK_CODES.invalid} Also "${SESSION_MSG.questionNotInAttempt}"`,
      ...ownAttempt,
      'attempt-closed': `"${SESSION_MSG.attemptClosed}"`,
      'on-break': `"${BREAK_MSG.onBreak}" A save sent within a second of the break's start is still taken.`,
      error: '"The answer could not be saved. It will be retried." Send it again.',
    },
  },
  {
    name: SOCKET_EVENTS.violation,
    direction: 'client',
    from: 'student',
    summary:
      'Reports a proctoring violation. The server counts it; when the exam is proctored, the event that takes tab switches or fullscreen exits above the allowance of the exam (`settings.proctoring.tabSwitchesAllowed`, `fullscreenExitsAllowed`; by default 3 and 2) submits the attempt (reason `violations`) and `attempt:submitted` follows. A flag of the checks on the device (`face-missing`, `faces-multiple`, `looking-away`, `voice`, `screen-share-ended`, `screen-not-whole`, `second-monitor`) is logged and shown to the proctors with its severity, confidence and duration; it never submits the attempt and adds a warning only when the exam counts its kind (`countedFlags`). A kind waived for the student, and anything reported while the student is on a rest break, is acknowledged with `ignored: true` and not recorded.',
    payload: violationSchema,
    fields: {
      at: 'When it happened on the device: milliseconds since 1970 or an ISO time.',
      confidence: 'Device flags only: the detector’s mean score, 0 to 1.',
      durationMs: 'Device flags only, and required there: how long the condition lasted, at least 3000 and no longer than the attempt has been open.',
      flagId: 'Device flags only: a uuid that links an evidence picture uploaded for the flag.',
    },
    ack: violationAckSchema,
    errors: {
      invalid: `${ACK_CODES.invalid} Also "${PROCTORING_MSG.flagDurationImpossible}", "${PROCTORING_MSG.flagFieldsNotAllowed}", and "${SESSION_MSG.joinFirst}" for a device flag before \`attempt:join\`.`,
      ...ownAttempt,
      'too-many-requests': `"${PROCTORING_MSG.flagTooFrequent}" (device flags only)`,
      ...error,
    },
  },
  {
    name: SOCKET_EVENTS.submit,
    direction: 'client',
    from: 'student',
    summary:
      'Submits the attempt; it is graded in the same transaction and `attempt:submitted` goes to its room. Submitting an attempt that is already closed is not an error: the reply carries the reason it was closed with.',
    payload: attemptSubmitSchema,
    ack: submitAckSchema,
    errors: { ...invalid, ...ownAttempt, 'on-break': `"${BREAK_MSG.onBreak}" The attempt stays open: end the break first.`, ...error },
  },
  {
    name: SOCKET_EVENTS.break,
    direction: 'client',
    from: 'student',
    summary:
      "Rest breaks (docs/accommodations.md): `request` asks for a break (it starts at once when the student's breaks are automatic, else the proctors see the request), `cancel` withdraws the request, `end` comes back from the break under way. When a break starts the deadline moves by all the break time left, and when it ends early the part not taken comes off: `attempt:time` goes to the attempt's room. Every change goes to the room as `attempt:break` too. A request while already on a break, or a cancel once the break has started, is answered with the state as it is.",
    payload: attemptBreakSchema,
    ack: breakAckSchema,
    errors: {
      ...invalid,
      ...ownAttempt,
      conflict: `"${BREAK_MSG.breakNotGiven}", "${BREAK_MSG.breakUsedUp}", "${BREAK_MSG.breakAlreadyAsked}", or "${BREAK_MSG.notOnBreak}" (cancel with no request, end with no break)`,
      'attempt-closed': `"${SESSION_MSG.attemptClosed}"`,
      ...error,
    },
  },
  {
    name: PROCTOR_EVENTS.health,
    direction: 'client',
    from: 'student',
    summary: "Reports how many saves the device holds unacknowledged; the exam's proctors receive it as `proctor:health`.",
    payload: attemptHealthSchema,
    fields: { pending: 'Saves sent but not yet acknowledged.' },
    ack: emptyAckSchema,
    errors: { invalid: `${ACK_CODES.invalid} Also "Join the attempt first." before \`attempt:join\`.`, ...error },
  },
  {
    name: PROCTOR_EVENTS.watch,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary:
      "Joins the exam's proctor room and sends a snapshot of every student the exam is meant for, in `proctor:snapshot` messages of up to 500 rows, then the acknowledgement, which names the snapshot and its row count and the watcher's part of the hall (`part`: the sections and students the owner gave them, null for the whole hall; every row carries the student's `section`, and the board shows that part by default). Live deltas (`proctor:row`, `proctor:event`, `proctor:progress`, `proctor:health`) can arrive among the pages: apply them on top of the snapshot once it is complete.",
    payload: proctorWatchSchema,
    ack: proctorWatchAckSchema,
    errors: { ...invalid, ...proctorOf, ...error },
  },
  {
    name: PROCTOR_EVENTS.timeline,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary: "Replies with the attempt's event log: joins, violations, messages, extensions, submission.",
    payload: proctorAttemptSchema,
    ack: proctorTimelineAckSchema,
    errors: { ...invalid, ...proctorOf, ...error },
  },
  {
    name: PROCTOR_EVENTS.message,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary:
      'Sends a message to one student (with `attemptId`) or to everyone sitting the exam: they receive `proctor:message` and a stored notification.',
    payload: proctorMessageSchema,
    fields: { attemptId: 'One student\'s attempt; leave it out to write to everyone sitting the exam.' },
    ack: proctorMessageAckSchema,
    errors: { ...invalid, ...proctorOf, conflict: '"This student is not sitting the exam right now."', ...error },
  },
  {
    name: PROCTOR_EVENTS.extend,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary: "Gives one student more time: their deadline moves at once, even past the exam's end, and `attempt:time` goes to the attempt's room.",
    payload: proctorExtendSchema,
    fields: { minutes: 'Added to the attempt\'s deadline.' },
    ack: deadlineAckSchema,
    errors: { ...invalid, ...proctorOf, conflict: '"Only an attempt in progress can be given more time."', ...error },
  },
  {
    name: PROCTOR_EVENTS.submit,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary: 'Force-submits an attempt (reason `proctor`); `attempt:submitted` goes to its room.',
    payload: proctorAttemptSchema,
    ack: emptyAckSchema,
    errors: { ...invalid, ...proctorOf, conflict: '"This attempt has already been submitted."', ...error },
  },
  {
    name: PROCTOR_EVENTS.reinstate,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary:
      'Reopens an attempt auto-submitted for violations while time is left, with its violation counts cleared; `attempt:reinstated` and `attempt:time` go to its room.',
    payload: proctorAttemptSchema,
    ack: deadlineAckSchema,
    errors: { ...invalid, ...proctorOf, 'not-reinstatable': `"${ACK_CODES['not-reinstatable']}"`, ...error },
  },
  {
    name: PROCTOR_EVENTS.break,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary:
      "A student's rest break: `grant` starts the break they asked for, with all their break time left; `refuse` clears the request (the student's `attempt:break` carries `refused: true`); `end` ends the break under way. The attempt's room hears `attempt:break` (and `attempt:time` when the deadline moved); the proctors `proctor:event` (`break-started`, `break-refused`, `break-ended`, naming who did it) and the student's `proctor:row`.",
    payload: proctorBreakSchema,
    ack: breakAckSchema,
    errors: {
      ...invalid,
      ...proctorOf,
      conflict: `"${BREAK_MSG.breakNotAsked}", "${BREAK_MSG.notOnBreak}", "${BREAK_MSG.breakNotGiven}" or "${BREAK_MSG.breakUsedUp}"`,
      'attempt-closed': `"${SESSION_MSG.attemptClosed}"`,
      ...error,
    },
  },
  {
    name: CAMERA_EVENTS.request,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary:
      "Asks the student's browser to open a camera peer (or, with `source: 'screen'`, a screen peer) with this socket: `camera:request` goes to the attempt's room. The reply carries the same ICE servers the student gets, so both peers can use one TURN relay.",
    payload: cameraRequestSchema,
    ack: cameraRequestAckSchema,
    errors: {
      ...invalid,
      ...proctorOf,
      conflict: `"This exam does not use the camera.", "${PROCTORING_MSG.screenNotUsed}" (a screen request on an exam that does not require a screen share) or "This student is not sitting the exam right now."`,
      ...error,
    },
  },
  {
    name: CAMERA_EVENTS.stop,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary: "Tells the student's browser to close the camera peer with this socket: `camera:stop` goes to the attempt's room.",
    payload: cameraRequestSchema,
    ack: emptyAckSchema,
    errors: { ...invalid, ...proctorOf, ...error },
  },
  {
    name: CAMERA_EVENTS.signal,
    direction: 'client',
    from: 'student (own attempt), teacher (own exams, or added to the hall as a proctor), admin',
    summary:
      "Relays a WebRTC signal (simple-peer's offer, answer or candidate) to one socket of the same attempt: the student's sockets or the exam's proctors. The media never passes through the server.",
    payload: rtcSignalSchema,
    fields: { to: 'The socket id of the other end (`proctorSocketId` from `camera:request`, or `from` of a signal received).', data: 'simple-peer\'s signal object, at most 20 000 characters as JSON.' },
    ack: emptyAckSchema,
    errors: {
      ...invalid,
      'not-found': '"Attempt not found."',
      forbidden: '"That peer is not part of this exam.", or the sender is neither the attempt\'s student nor a proctor of its exam.',
      ...error,
    },
  },
  {
    name: PROCTOR_EVENTS.tiles,
    direction: 'client',
    from: 'teacher (own exams, or added to the hall as a proctor), admin',
    summary:
      "The board shows the hall's tile view (`on: true`, renewed every 20 s) or left it (`on: false`). The exam's students are told `attempt:thumbs` with an interval on every renewal, and `{ intervalMs: null }` once no board of the exam has renewed for 30 s or the last one turned the tiles off.",
    payload: proctorTilesSchema,
    ack: emptyAckSchema,
    errors: { ...invalid, ...proctorOf, ...error },
  },
  {
    name: PROCTOR_EVENTS.thumb,
    direction: 'client',
    from: 'student',
    summary:
      "One small camera picture for the board's tiles, sent every `intervalMs` of `attempt:thumbs`. It is relayed to the exam's proctors as `proctor:thumb` and never stored or logged.",
    payload: attemptThumbSchema,
    fields: { jpeg: 'A 160×120 JPEG of at most 8 KB, base64 without a data-URL prefix.' },
    ack: emptyAckSchema,
    errors: {
      invalid: `${ACK_CODES.invalid} Also a picture over 8 KB, and "${SESSION_MSG.joinFirst}" for an attempt this socket has not joined.`,
      forbidden: 'The socket is not a student\'s.',
      'too-many-requests': `More than one picture per attempt every 2 s: "${MSG.tooManyRequests}" The picture was dropped.`,
      ...error,
    },
  },
];

export const CLIENT_EVENTS: ClientEvent[] = LISTED.map((e) => ({ ...e, errors: { ...e.errors, ...sessionEnded } }));

export const SERVER_EVENTS: ServerEvent[] = [
  {
    name: SOCKET_EVENTS.time,
    direction: 'server',
    rooms: ['socket', 'attempt'],
    summary:
      "The attempt's deadline by the server clock: to the joining socket on `attempt:join`, and to the attempt's room when a proctor extends or reinstates it, when a rest break starts or ends early, and when Redis returns from an outage. Count down from `deadlineAt - serverNow`, not from the device clock.",
    payload: attemptTimeEventSchema,
  },
  {
    name: SOCKET_EVENTS.submitted,
    direction: 'server',
    rooms: ['attempt'],
    summary: 'The attempt is closed, whatever closed it: the student, the deadline, violations or a proctor. Stop sending saves.',
    payload: attemptSubmittedEventSchema,
  },
  {
    name: PROCTOR_EVENTS.reinstated,
    direction: 'server',
    rooms: ['attempt'],
    summary: 'A proctor reopened the attempt; `attempt:time` with its deadline follows. Send `attempt:join` to carry on.',
    payload: attemptReinstatedEventSchema,
  },
  {
    name: SOCKET_EVENTS.break,
    direction: 'server',
    rooms: ['attempt'],
    summary:
      'The attempt\'s rest break changed: asked, withdrawn, refused by a proctor (`refused: true`), started (by a proctor or at once when automatic), or ended (by the student, a proctor, or by itself when the break time ran out; the server ends such breaks within about a second). While `break.state` is `on-break` and `endsAt` is ahead, hide the questions and hold saves; the deadline already holds the break.',
    payload: attemptBreakEventSchema,
  },
  {
    name: PROCTOR_EVENTS.accommodation,
    direction: 'server',
    rooms: ['attempt'],
    summary:
      "The student's accommodation in this exam changed while they sit it (a teacher or admin edited or removed it; `null`: none any more): the display and the rest breaks follow at once. Extra time already fixed the deadline when the attempt started and is not changed; a new break allowance counts from now.",
    payload: attemptAccommodationEventSchema,
  },
  {
    name: PROCTOR_EVENTS.message,
    direction: 'server',
    rooms: ['attempt', 'examStudents'],
    summary: "A proctor's message: to one attempt's room, or to every student sitting the exam.",
    payload: proctorMessageEventSchema,
  },
  {
    name: NOTIFICATION_EVENT,
    direction: 'server',
    rooms: ['user'],
    summary: 'A notification was stored for the user (a result, a published exam, a reminder, a proctor message).',
    payload: notificationEventSchema,
  },
  {
    name: PROCTOR_EVENTS.snapshot,
    direction: 'server',
    rooms: ['socket'],
    summary: 'A page of the snapshot `proctor:watch` asked for, to the socket that asked, before its acknowledgement.',
    payload: proctorSnapshotEventSchema,
  },
  {
    name: PROCTOR_EVENTS.row,
    direction: 'server',
    rooms: ['examProctors'],
    summary: "One student's row changed (with each `proctor:event` but a violation's on an open attempt, which carries its change itself); replace the row with the same attemptId.",
    payload: proctorRowSchema,
  },
  {
    name: PROCTOR_EVENTS.event,
    direction: 'server',
    rooms: ['examProctors'],
    summary:
      "Something happened in an attempt: joined, left, violation, submitted, message, extended, reinstated, progress. A violation that left the attempt open comes without a `proctor:row`: its `detail` is `{ violation, counts: { tabSwitches, fullscreenExits, other } }`, the row's `violations` as they now stand, and its `at` the row's `lastEventAt`.",
    payload: proctorEventSchema,
  },
  {
    name: PROCTOR_EVENTS.progress,
    direction: 'server',
    rooms: ['examProctors'],
    summary: 'Each second, the answered counts of the students who saved (up to 250 a message).',
    payload: proctorProgressEventSchema,
  },
  {
    name: PROCTOR_EVENTS.deviceHealth,
    direction: 'server',
    rooms: ['examProctors'],
    summary: "A student's device reported its unacknowledged saves (`attempt:health`).",
    payload: proctorHealthEventSchema,
  },
  {
    name: PROCTOR_EVENTS.resync,
    direction: 'server',
    rooms: ['examProctors'],
    summary: 'Redis returned from an outage and live deltas may have been lost: send `proctor:watch` again for a fresh snapshot.',
    payload: proctorResyncEventSchema,
  },
  {
    name: PROCTOR_EVENTS.waiver,
    direction: 'server',
    rooms: ['examProctors', 'user', 'attempt'],
    summary: "A teacher or admin waived one of a student's checks (an accommodation) or revoked the waiver. The student's device stops or starts that check; flags of a waived check are acknowledged `ignored` and not recorded. The proctors' copy names who decided (`by`, `byName`); the student's does not.",
    payload: proctorWaiverEventSchema,
  },
  {
    name: PROCTOR_EVENTS.help,
    direction: 'server',
    rooms: ['examProctors'],
    summary: 'A student who cannot pass a required check asked for help, or a proctor resolved the request (naming them: `by`, `byName`).',
    payload: proctorHelpEventSchema,
  },
  {
    name: PROCTOR_EVENTS.thumbs,
    direction: 'server',
    rooms: ['examStudents'],
    summary: "A board shows the hall's tiles: send a camera thumbnail (`attempt:thumb`) every `intervalMs`; `null`: stop. Stop too when the attempt ends.",
    payload: attemptThumbsEventSchema,
  },
  {
    name: PROCTOR_EVENTS.thumbRelay,
    direction: 'server',
    rooms: ['examProctors'],
    summary: "A student's latest camera thumbnail for their tile (and for a large camera tile on a slow link). Never stored.",
    payload: proctorThumbEventSchema,
  },
  {
    name: CAMERA_EVENTS.request,
    direction: 'server',
    rooms: ['attempt'],
    summary:
      'A proctor asks for the camera: open a simple-peer (initiator) towards `proctorSocketId` with `iceServers` in its RTC config, and send its signals with `rtc:signal`.',
    payload: cameraRequestEventSchema,
  },
  {
    name: CAMERA_EVENTS.stop,
    direction: 'server',
    rooms: ['attempt'],
    summary: 'The proctor closed the camera tile: destroy the peer towards `proctorSocketId`.',
    payload: cameraEventSchema,
  },
  {
    name: CAMERA_EVENTS.closed,
    direction: 'server',
    rooms: ['attempt', 'examProctors'],
    summary:
      "The attempt ended (submitted, timed out, closed for violations or by a proctor): every camera peer of the attempt closes, on the student's side and on every proctor's, and the student's camera goes off. Sent just before `attempt:submitted`.",
    payload: cameraClosedEventSchema,
  },
  {
    name: CAMERA_EVENTS.signal,
    direction: 'server',
    rooms: ['socket'],
    summary: 'A WebRTC signal from the socket `from`; feed `data` to the peer towards it.',
    payload: rtcSignalEventSchema,
  },
  {
    name: DASHBOARD_CHANGED_EVENT,
    direction: 'server',
    rooms: ['user', 'admins'],
    summary:
      "What the user's dashboard shows has changed (an attempt started, was submitted or graded; for admins also a contact message arrived): fetch the dashboard call again. To the exam's owner and the student concerned, and to every admin.",
    payload: dashboardChangedEventSchema,
  },
];

/**
 * Messages one server process sends the others through the Redis adapter (`serverSideEmit`,
 * heard with `io.on` / `onNodeEvent`). No client ever sends or receives them; they are listed
 * apart so a reader of the code can tell them from the client protocol.
 */
export interface NodeEvent {
  name: string;
  summary: string;
}

export const NODE_EVENTS: NodeEvent[] = [
  {
    name: RESYNC_ALL,
    summary:
      "A node whose Redis connection came back after an outage asks every other node to bring its own sockets up to date: each sends `proctor:resync` to its proctor boards and `attempt:time` or `attempt:submitted` to its sitting students, from the database.",
  },
  {
    name: SETTINGS_CHANGED_EVENT,
    summary: "An admin changed the platform settings: every other node forgets its cached copy and reads them again on next use.",
  },
  {
    name: WAIVERS_CHANGED,
    summary: "A teacher or admin granted or revoked a waiver of a proctoring check, or changed a student's accommodation (its waived checks): every other node forgets the waivers it read, so the next flag of that check is judged by the change.",
  },
];

/** The `message` of a refused handshake's `connect_error`. */
export const HANDSHAKE = {
  [HANDSHAKE_ERRORS.unauthorized]: 'No token, a bad one, or its session is over (an expired token is accepted only for a student with an attempt in progress). Sign in again.',
  [HANDSHAKE_ERRORS.unavailable]: 'The server could not check the session (its database is down). The session is not over: keep retrying, as the Socket.IO client does.',
  [HANDSHAKE_ERRORS.tooManyConnections]:
    'This person already holds as many connections as one server allows (`SOCKETS_PER_USER`, 40 by default): too many windows or tabs. `data` is `{ code: "too-many-connections", message }`, the message in the user\'s language. Retrying does not help until one of them closes: show the message.',
  [HANDSHAKE_ERRORS.networkBusy]:
    'The client\'s address (a school\'s shared address, say) holds as many connections as one server allows (`SOCKETS_PER_ADDRESS`, 5000 by default). `data` is `{ code: "network-busy", message }`. Retry after a pause.',
} as const;

export const PROTOCOL_EVENTS: ProtocolEvent[] = [...CLIENT_EVENTS, ...SERVER_EVENTS];
