import { PROCTOR_EVENTS, type Ack, type ProctorRow } from '@exam/shared';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { createSocket, emitWithAck, emitWithAckWhileHeard, keepConnected, SocketCallError, type AppSocket } from '../../api/socket';
import { i18n } from '../../i18n';
import { boardReducer, emptyBoard, type BoardAction } from './boardState';
import { fetchFeedHistory, fetchOpenHelp, fetchWaivers } from './proctorApi';
import { healthSchema, helpRequestSchema, progressSchema, proctorEventSchema, proctorRowSchema, snapshotPageSchema, waiverSchema, watchDataSchema } from './schemas';

export type Connection = 'connecting' | 'live' | 'reconnecting';

export interface WatchFailure {
  code: string;
  message: string;
}

/** A watch is given up (and the socket reconnected) after this long without a page or its acknowledgement… */
const WATCH_SILENCE_MS = 10_000;
/** …or after this long in all, however many pages came. */
const WATCH_MAX_MS = 120_000;
const ACTION_TIMEOUT_MS = 10_000;

/**
 * The proctor board's socket: watch on every (re)connect, so a dropped connection comes back to
 * a fresh snapshot (its rows in `proctor:snapshot` pages, then the acknowledgement), then apply
 * the server's deltas. No polling.
 */
export function useProctorBoard(examId: string) {
  const [state, dispatch] = useReducer(boardReducer, undefined, emptyBoard);
  const [connection, setConnection] = useState<Connection>('connecting');
  const [failure, setFailure] = useState<WatchFailure | null>(null);
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const socketRef = useRef<AppSocket | null>(null);

  useEffect(() => {
    const s = createSocket();
    socketRef.current = s;
    let stopped = false;
    /** Only the latest watch's snapshot is applied: an earlier one still coming back is older. */
    let generation = 0;
    /** The pages of each snapshot under way, by its id, until its acknowledgement. */
    const pages = new Map<string, ProctorRow[]>();
    /** Keeps the latest watch from timing out while its pages arrive. */
    let heardFromWatch: () => void = () => undefined;

    /**
     * What the socket does not replay: the feed's history (so it survives a reload), the waivers
     * and the open help requests. Read after every snapshot, so a reconnect fills its gap too; each
     * part on its own, so one failing leaves the others.
     */
    const readStored = (alive: () => boolean) => {
      const apply = <T,>(read: Promise<T>, action: (value: T) => BoardAction) =>
        read.then(
          (value) => alive() && dispatch(action(value)),
          () => undefined,
        );
      void apply(fetchFeedHistory(examId), (events) => ({ type: 'history', events }));
      void apply(fetchWaivers(examId), (waivers) => ({ type: 'waivers', waivers }));
      void apply(fetchOpenHelp(examId), (requests) => ({ type: 'helpList', requests }));
    };

    const watch = async () => {
      const mine = ++generation;
      const latest = () => !stopped && mine === generation;
      const sentAt = Date.now();
      const fail = (failure: WatchFailure) => {
        setFailure(failure);
        dispatch({ type: 'watchFailed' });
      };
      dispatch({ type: 'watching' });
      try {
        // A snapshot of thousands comes in pages over seconds: each page shows it is on its way.
        const call = emitWithAckWhileHeard<{ data: unknown }>(s, PROCTOR_EVENTS.watch, { examId }, { silenceMs: WATCH_SILENCE_MS, maxMs: WATCH_MAX_MS });
        heardFromWatch = call.heard;
        const ack = await call.ack;
        const data = ack.ok ? watchDataSchema.safeParse(ack.data) : null;
        const students = data?.success ? pages.get(data.data.snapshotId) ?? [] : [];
        if (data?.success) pages.delete(data.data.snapshotId);
        if (!latest()) return;
        if (!ack.ok) return fail({ code: ack.code, message: ack.message });
        // A page that could not be read leaves the snapshot short: show that, not a board missing students.
        if (!data?.success || students.length !== data.data.total) return fail({ code: 'invalid', message: i18n.t('proctor:connection.unreadable') });
        const receivedAt = Date.now();
        // Half the round trip corrects for the time the answer took to come back.
        const offset = Date.parse(data.data.serverNow) - (sentAt + receivedAt) / 2;
        setFailure(null);
        dispatch({ type: 'snapshot', students, exam: data.data.exam, offset, part: data.data.part ?? null });
        setConnection('live');
        readStored(() => !stopped);
      } catch (error) {
        if (!latest()) return;
        dispatch({ type: 'watchFailed' });
        if (error instanceof SocketCallError && error.reason === 'timeout') s.disconnect().connect();
      }
    };

    s.on(PROCTOR_EVENTS.snapshot, (raw: unknown) => {
      const page = snapshotPageSchema.safeParse(raw);
      if (!page.success || page.data.examId !== examId) return;
      heardFromWatch();
      const rows = pages.get(page.data.snapshotId) ?? [];
      rows.push(...page.data.students);
      pages.set(page.data.snapshotId, rows);
    });
    s.on('connect', () => {
      // Camera tiles signal over this socket: they have nothing to say before it connects.
      setSocket(s);
      // Snapshots asked for on an earlier connection will never be acknowledged.
      pages.clear();
      void watch();
    });
    // After a Redis outage the server says deltas may have been lost: the snapshot holds them all.
    s.on(PROCTOR_EVENTS.resync, () => void watch());
    s.on('disconnect', () => setConnection('reconnecting'));
    s.on(PROCTOR_EVENTS.row, (raw: unknown) => {
      const row = proctorRowSchema.safeParse(raw);
      if (row.success) dispatch({ type: 'row', row: row.data });
    });
    s.on(PROCTOR_EVENTS.event, (raw: unknown) => {
      const event = proctorEventSchema.safeParse(raw);
      if (event.success) dispatch({ type: 'event', event: event.data });
    });
    s.on(PROCTOR_EVENTS.progress, (raw: unknown) => {
      const progress = progressSchema.safeParse(raw);
      if (progress.success && progress.data.examId === examId) dispatch({ type: 'progress', students: progress.data.students });
    });
    s.on(PROCTOR_EVENTS.waiver, (raw: unknown) => {
      const waiver = waiverSchema.safeParse(raw);
      if (waiver.success && (raw as { examId?: unknown }).examId === examId) dispatch({ type: 'waiver', waiver: waiver.data, at: new Date().toISOString() });
    });
    s.on(PROCTOR_EVENTS.help, (raw: unknown) => {
      const request = helpRequestSchema.safeParse(raw);
      if (request.success && (raw as { examId?: unknown }).examId === examId) dispatch({ type: 'help', request: { ...request.data, at: request.data.at || new Date().toISOString() } });
    });
    s.on(PROCTOR_EVENTS.deviceHealth, (raw: unknown) => {
      const health = healthSchema.safeParse(raw);
      if (health.success) dispatch({ type: 'health', attemptId: health.data.attemptId, pending: health.data.pending });
    });
    const release = keepConnected(
      s,
      () => setFailure({ code: 'session', message: i18n.t('proctor:connection.sessionEnded') }),
      (text) => setFailure({ code: 'too-many-connections', message: text }),
    );
    s.connect();

    return () => {
      stopped = true;
      release();
      s.removeAllListeners();
      s.disconnect();
      socketRef.current = null;
    };
  }, [examId]);

  /** A proctor action; resolves with the server's acknowledgement, or a failure to show. */
  const call = useCallback(async <T extends object = object>(event: string, payload: unknown): Promise<Ack<T>> => {
    const s = socketRef.current;
    if (!s) return { ok: false, code: 'not-connected', message: i18n.t('proctor:connection.notConnected') };
    try {
      return await emitWithAck<T>(s, event, payload, ACTION_TIMEOUT_MS);
    } catch (error) {
      const message =
        error instanceof SocketCallError && error.reason === 'timeout' ? i18n.t('proctor:connection.timeout') : i18n.t('proctor:connection.notConnected');
      return { ok: false, code: 'not-connected', message };
    }
  }, []);

  return { state, connection, failure, call, socket, dispatch };
}
