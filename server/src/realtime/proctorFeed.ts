import type { ProctorEvent } from '@exam/shared';
import type { Db } from '../db';
import type { Logger } from '../logger';
import { rowsForAttempts, type DeviceHealth } from '../services/proctorBoard';
import { rooms, type RealtimeHub } from './hub';

/** What a student's socket carries for presence and save health (visible to every node). */
export interface StudentSocketData {
  auth?: { user: { id: string; role: string } };
  attempts?: Record<string, { examId: string; pending: number }>;
}

export interface FeedEvent {
  attemptId: string;
  type: string;
  detail?: Record<string, unknown>;
}

export interface ProctorFeed {
  /** Attempts whose answers were just committed: their progress goes out within a second. */
  saved(attemptIds: string[]): void;
  /** An event (joined, left, violation, submitted, proctor actions) and the changed rows, in order. */
  events(events: FeedEvent[]): void;
  /** Students' sockets left these attempts: remember when they were last seen, and tell the board. */
  left(attemptIds: string[]): void;
  /** Presence and device health of an exam's students, from every node. */
  presence(examId: string): Promise<{ online: Set<string>; health: DeviceHealth }>;
  flush(): Promise<void>;
  /** Stops the progress timer and resolves when everything queued has been sent. */
  stop(): Promise<void>;
}

const PROGRESS_INTERVAL_MS = 1000;

/**
 * The proctor board's live deltas. Emissions on this node go through one queue, so a student's
 * events reach proctors in the order they happened here; save progress is gathered for up to a
 * second and sent as one query's worth of rows, and any event of an attempt first flushes that
 * attempt's pending progress.
 */
export function createProctorFeed(db: Db, hub: RealtimeHub, log: Logger): ProctorFeed {
  let dirty = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((err: unknown) => log.error({ err }, 'proctor feed failed'));
    return chain;
  };

  async function onlineAttempts(attemptIds: string[]): Promise<{ online: Set<string>; health: DeviceHealth }> {
    const online = new Set<string>();
    const health: DeviceHealth = new Map();
    // One lookup per attempt room would be many round trips; the exam rooms cover all of them.
    const exams = (await db('attempts').whereIn('id', attemptIds).distinct('exam_id')) as { exam_id: string }[];
    for (const { exam_id } of exams) {
      const p = await presence(exam_id);
      p.online.forEach((id) => online.add(id));
      p.health.forEach((v, k) => health.set(k, v));
    }
    return { online, health };
  }

  async function presence(examId: string) {
    const online = new Set<string>();
    const health: DeviceHealth = new Map();
    for (const data of (await hub.socketsIn(rooms.examStudents(examId))) as StudentSocketData[]) {
      for (const [attemptId, a] of Object.entries(data.attempts ?? {})) {
        if (a.examId !== examId) continue;
        online.add(attemptId);
        health.set(attemptId, { pending: Math.max(health.get(attemptId)?.pending ?? 0, a.pending) });
      }
    }
    return { online, health };
  }

  async function emitRows(attemptIds: string[], progressEvents: boolean): Promise<void> {
    if (!attemptIds.length) return;
    const { online, health } = await onlineAttempts(attemptIds);
    const at = new Date().toISOString();
    for (const { examId, row } of await rowsForAttempts(db, attemptIds, online, health)) {
      hub.emit(rooms.proctors(examId), 'proctor:row', row);
      if (progressEvents && row.attemptId) {
        const event: ProctorEvent = { attemptId: row.attemptId, studentId: row.student._id, type: 'progress', at, detail: { answered: row.answered, total: row.total } };
        hub.emit(rooms.proctors(examId), 'proctor:event', event);
      }
    }
  }

  const flushProgress = (only?: Set<string>) => {
    const ids = [...dirty].filter((id) => !only || only.has(id));
    ids.forEach((id) => dirty.delete(id));
    return emitRows(ids, true);
  };

  function events(list: FeedEvent[]): void {
    if (!list.length) return;
    void enqueue(async () => {
      const ids = new Set(list.map((e) => e.attemptId));
      await flushProgress(ids);
      const { online, health } = await onlineAttempts([...ids]);
      const rows = await rowsForAttempts(db, [...ids], online, health);
      const byAttempt = new Map(rows.map((r) => [r.row.attemptId, r]));
      const at = new Date().toISOString();
      for (const e of list) {
        const r = byAttempt.get(e.attemptId);
        if (!r) continue;
        const event: ProctorEvent = { attemptId: e.attemptId, studentId: r.row.student._id, type: e.type, at, detail: e.detail ?? {} };
        hub.emit(rooms.proctors(r.examId), 'proctor:event', event);
      }
      for (const r of rows) hub.emit(rooms.proctors(r.examId), 'proctor:row', r.row);
    });
  }

  return {
    saved(attemptIds) {
      attemptIds.forEach((id) => dirty.add(id));
      timer ??= setTimeout(() => {
        timer = undefined;
        void enqueue(() => flushProgress());
      }, PROGRESS_INTERVAL_MS);
    },
    events,
    left(attemptIds) {
      void enqueue(async () => {
        await db('attempts').whereIn('id', attemptIds).update({ last_seen_at: db.fn.now() });
        events(attemptIds.map((attemptId) => ({ attemptId, type: 'left' })));
      });
    },
    presence,
    flush() {
      return enqueue(() => flushProgress());
    },
    async stop() {
      if (timer) clearTimeout(timer);
      dirty = new Set();
      // Work queued by events already in flight (a socket closing enqueues its presence update).
      let seen: Promise<void> | undefined;
      while (seen !== chain) {
        seen = chain;
        await chain;
      }
    },
  };
}
