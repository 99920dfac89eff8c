import { PROCTOR_EVENTS, SOCKET_EVENTS, SUBMIT_REASONS, VIOLATION_TYPES, breakAckSchema, proctorWaiverEventSchema, type ViolationType } from '@exam/shared';
import { fromCallback } from 'xstate';
import { z } from 'zod';
import { emitWithAck, handshakeRetryDelay, isSessionRefused, isTooManyConnections, tooManyConnectionsText, type AppSocket } from '../../api/socket';
import type { BreakAction, ExamEvent, SessionCommand } from './examTakingMachine';
import { offerSocketSubmit, type SubmitOverSocket } from './liveSubmit';
import { TAKING_MSG } from './messages';
import type { Outbox } from './outbox';
import type { FlagFields } from './proctoring/proctorChecksActor';
import { attemptAccommodationSchema, attemptBreakSchema, attemptReinstatedSchema, attemptSubmittedSchema, attemptTimeSchema, joinDataSchema, proctorMessageSchema, type PendingSave } from './types';

/**
 * The socket side of the session: the machine's commands become protocol calls, and what the
 * server says becomes machine events. Every save is written to the outbox before it is emitted
 * and leaves it only when acked; while disconnected it just waits there for the replay the machine
 * asks for after the next join.
 */

export interface SessionDeps {
  createSocket: () => AppSocket;
  outbox: Outbox;
  /** Refreshes the access token after an Unauthorized handshake; false when the session is over. */
  refreshToken: () => Promise<boolean>;
  /** Answers the proctor's camera requests on this socket (when the exam uses the camera); returns its cleanup. */
  attachCamera?: (socket: AppSocket, attemptId: string) => () => void;
}

const JOIN_TIMEOUT_MS = 8_000;
const SAVE_TIMEOUT_MS = 10_000;
const VIOLATION_TIMEOUT_MS = 8_000;
/** A submission grouped with thousands at the deadline still answers well inside this. */
const SUBMIT_TIMEOUT_MS = 15_000;
const BREAK_TIMEOUT_MS = 8_000;
/** Consecutive refused handshakes before giving up: a token the API takes may still be refused here. */
const MAX_UNAUTHORIZED = 2;
/** Save health goes to the proctor at most this often: a fast typist must not flood the board. */
export const HEALTH_INTERVAL_MS = 2_000;

const failure = z.object({ ok: z.literal(false), code: z.string(), message: z.string() });
const joinAck = z.union([z.object({ ok: z.literal(true), data: joinDataSchema }), failure]);
const saveAck = z.union([z.object({ ok: z.literal(true) }), failure]);
const submitAck = z.union([z.object({ ok: z.literal(true), submissionId: z.string(), reason: z.enum(SUBMIT_REASONS).nullable() }), failure]);
const breakAck = z.union([breakAckSchema.extend({ ok: z.literal(true) }), failure]);
/** Save refusals worth sending again: a server hiccup, an ended session (after the next sign-in), a rest break (after it). */
const RETRIED_REJECTIONS = new Set(['error', 'unauthorized', 'on-break']);
const violationAck = z.union([z.object({ ok: z.literal(true), counts: z.object({ tabSwitches: z.number(), fullscreenExits: z.number() }), submitted: z.boolean() }), failure]);

export function createSessionActor(deps: SessionDeps) {
  return fromCallback<SessionCommand, { attemptId: string }>(({ input, sendBack: send, receive }) => {
    // Typed so only events the machine knows can be sent back.
    const sendBack = (event: ExamEvent) => send(event);
    const { attemptId } = input;
    const socket = deps.createSocket();
    // Violations seen while offline still count: they go out after the next join.
    const queuedViolations: { violationType: ViolationType; at: number; flag?: FlagFields }[] = [];
    let unauthorized = 0;
    let refusals = 0;
    let stopped = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    // Save health for the proctor: how many answers this device holds that the server has not acknowledged.
    const unacked = new Map<string, number>();
    let joined = false;
    let lastHealth = -1;
    let lastHealthAt = 0;
    let healthTimer: ReturnType<typeof setTimeout> | undefined;
    const reportHealth = (force = false) => {
      if (stopped || !joined || !socket.connected) return;
      if (!force && unacked.size === lastHealth) return;
      const wait = HEALTH_INTERVAL_MS - (Date.now() - lastHealthAt);
      if (!force && wait > 0) {
        healthTimer ??= setTimeout(() => {
          healthTimer = undefined;
          reportHealth();
        }, wait);
        return;
      }
      lastHealth = unacked.size;
      lastHealthAt = Date.now();
      socket.emit(PROCTOR_EVENTS.health, { attemptId, pending: unacked.size });
    };
    const settled = (questionId: string, seq: number) => {
      if ((unacked.get(questionId) ?? 0) <= seq) unacked.delete(questionId);
      reportHealth();
    };

    // The machine submits only once every save is acknowledged, so the server already holds every
    // answer: the socket needs to send only the attempt, its time and flags.
    let withdrawSubmit: (() => void) | undefined;
    const submitHere: SubmitOverSocket = async ({ timeSpent, securityFlags }) => {
      if (stopped || !joined || !socket.connected) return undefined;
      try {
        const ack = submitAck.safeParse(await emitWithAck(socket, SOCKET_EVENTS.submit, { attemptId, timeSpent, securityFlags }, SUBMIT_TIMEOUT_MS));
        return ack.success && ack.data.ok ? { submissionId: ack.data.submissionId, reason: ack.data.reason } : undefined;
      } catch {
        return undefined;
      }
    };

    const join = async () => {
      const sentAt = Date.now();
      try {
        const ack = joinAck.safeParse(await emitWithAck(socket, SOCKET_EVENTS.join, { attemptId }, JOIN_TIMEOUT_MS));
        if (stopped) return;
        if (!ack.success) return;
        if (!ack.data.ok) {
          sendBack({ type: 'socket.joinFailed', code: ack.data.code, message: ack.data.message });
          return;
        }
        sendBack({ type: 'socket.joined', data: ack.data.data, sentAt, receivedAt: Date.now() });
        joined = true;
        withdrawSubmit ??= offerSocketSubmit(attemptId, submitHere);
        reportHealth(true);
        for (const v of queuedViolations.splice(0)) void reportViolation(v.violationType, v.at, v.flag);
      } catch {
        // No answer in time: the next reconnect or visibility change joins again.
      }
    };

    /** Stores, then emits; the ack is handled on its own so a slow one never holds up the next save. */
    const storeAndEmit = async (pending: PendingSave) => {
      unacked.set(pending.questionId, Math.max(unacked.get(pending.questionId) ?? 0, pending.seq));
      reportHealth();
      try {
        await deps.outbox.put({ attemptId, ...pending });
      } catch {
        // The answer still goes out; it just cannot outlive this tab until acked.
        sendBack({ type: 'outbox.unavailable' });
      }
      if (stopped || !socket.connected) return;
      const payload = { attemptId, questionId: pending.questionId, answer: pending.answer, seq: pending.seq };
      void emitWithAck(socket, SOCKET_EVENTS.save, payload, SAVE_TIMEOUT_MS).then(
        (raw) => settle(pending, saveAck.safeParse(raw)),
        () => {
          if (!stopped) sendBack({ type: 'save.failed', questionId: pending.questionId, seq: pending.seq });
        },
      );
    };

    const settle = async (pending: PendingSave, ack: z.ZodSafeParseResult<z.infer<typeof saveAck>>) => {
      if (stopped) return;
      const { questionId, seq } = pending;
      if (!ack.success) {
        sendBack({ type: 'save.failed', questionId, seq });
      } else if (ack.data.ok) {
        await deps.outbox.acknowledge(attemptId, questionId, seq).catch(() => undefined);
        settled(questionId, seq);
        sendBack({ type: 'save.acked', questionId, seq });
      } else {
        // Anything else can never succeed: it leaves the outbox.
        if (!RETRIED_REJECTIONS.has(ack.data.code)) {
          await deps.outbox.acknowledge(attemptId, questionId, seq).catch(() => undefined);
          settled(questionId, seq);
        }
        sendBack({ type: 'save.rejected', questionId, seq, code: ack.data.code, message: ack.data.message });
      }
    };

    // One chain for every save, so outbox writes and emits keep the order the answers were made in.
    let saving: Promise<void> = Promise.resolve();
    const enqueueSaves = (saves: PendingSave[]) => {
      for (const pending of saves) saving = saving.then(() => storeAndEmit(pending)).catch(() => undefined);
    };

    // A device flag carries its confidence, duration and id, and keeps them through the offline queue.
    const reportViolation = async (violationType: ViolationType, at: number, flag?: FlagFields) => {
      if (!socket.connected) {
        queuedViolations.push({ violationType, at, flag });
        return;
      }
      try {
        const payload = { attemptId, type: violationType, at, ...flag };
        const ack = violationAck.safeParse(await emitWithAck(socket, SOCKET_EVENTS.violation, payload, VIOLATION_TIMEOUT_MS));
        if (!stopped && ack.success && ack.data.ok) {
          sendBack({ type: 'violation.acked', violationType, counts: ack.data.counts, submitted: ack.data.submitted });
        }
      } catch {
        queuedViolations.push({ violationType, at, flag });
      }
    };

    // The acknowledgement and the room's attempt:break tell the same change: the machine keeps the newer.
    const sendBreak = async (action: BreakAction) => {
      if (stopped || !joined || !socket.connected) {
        sendBack({ type: 'break.failed', message: TAKING_MSG.breakOffline });
        return;
      }
      try {
        const ack = breakAck.safeParse(await emitWithAck(socket, SOCKET_EVENTS.break, { attemptId, action }, BREAK_TIMEOUT_MS));
        if (stopped) return;
        if (!ack.success) sendBack({ type: 'break.failed', message: TAKING_MSG.breakFailed });
        else if (ack.data.ok) sendBack({ type: 'server.break', serverNow: ack.data.serverNow, break: ack.data.break });
        else sendBack({ type: 'break.failed', message: ack.data.message });
      } catch {
        if (!stopped) sendBack({ type: 'break.failed', message: TAKING_MSG.breakFailed });
      }
    };

    socket.on('connect', () => {
      unauthorized = 0;
      refusals = 0;
      sendBack({ type: 'socket.connected' });
      void join();
    });

    socket.on('disconnect', (reason) => {
      joined = false;
      sendBack({ type: 'socket.disconnected' });
      // The server closed us on purpose (a redeploy, say): Socket.IO will not retry by itself.
      if (reason === 'io server disconnect' && !stopped) socket.connect();
    });

    socket.on('connect_error', (error) => {
      if (stopped || socket.active) return; // a transport failure: Socket.IO is already retrying
      // Refused by the server's middleware: no automatic retry, so decide here. 'Unavailable' (the
      // server cannot check the session: its database is down) is an outage, never the end of the
      // session: keep the answers and keep knocking, more slowly. Too many of this person's windows
      // hold connections: knocking again would never end, so say so (the answers stay in the outbox).
      if (isTooManyConnections(error)) {
        sendBack({ type: 'socket.tooMany', message: tooManyConnectionsText(error) });
        return;
      }
      if (!isSessionRefused(error)) {
        retryTimer = setTimeout(() => socket.connect(), handshakeRetryDelay(++refusals));
        return;
      }
      unauthorized += 1;
      if (unauthorized > MAX_UNAUTHORIZED) {
        sendBack({ type: 'socket.unauthorized' });
        return;
      }
      void deps.refreshToken().then((ok) => {
        if (stopped) return;
        if (ok) socket.connect();
        else sendBack({ type: 'socket.unauthorized' });
      });
    });

    socket.on(SOCKET_EVENTS.time, (raw: unknown) => {
      const time = attemptTimeSchema.safeParse(raw);
      if (time.success) sendBack({ type: 'server.time', ...time.data });
    });

    socket.on(SOCKET_EVENTS.submitted, (raw: unknown) => {
      const submitted = attemptSubmittedSchema.safeParse(raw);
      if (submitted.success && submitted.data.attemptId === attemptId) sendBack({ type: 'server.submitted', reason: submitted.data.reason });
    });

    socket.on(PROCTOR_EVENTS.message, (raw: unknown) => {
      const message = proctorMessageSchema.safeParse(raw);
      if (message.success) sendBack({ type: 'proctor.message', text: message.data.text, at: message.data.at });
    });

    socket.on(PROCTOR_EVENTS.reinstated, (raw: unknown) => {
      const reinstated = attemptReinstatedSchema.safeParse(raw);
      if (reinstated.success && reinstated.data.attemptId === attemptId) sendBack({ type: 'server.reinstated' });
    });

    // Sent to the attempt's room and to the student's own: the same waiver may arrive twice, which is harmless.
    socket.on(PROCTOR_EVENTS.waiver, (raw: unknown) => {
      const waiver = proctorWaiverEventSchema.safeParse(raw);
      if (waiver.success) sendBack({ type: 'proctor.waiver', check: waiver.data.check, granted: waiver.data.granted });
    });

    socket.on(SOCKET_EVENTS.break, (raw: unknown) => {
      const change = attemptBreakSchema.safeParse(raw);
      if (!change.success || change.data.attemptId !== attemptId) return;
      const { serverNow, break: rest, refused } = change.data;
      sendBack({ type: 'server.break', serverNow, break: rest, ...(refused ? { refused } : {}) });
    });

    socket.on(PROCTOR_EVENTS.accommodation, (raw: unknown) => {
      const changed = attemptAccommodationSchema.safeParse(raw);
      if (changed.success && changed.data.attemptId === attemptId) sendBack({ type: 'server.accommodation', accommodation: changed.data.accommodation });
    });

    const detachCamera = deps.attachCamera?.(socket, attemptId);

    receive((command) => {
      switch (command.type) {
        case 'session.join':
          if (socket.connected) void join();
          break;
        case 'session.save':
          enqueueSaves(command.saves);
          break;
        case 'session.break':
          void sendBreak(command.action);
          break;
        case 'session.violation':
          if ((VIOLATION_TYPES as readonly string[]).includes(command.violationType)) void reportViolation(command.violationType, command.at, command.flag);
          break;
      }
    });

    // The browser knows it is offline long before a missed ping tells Socket.IO (~20 s): close
    // the transport now so the screen says offline and reconnection starts at once.
    const onOffline = () => {
      if (socket.connected) socket.io?.engine?.close();
    };
    window.addEventListener('offline', onOffline);

    socket.connect();

    return () => {
      stopped = true;
      withdrawSubmit?.();
      window.removeEventListener('offline', onOffline);
      clearTimeout(retryTimer);
      clearTimeout(healthTimer);
      detachCamera?.();
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}
