import { msg } from '../../i18n/messages';
import { isDeviceFlag, type AccommodationView, type BreakState, type JoinData, type SubmitReason, type ViolationType, type WaivableCheck } from '@exam/shared';
import { and, assign, cancel, enqueueActions, fromCallback, fromPromise, raise, sendTo, setup, type EventObject } from 'xstate';
import { acknowledge, applyServerState, drop, emptyBook, pendingInOrder, recordAnswer, unsentCount, withRestored, type AnswerBook } from './answerBook';
import { clockOffset, timeLeftMs } from './clock';
import { TAKING_MSG } from './messages';
import { breakLeftAt, breakShareOfDeadline, effectiveDeadline, examTimeLeft, nextBreak, restingAt, type EndedBreak } from './restBreak';
import { giveConsent } from './proctoring/api';
import { proctorChecksActor, type FlagFields, type ProctorChecksCommand, type ProctorChecksInput } from './proctoring/proctorChecksActor';
import {
  TakingError,
  type ExamInfo,
  type LoadFailure,
  type LoadedExam,
  type PendingSave,
  type Proctoring,
  type RestoredLocal,
  type StartedAttempt,
  type SubmitOutcome,
  type TakingQuestion,
  type ViolationCounts,
  type Warning,
} from './types';

/**
 * The exam-taking screen's phases (docs/live-session.md). Pure: the API, the
 * socket, storage, the clock, the page's events and the toasts are actors and actions the screen
 * provides with `.provide()`, so every transition runs in a plain actor under test.
 *
 * loading → startScreen (skipped when an attempt is open: a reload goes straight back in) →
 * starting (consenting → requesting → restoring) → attempt, where the socket session
 * lives: inProgress (online | reconnecting) → submitting (flushing → sending) → submitted, or
 * timeExpired → submitted when the clock runs out; error when the exam cannot be opened.
 */

/** Commands the machine sends to the socket session actor. */
export type SessionCommand =
  | { type: 'session.join' }
  /** Saves to store in the outbox and emit, in this order (one new answer, or a replay). */
  | { type: 'session.save'; saves: PendingSave[] }
  | { type: 'session.violation'; violationType: ViolationType; at: number; flag?: FlagFields }
  /** Ask for a rest break, withdraw the request, or come back from the break. */
  | { type: 'session.break'; action: BreakAction };

export type BreakAction = 'request' | 'cancel' | 'end';

/** What the break notice tells: a proctor said no, the break time ran out, or the server refused the action (its words). */
export type BreakNotice = { kind: 'refused' } | { kind: 'usedUp' } | { kind: 'failed'; message: string };

export type ExamEvent =
  /** The student ticked the consent box for this version of what is checked (sent before user.start). */
  | { type: 'consent.accepted'; profileHash: string }
  | { type: 'user.start' }
  | { type: 'user.answer'; questionId: string; answer: string | null }
  | { type: 'user.goto'; index: number }
  | { type: 'user.next' }
  | { type: 'user.prev' }
  | { type: 'user.toggleMark'; questionId: string }
  | { type: 'user.submit' }
  | { type: 'user.dismissWarning' }
  | { type: 'user.retry' }
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected' }
  | { type: 'socket.joined'; data: JoinData; sentAt: number; receivedAt: number }
  | { type: 'socket.joinFailed'; code: string; message: string }
  | { type: 'socket.unauthorized' }
  | { type: 'socket.tooMany'; message: string }
  | { type: 'server.time'; serverNow: string; deadlineAt: string }
  | { type: 'server.submitted'; reason: SubmitReason | null }
  /** A proctor undid an automatic submission for violations: the student continues where they were. */
  | { type: 'server.reinstated' }
  | { type: 'proctor.message'; text: string; at: string }
  | { type: 'user.dismissMessage'; id: number }
  | { type: 'save.acked'; questionId: string; seq: number }
  | { type: 'save.rejected'; questionId: string; seq: number; code: string; message: string }
  | { type: 'save.failed'; questionId: string; seq: number }
  | { type: 'outbox.unavailable' }
  | { type: 'outbox.retry' }
  /** A page event, or a check on the device (then with its confidence, duration and flag id). */
  | { type: 'violation.reported'; violationType: ViolationType; at: number; flag?: FlagFields }
  | { type: 'violation.acked'; violationType: ViolationType; counts: ViolationCounts; submitted: boolean }
  /** A proctor waived a check for this student, or took the waiver back. */
  | { type: 'proctor.waiver'; check: WaivableCheck; granted: boolean }
  /** The shared screen stopped (the student must share it again), or it is shared again. */
  | { type: 'screen.ended' }
  | { type: 'screen.reshared' }
  | { type: 'page.visible' }
  /** The student asks for a break, withdraws the request, or comes back (rest breaks, issue 56). */
  | { type: 'user.break'; action: BreakAction }
  | { type: 'user.dismissBreakNotice' }
  /** The attempt's break state, from the room's attempt:break or an action's acknowledgement. */
  | { type: 'server.break'; serverNow: string; break: BreakState; refused?: boolean }
  /** The server would not do the break action (its words), or it could not be sent. */
  | { type: 'break.failed'; message: string }
  /** A teacher changed the student's accommodation mid-exam: the display follows at once. */
  | { type: 'server.accommodation'; accommodation: AccommodationView | null }
  | { type: 'timer.tick'; now: number }
  | { type: 'timer.expired' };

export interface ExamContext {
  examId: string;
  exam: ExamInfo | null;
  attemptInProgress: boolean;
  attemptId: string | null;
  questions: TakingQuestion[];
  /** Server-clock milliseconds. */
  startedAt: number;
  deadlineAt: number;
  /** Server clock minus ours. */
  offset: number;
  /** Our clock at the last tick. */
  now: number;
  book: AnswerBook;
  marked: string[];
  current: number;
  online: boolean;
  /** Whether the socket has connected at least once (before that the screen says 'Connecting…'). */
  everOnline: boolean;
  outboxAvailable: boolean;
  counts: ViolationCounts;
  warning: Warning | null;
  failure: LoadFailure | null;
  outcome: SubmitOutcome | null;
  /** Answer changes the server refused because the attempt had closed. */
  lostSaves: number;
  /** The save(s) the last answer produced, on their way to the session actor. */
  outgoing: PendingSave[];
  /** Proctor messages not dismissed yet, oldest first. */
  messages: ProctorMessage[];
  /** The student submitted from this screen: the result is theirs to see at once (not an automatic end to explain). */
  submittedHere: boolean;
  /** The version of what is checked the student accepted on the start screen, until the server has stored it. */
  consentHash: string | null;
  /** Checks a proctor waived for this student during the attempt. */
  waivers: WaivableCheck[];
  /** The required screen share stopped: the exam asks for it again and blocks until then. */
  screenShareLost: boolean;
  /** What the student is given in this exam (issue 56): the display modes and the extra time note. */
  accommodation: AccommodationView | null;
  /** Server time the deadline was read at: a deadline read before a break's start or end lacks its move (restBreak.ts). */
  deadlineReadAt: number;
  /** The attempt's rest breaks; null when the student has none. */
  rest: BreakState | null;
  /** Server time of the newest break state heard: an older one arriving late is ignored. */
  restAt: number;
  endedBreak: EndedBreak | null;
  breakNotice: BreakNotice | null;
  /** A break action is on its way to the server: its buttons wait for the answer. */
  breakBusy: boolean;
}

export interface ProctorMessage {
  id: number;
  text: string;
  at: string;
}

/** A flood of messages must not bury the exam: the oldest go first. */
export const MAX_SHOWN_MESSAGES = 3;

export interface SubmitInput {
  examId: string;
  attemptId: string;
  answers: Record<string, string | null>;
  /** Seconds by the server clock since the start (the server records it but trusts its own). */
  timeSpent: number;
  securityFlags: { tabSwitches: number; fullscreenExited: number; warningsReceived: number };
}

const notProvided = (name: string) => () => {
  throw new Error(`${name} was not provided`);
};

/** What an invoke's error says to the student; the real actors throw display-ready TakingErrors. */
function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function asFailure(error: unknown): LoadFailure {
  if (error instanceof TakingError) return { kind: error.kind, message: error.message, ...(error.seb ? { seb: error.seb } : {}) };
  return { kind: 'other', message: errorText(error, msg('common.unexpectedError')) };
}

const initialContext = (examId: string): ExamContext => ({
  examId,
  exam: null,
  attemptInProgress: false,
  attemptId: null,
  questions: [],
  startedAt: 0,
  deadlineAt: 0,
  offset: 0,
  now: 0,
  book: emptyBook(),
  marked: [],
  current: 0,
  online: false,
  everOnline: false,
  outboxAvailable: true,
  counts: { tabSwitches: 0, fullscreenExits: 0 },
  warning: null,
  failure: null,
  outcome: null,
  lostSaves: 0,
  outgoing: [],
  messages: [],
  submittedHere: false,
  consentHash: null,
  waivers: [],
  screenShareLost: false,
  accommodation: null,
  deadlineReadAt: 0,
  rest: null,
  restAt: 0,
  endedBreak: null,
  breakNotice: null,
  breakBusy: false,
});

const reviewParams = ({ context }: { context: ExamContext }) => ({ attemptId: context.attemptId ?? '', marked: context.marked, current: context.current });

const clampIndex = (context: ExamContext, index: number) => Math.min(Math.max(0, index), Math.max(0, context.questions.length - 1));

/** Time left by the server's clock, in milliseconds, as of the context's last tick; it stands still on a rest break. */
export const contextTimeLeft = (context: ExamContext, now: number = context.now) =>
  context.rest || context.endedBreak ? examTimeLeft(context, now + context.offset) : timeLeftMs(context.deadlineAt, now, context.offset);

/** The exam's own time: deadline minus start, without the break time it was moved by. */
export const contextTotalTime = (context: ExamContext) => Math.max(0, effectiveDeadline(context) - breakShareOfDeadline(context) - context.startedAt);

/** On a rest break as of the context's last tick (by the server's clock). */
export const contextOnBreak = (context: ExamContext, now: number = context.now) => restingAt(context.rest, now + context.offset);

/** Break time left as of the last tick; null when the student has no breaks. */
export const contextBreakLeft = (context: ExamContext) => breakLeftAt(context.rest, context.now + context.offset);

/** The context after a break state heard at `serverNow`; nothing when an older one. */
function withBreak(context: ExamContext, rest: BreakState | null, serverNow: string, refused = false): Partial<ExamContext> {
  const at = Date.parse(serverNow);
  const change = nextBreak(context, rest, Number.isNaN(at) ? context.restAt : at);
  if (!change) return {};
  const usedUp = change.ended && !!rest && breakLeftAt(rest, at) === 0;
  const notice: BreakNotice | null = refused ? { kind: 'refused' } : usedUp ? { kind: 'usedUp' } : change.started ? null : context.breakNotice;
  return { rest: change.rest, restAt: change.restAt, endedBreak: change.endedBreak, breakNotice: notice };
}

/** A side effect the screen provides (liveMachine.ts): here only the parameters it is given. */
const providedByScreen = <Params>() => (() => undefined) as (args: unknown, params: Params) => undefined;

export const examTakingMachine = setup({
  types: {
    context: {} as ExamContext,
    events: {} as ExamEvent,
    input: {} as { examId: string },
  },
  actors: {
    loadExam: fromPromise<LoadedExam, { examId: string }>(notProvided('loadExam')),
    // Real by default, so the screen that provides the others need not know of it; tests provide fakes.
    giveConsent: fromPromise<void, { examId: string; profileHash: string }>(({ input }) => giveConsent(input.examId, input.profileHash)),
    startAttempt: fromPromise<StartedAttempt, { examId: string }>(notProvided('startAttempt')),
    restoreLocal: fromPromise<RestoredLocal, { attemptId: string }>(notProvided('restoreLocal')),
    submitAttempt: fromPromise<SubmitOutcome, SubmitInput>(notProvided('submitAttempt')),
    readSubmitReason: fromPromise<SubmitOutcome, { attemptId: string }>(notProvided('readSubmitReason')),
    session: fromCallback<SessionCommand, { attemptId: string }>(() => undefined),
    ticker: fromCallback<EventObject>(() => undefined),
    pageEvents: fromCallback<EventObject, { proctoring: Proctoring }>(() => undefined),
    proctorChecks: fromCallback<ProctorChecksCommand, ProctorChecksInput>(proctorChecksActor),
  },
  delays: {
    /** How long a submit waits for the last saves' acks before giving up honestly. */
    submitFlushTimeout: 15_000,
    /** After zero, how long to wait for the server's attempt:submitted before asking again. */
    expiryRecheck: 4_000,
    /** A save with no ack (timeout, server hiccup) is sent again after this. */
    saveRetry: 3_000,
  },
  guards: {
    hasExam: ({ context }) => context.exam !== null,
    consentToGive: ({ context }) => context.consentHash !== null,
    // A flag from the checks on the device only informs: it never warns on the screen.
    deviceFlagAck: ({ event }) => event.type === 'violation.acked' && isDeviceFlag(event.violationType),
    // A reload (or a second visit) mid-exam goes straight back in: the server resumes the open attempt.
    attemptOpen: ({ event }) => (event as unknown as { output: LoadedExam }).output.attemptInProgress,
    isOnline: ({ context }) => context.online,
    nothingPending: ({ context }) => Object.keys(context.book.pending).length === 0,
    deadlinePassed: ({ context, event }) => event.type === 'timer.tick' && context.deadlineAt > 0 && contextTimeLeft(context, event.now) <= 0,
    joinSaysClosed: ({ event }) => event.type === 'socket.joined' && event.data.status !== 'in_progress',
    timeRemainsAfterJoin: ({ event }) =>
      event.type === 'socket.joined' &&
      timeLeftMs(Date.parse(event.data.deadlineAt), event.receivedAt, clockOffset(event.data.serverNow, event.sentAt, event.receivedAt)) > 0,
    joinRefusedForGood: ({ event }) => event.type === 'socket.joinFailed' && (event.code === 'forbidden' || event.code === 'not-found'),
    violationSubmitted: ({ event }) => event.type === 'violation.acked' && event.submitted,
    attemptClosedRejection: ({ event }) => event.type === 'save.rejected' && event.code === 'attempt-closed',
    // 'unauthorized': the session ended under the socket; the save waits for the next sign-in.
    transientRejection: ({ event }) => event.type === 'save.rejected' && (event.code === 'error' || event.code === 'unauthorized'),
    // Refused during a rest break: kept, and sent again when the break ends.
    breakRejection: ({ event }) => event.type === 'save.rejected' && event.code === 'on-break',
    // The server ignores violations on a break; the screen does not send them.
    knownOnBreak: ({ context }) => context.rest?.state === 'on-break',
    // The break under way ends with this (newer) state: the saves refused meanwhile go again.
    breakEnds: ({ context, event }) =>
      event.type === 'server.break' && context.rest?.state === 'on-break' && event.break.state !== 'on-break' && Date.parse(event.serverNow) >= context.restAt,
    violationCounts: ({ context, event }) => event.type !== 'violation.reported' || !restingAt(context.rest, event.at + context.offset),
    reasonKnown: ({ context }) => context.outcome?.reason != null,
    canRetryLoad: ({ context }) => context.failure?.kind === 'network' || context.failure?.kind === 'other',
  },
  actions: {
    // Side effects, provided by the screen.
    notifyStartError: providedByScreen<{ message: string }>(),
    notifySubmitError: providedByScreen<{ message: string }>(),
    notifyStarted: providedByScreen<{ message: string | undefined }>(),
    notifySubmitted: () => undefined,
    persistReview: providedByScreen<{ attemptId: string; marked: string[]; current: number }>(),
    clearLocal: providedByScreen<{ attemptId: string }>(),
    exitFullscreen: () => undefined,

    applyLoaded: assign(({ event }) => {
      const loaded = (event as unknown as { output: LoadedExam }).output;
      return { exam: loaded.exam, attemptInProgress: loaded.attemptInProgress };
    }),
    assignNow: assign({ now: ({ context, event }) => (event.type === 'timer.tick' ? event.now : context.now) }),
    applyStarted: assign(({ event }) => {
      const started = (event as unknown as { output: StartedAttempt }).output;
      return {
        attemptId: started.attemptId,
        questions: started.questions,
        startedAt: started.startedAt,
        deadlineAt: Date.parse(started.session.deadlineAt),
        offset: clockOffset(started.session.serverNow, started.sentAt, started.receivedAt),
        now: started.receivedAt,
        book: applyServerState(emptyBook(), started.session),
        accommodation: started.session.accommodation ?? null,
        deadlineReadAt: Date.parse(started.session.serverNow),
        ...withBreak(initialContext(''), started.session.break ?? null, started.session.serverNow),
      };
    }),
    applyRestored: assign(({ context, event }) => {
      const restored = (event as unknown as { output: RestoredLocal }).output;
      const known = new Set(context.questions.map((q) => q._id));
      const pending = restored.pending.filter((p) => known.has(p.questionId));
      // The start response said what the server holds; local saves it lacks go on top.
      const book = applyServerState(withRestored(context.book, pending), { answers: context.book.answers, seqs: context.book.seqs });
      return {
        book,
        marked: restored.marked.filter((id) => known.has(id)),
        current: clampIndex(context, restored.current),
        outboxAvailable: restored.outboxAvailable,
      };
    }),
    applyJoin: assign(({ context, event }) => {
      if (event.type !== 'socket.joined') return {};
      return {
        book: applyServerState(context.book, event.data),
        deadlineAt: Date.parse(event.data.deadlineAt),
        offset: clockOffset(event.data.serverNow, event.sentAt, event.receivedAt),
        now: event.receivedAt,
        // A join without the field (an older server) leaves the display as it was.
        accommodation: event.data.accommodation === undefined ? context.accommodation : event.data.accommodation,
        deadlineReadAt: Date.parse(event.data.serverNow),
        // An older server's join says nothing of breaks: the state stays as it was.
        ...(event.data.break === undefined ? {} : withBreak(context, event.data.break, event.data.serverNow)),
      };
    }),
    applyTime: assign({
      // A proctor's extension (or the join) moves the deadline at once; the offset stays the
      // round-trip-corrected one from the last join.
      deadlineAt: ({ context, event }) => {
        if (event.type !== 'server.time') return context.deadlineAt;
        const at = Date.parse(event.deadlineAt);
        return Number.isNaN(at) ? context.deadlineAt : at;
      },
      deadlineReadAt: ({ context, event }) => {
        if (event.type !== 'server.time' || Number.isNaN(Date.parse(event.deadlineAt))) return context.deadlineReadAt;
        const read = Date.parse(event.serverNow);
        return Number.isNaN(read) ? context.deadlineReadAt : read;
      },
    }),
    applyBreak: assign(({ context, event }) => {
      if (event.type !== 'server.break') return {};
      return { ...withBreak(context, event.break, event.serverNow, !!event.refused), breakBusy: false };
    }),
    sendBreak: sendTo('session', ({ event }): SessionCommand => ({ type: 'session.break', action: event.type === 'user.break' ? event.action : 'end' })),
    recordAnswer: assign(({ context, event }) => {
      if (event.type !== 'user.answer' || !context.questions.some((q) => q._id === event.questionId)) return { outgoing: [] };
      const result = recordAnswer(context.book, event.questionId, event.answer);
      return result ? { book: result.book, outgoing: [result.save] } : { outgoing: [] };
    }),
    sendOutgoing: sendTo('session', ({ context }): SessionCommand => ({ type: 'session.save', saves: context.outgoing })),
    // On a break the server refuses saves: they wait in the outbox for its end.
    replayPending: sendTo('session', ({ context }): SessionCommand => ({
      type: 'session.save',
      saves: contextOnBreak(context) ? [] : pendingInOrder(context.book),
    })),
    acknowledgeSave: assign({
      book: ({ context, event }) => (event.type === 'save.acked' ? acknowledge(context.book, event.questionId, event.seq) : context.book),
    }),
    dropSave: assign({
      book: ({ context, event }) => (event.type === 'save.rejected' ? drop(context.book, event.questionId, event.seq) : context.book),
    }),
    countLost: assign({ lostSaves: ({ context }) => context.lostSaves + 1 }),
    cancelRetry: cancel('save-retry'),
    scheduleRetry: raise({ type: 'outbox.retry' }, { id: 'save-retry', delay: 'saveRetry' }),
    requestJoin: sendTo('session', { type: 'session.join' } satisfies SessionCommand),
    sendViolation: sendTo('session', ({ event }): SessionCommand => {
      const e = event as Extract<ExamEvent, { type: 'violation.reported' }>;
      return { type: 'session.violation', violationType: e.violationType, at: e.at, ...(e.flag ? { flag: e.flag } : {}) };
    }),
    applyWaiver: assign({
      waivers: ({ context, event }) => {
        if (event.type !== 'proctor.waiver') return context.waivers;
        const others = context.waivers.filter((c) => c !== event.check);
        return event.granted ? [...others, event.check] : others;
      },
      // A waived screen share is no longer asked for.
      screenShareLost: ({ context, event }) => (event.type === 'proctor.waiver' && event.granted && event.check === 'screen-share' ? false : context.screenShareLost),
    }),
    forwardWaivers: sendTo('proctorChecks', ({ context }): ProctorChecksCommand => ({ type: 'waivers', waivers: context.waivers })),
    // The checks on the device raise nothing (nor take evidence pictures) while the student is away.
    forwardBreak: sendTo('proctorChecks', ({ context }): ProctorChecksCommand => ({ type: 'break', onBreak: context.rest?.state === 'on-break' })),
    takeCounts: assign({ counts: ({ context, event }) => (event.type === 'violation.acked' ? event.counts : context.counts) }),
    showWarning: assign(({ context, event }) => {
      if (event.type !== 'violation.acked') return {};
      return { counts: event.counts, warning: { violationType: event.violationType, counts: event.counts, id: (context.warning?.id ?? 0) + 1 } };
    }),
    submittedBy: assign(({ context, event }, params: { reason: SubmitReason | null }) => ({
      counts: event.type === 'violation.acked' ? event.counts : context.counts,
      outcome: { submissionId: context.attemptId ?? '', reason: params.reason },
    })),
    closedOnJoin: assign(({ context, event }, params: { reason: SubmitReason | null }) => {
      if (event.type !== 'socket.joined') return {};
      // Saves this device holds that the server never got: the attempt closed without them.
      const lost = unsentCount(context.book, event.data.seqs);
      return {
        outcome: { submissionId: context.attemptId ?? '', reason: context.outcome?.reason ?? params.reason },
        lostSaves: context.lostSaves + lost,
        book: applyServerState({ ...context.book, pending: {} }, event.data),
      };
    }),
    addMessage: assign({
      messages: ({ context, event }) => {
        if (event.type !== 'proctor.message') return context.messages;
        const id = (context.messages.at(-1)?.id ?? 0) + 1;
        return [...context.messages, { id, text: event.text, at: event.at }].slice(-MAX_SHOWN_MESSAGES);
      },
    }),
    dismissMessage: assign({
      messages: ({ context, event }) => (event.type === 'user.dismissMessage' ? context.messages.filter((m) => m.id !== event.id) : context.messages),
    }),
    // The server cleared the counts it had submitted for; the screen starts them again from zero.
    reinstate: assign({ outcome: null, counts: { tabSwitches: 0, fullscreenExits: 0 }, warning: null, lostSaves: 0, submittedHere: false }),
    goTo: assign({
      current: ({ context, event }) =>
        clampIndex(
          context,
          event.type === 'user.goto' ? event.index : event.type === 'user.next' ? context.current + 1 : event.type === 'user.prev' ? context.current - 1 : context.current,
        ),
    }),
    toggleMark: assign({
      marked: ({ context, event }) => {
        if (event.type !== 'user.toggleMark') return context.marked;
        return context.marked.includes(event.questionId) ? context.marked.filter((id) => id !== event.questionId) : [...context.marked, event.questionId];
      },
    }),
  },
}).createMachine({
  id: 'exam',
  initial: 'loading',
  context: ({ input }) => initialContext(input.examId),
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'loadExam',
        input: ({ context }) => ({ examId: context.examId }),
        onDone: [
          { guard: 'attemptOpen', target: 'starting', actions: 'applyLoaded' },
          { target: 'startScreen', actions: 'applyLoaded' },
        ],
        onError: { target: 'error', actions: assign({ failure: ({ event }) => asFailure(event.error) }) },
      },
    },

    startScreen: {
      on: {
        'consent.accepted': { actions: assign({ consentHash: ({ event }) => event.profileHash }) },
        'user.start': { guard: 'hasExam', target: 'starting' },
      },
    },

    starting: {
      initial: 'checkingConsent',
      states: {
        // The acceptance is stored before the attempt starts: the server refuses a start without it.
        // A resumed attempt, or an exam that checks nothing, has no consent to give and goes straight on.
        checkingConsent: {
          always: [{ guard: 'consentToGive', target: 'consenting' }, { target: 'requesting' }],
        },
        consenting: {
          invoke: {
            src: 'giveConsent',
            input: ({ context }) => ({ examId: context.examId, profileHash: context.consentHash ?? '' }),
            onDone: { target: 'requesting', actions: assign({ consentHash: null }) },
            onError: {
              target: '#exam.startScreen',
              actions: [
                assign({ consentHash: null }),
                { type: 'notifyStartError', params: ({ event }) => ({ message: errorText(event.error, TAKING_MSG.startFailed) }) },
              ],
            },
          },
        },
        requesting: {
          invoke: {
            src: 'startAttempt',
            input: ({ context }) => ({ examId: context.examId }),
            onDone: {
              target: 'restoring',
              actions: ['applyStarted', { type: 'notifyStarted', params: ({ event }) => ({ message: event.output.message }) }],
            },
            onError: {
              target: '#exam.startScreen',
              actions: { type: 'notifyStartError', params: ({ event }) => ({ message: errorText(event.error, TAKING_MSG.startFailed) }) },
            },
          },
        },
        restoring: {
          invoke: {
            src: 'restoreLocal',
            input: ({ context }) => ({ attemptId: context.attemptId ?? '' }),
            onDone: { target: '#exam.attempt', actions: 'applyRestored' },
            // Without IndexedDB the exam still runs; answers just cannot outlive the tab until acked.
            onError: { target: '#exam.attempt', actions: assign({ outboxAvailable: false }) },
          },
        },
      },
    },

    attempt: {
      invoke: { id: 'session', src: 'session', input: ({ context }) => ({ attemptId: context.attemptId ?? '' }) },
      initial: 'inProgress',
      on: {
        'socket.connected': { actions: assign({ online: true, everOnline: true }) },
        'socket.disconnected': { actions: assign({ online: false }) },
        'socket.joined': { actions: 'applyJoin' },
        'socket.joinFailed': {
          guard: 'joinRefusedForGood',
          target: '#exam.error',
          actions: assign({ failure: ({ event }) => ({ kind: 'forbidden', message: event.type === 'socket.joinFailed' ? event.message : TAKING_MSG.attemptUnavailable }) }),
        },
        'socket.unauthorized': { target: '#exam.error', actions: assign({ failure: () => ({ kind: 'session' as const, message: TAKING_MSG.sessionOver }) }) },
        // Too many of the student's windows hold connections: the message, and Retry once one is closed.
        'socket.tooMany': { target: '#exam.error', actions: assign({ failure: ({ event }) => ({ kind: 'other' as const, message: event.message }) }) },
        'server.time': { actions: 'applyTime' },
        'save.acked': { actions: 'acknowledgeSave' },
        'save.failed': { actions: ['cancelRetry', 'scheduleRetry'] },
        'save.rejected': [
          { guard: 'attemptClosedRejection', actions: ['dropSave', 'countLost', 'requestJoin'] },
          // Not known to be on a break: the join says where the break stands (and replays when it can).
          { guard: and(['breakRejection', 'knownOnBreak']) },
          { guard: 'breakRejection', actions: 'requestJoin' },
          { guard: 'transientRejection', actions: ['cancelRetry', 'scheduleRetry'] },
          // invalid / forbidden / not-found: it can never succeed, so it must not block submitting.
          { actions: 'dropSave' },
        ],
        'outbox.retry': { actions: 'replayPending' },
        'outbox.unavailable': { actions: assign({ outboxAvailable: false }) },
        'page.visible': { actions: 'requestJoin' },
        'timer.tick': { actions: 'assignNow' },
        'user.dismissWarning': { actions: assign({ warning: null }) },
        'proctor.message': { actions: 'addMessage' },
        'user.dismissMessage': { actions: 'dismissMessage' },
        'proctor.waiver': { actions: 'applyWaiver' },
        'screen.ended': { actions: assign({ screenShareLost: true }) },
        'screen.reshared': { actions: assign({ screenShareLost: false }) },
        'server.break': [{ guard: 'breakEnds', actions: ['applyBreak', 'replayPending'] }, { actions: 'applyBreak' }],
        'break.failed': { actions: assign({ breakBusy: false, breakNotice: ({ event }) => ({ kind: 'failed' as const, message: event.message }) }) },
        'user.dismissBreakNotice': { actions: assign({ breakNotice: null }) },
        'server.accommodation': { actions: assign({ accommodation: ({ event }) => event.accommodation }) },
      },
      states: {
        inProgress: {
          invoke: [
            { src: 'ticker' },
            { src: 'pageEvents', input: ({ context }) => ({ proctoring: context.exam!.settings.proctoring }) },
            {
              id: 'proctorChecks',
              src: 'proctorChecks',
              input: ({ context }) => ({
                examId: context.examId,
                attemptId: context.attemptId ?? '',
                proctoring: context.exam!.settings.proctoring,
                waivers: context.waivers,
                onBreak: contextOnBreak(context),
              }),
            },
          ],
          initial: 'connection',
          states: {
            connection: {
              always: [{ guard: 'isOnline', target: 'online' }, { target: 'reconnecting' }],
            },
            online: {
              on: { 'socket.disconnected': { target: 'reconnecting', actions: assign({ online: false }) } },
            },
            reconnecting: {
              on: { 'socket.connected': { target: 'online', actions: assign({ online: true, everOnline: true }) } },
            },
          },
          on: {
            'user.answer': { actions: ['recordAnswer', 'sendOutgoing'] },
            'user.goto': { actions: ['goTo', { type: 'persistReview', params: reviewParams }] },
            'user.next': { actions: ['goTo', { type: 'persistReview', params: reviewParams }] },
            'user.prev': { actions: ['goTo', { type: 'persistReview', params: reviewParams }] },
            'user.toggleMark': { actions: ['toggleMark', { type: 'persistReview', params: reviewParams }] },
            'user.submit': { target: 'submitting' },
            'user.break': { actions: [assign({ breakBusy: true, breakNotice: null }), 'sendBreak'] },
            'server.break': [{ guard: 'breakEnds', actions: ['applyBreak', 'replayPending', 'forwardBreak'] }, { actions: ['applyBreak', 'forwardBreak'] }],
            'timer.tick': [{ guard: 'deadlinePassed', target: 'timeExpired', actions: 'assignNow' }, { actions: 'assignNow' }],
            'timer.expired': { target: 'timeExpired' },
            'violation.reported': { guard: 'violationCounts', actions: 'sendViolation' },
            'violation.acked': [
              { guard: 'violationSubmitted', target: 'submitted', actions: { type: 'submittedBy', params: { reason: 'violations' } } },
              { guard: 'deviceFlagAck', actions: 'takeCounts' },
              { actions: 'showWarning' },
            ],
            'proctor.waiver': { actions: ['applyWaiver', 'forwardWaivers'] },
            'server.submitted': {
              target: 'submitted',
              actions: { type: 'submittedBy', params: ({ event }) => ({ reason: event.reason }) },
            },
            'socket.joined': [
              { guard: 'joinSaysClosed', target: 'submitted', actions: { type: 'closedOnJoin', params: { reason: null } } },
              { actions: ['applyJoin', 'replayPending'] },
            ],
          },
        },

        submitting: {
          invoke: [
            { src: 'ticker' },
            { src: 'pageEvents', input: ({ context }) => ({ proctoring: context.exam!.settings.proctoring }) },
          ],
          initial: 'flushing',
          states: {
            flushing: {
              // Finishing always includes every answer made: wait for the last saves' acks first.
              always: { guard: 'nothingPending', target: 'sending' },
              on: { 'user.answer': { actions: ['recordAnswer', 'sendOutgoing'] } },
              after: {
                submitFlushTimeout: {
                  target: '#exam.attempt.inProgress',
                  actions: { type: 'notifySubmitError', params: () => ({ message: TAKING_MSG.unsentAtSubmit }) },
                },
              },
            },
            sending: {
              invoke: {
                src: 'submitAttempt',
                input: ({ context }) => ({
                  examId: context.examId,
                  attemptId: context.attemptId ?? '',
                  answers: context.book.answers,
                  // Break time is not time spent on the exam.
                  timeSpent: Math.max(0, Math.round((context.now + context.offset - context.startedAt - (context.rest?.usedMs ?? 0)) / 1000)),
                  securityFlags: {
                    tabSwitches: context.counts.tabSwitches,
                    fullscreenExited: context.counts.fullscreenExits,
                    warningsReceived: context.warning?.id ?? 0,
                  },
                }),
                // The toast comes from the submitted state's entry: the socket's word may arrive first.
                onDone: { target: '#exam.attempt.submitted', actions: assign({ outcome: ({ event }) => event.output, submittedHere: true }) },
                onError: {
                  target: '#exam.attempt.inProgress',
                  actions: { type: 'notifySubmitError', params: ({ event }) => ({ message: errorText(event.error, TAKING_MSG.submitFailed) }) },
                },
              },
            },
          },
          on: {
            'timer.tick': [{ guard: 'deadlinePassed', target: 'timeExpired', actions: 'assignNow' }, { actions: 'assignNow' }],
            'timer.expired': { target: 'timeExpired' },
            'violation.reported': { guard: 'violationCounts', actions: 'sendViolation' },
            'violation.acked': [
              { guard: 'violationSubmitted', target: 'submitted', actions: { type: 'submittedBy', params: { reason: 'violations' } } },
              { guard: 'deviceFlagAck', actions: 'takeCounts' },
              { actions: 'showWarning' },
            ],
            // The server's word can overtake the submit call's answer: a student submission
            // while this screen was submitting is this screen's own.
            'server.submitted': {
              target: 'submitted',
              actions: [
                { type: 'submittedBy', params: ({ event }) => ({ reason: event.reason }) },
                assign({ submittedHere: ({ event }) => event.reason === 'student' }),
              ],
            },
            'socket.joined': [
              { guard: 'joinSaysClosed', target: 'submitted', actions: { type: 'closedOnJoin', params: { reason: null } } },
              { actions: ['applyJoin', 'replayPending'] },
            ],
          },
        },

        timeExpired: {
          // The server's sweeper submits within about 1.5 s and says so; if that word does not
          // come (offline, a missed event), ask again by re-joining until the status is known.
          after: { expiryRecheck: { target: 'timeExpired', reenter: true, actions: 'requestJoin' } },
          on: {
            // Drafts flushed at zero: the server's grace still takes saves already in flight.
            'user.answer': { actions: ['recordAnswer', 'sendOutgoing'] },
            'server.submitted': {
              target: 'submitted',
              actions: { type: 'submittedBy', params: ({ event }) => ({ reason: event.reason ?? 'time-expired' }) },
            },
            'violation.acked': {
              guard: 'violationSubmitted',
              target: 'submitted',
              actions: { type: 'submittedBy', params: { reason: 'time-expired' } },
            },
            'socket.joined': [
              { guard: 'joinSaysClosed', target: 'submitted', actions: { type: 'closedOnJoin', params: { reason: 'time-expired' } } },
              // Our clock ran ahead of the server's: there is time left after all.
              { guard: 'timeRemainsAfterJoin', target: 'inProgress', actions: ['applyJoin', 'replayPending'] },
              { actions: ['applyJoin', 'replayPending'] },
            ],
          },
        },

        submitted: {
          entry: [
            'exitFullscreen',
            { type: 'clearLocal', params: ({ context }) => ({ attemptId: context.attemptId ?? '' }) },
            // Once per submission from this screen, whichever came first: the submit call's answer
            // or the socket's attempt:submitted (which often overtakes it).
            enqueueActions(({ context, enqueue }) => {
              if (context.submittedHere) enqueue('notifySubmitted');
            }),
          ],
          on: {
            // The server announces the submission before it acks the violation that caused it:
            // the ack's counts still belong in the explanation.
            'violation.acked': { actions: assign({ counts: ({ context, event }) => (event.type === 'violation.acked' ? event.counts : context.counts) }) },
            // Nothing left to do over the socket: its troubles no longer matter.
            'socket.unauthorized': {},
            'socket.tooMany': {},
            'socket.joinFailed': {},
            // The join re-reads the answers and the deadline the server kept.
            'server.reinstated': { target: 'inProgress', actions: ['reinstate', 'requestJoin'] },
          },
          initial: 'checkingReason',
          states: {
            checkingReason: {
              always: [{ guard: 'reasonKnown', target: 'done' }, { target: 'readingReason' }],
            },
            // A join only says "submitted", not why: ask the server.
            readingReason: {
              invoke: {
                src: 'readSubmitReason',
                input: ({ context }) => ({ attemptId: context.attemptId ?? '' }),
                onDone: { target: 'done', actions: assign({ outcome: ({ event }) => event.output }) },
                onError: { target: 'done' },
              },
            },
            done: {},
          },
        },
      },
    },

    error: {
      on: { 'user.retry': { guard: 'canRetryLoad', target: 'loading' } },
    },
  },
});

export type ExamTakingMachine = typeof examTakingMachine;
