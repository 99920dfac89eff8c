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
  /** Known presence: an event that came from the student's own socket means they are online. */
  online?: boolean;
}

export interface ProctorFeed {
  /** Attempts whose answers were just committed: their progress goes out within a second. */
  saved(attemptIds: string[]): void;
  /** Events (joined, left, violation, submitted, proctor actions) and the changed rows, in order. */
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
const PROGRESS_CHUNK = 500;
/** Above this many attempts, one lookup of each exam's room is cheaper than one per attempt room. */
const PER_ATTEMPT_LOOKUP_LIMIT = 20;

/**
 * The proctor board's live deltas. Events go through one queue, so a student's events reach
 * proctors in the order they happened on this node, and an event first sends any progress its
 * attempt has pending. Save progress is gathered for up to a second and goes through a queue of
 * its own, in chunks, so a violation never waits behind a large progress update.
 */
export function createProctorFeed(db: Db, hub: RealtimeHub, log: Logger): ProctorFeed {
  let dirty = new Set<string>();
  let eventChain: Promise<void> = Promise.resolve();
  let progressChain: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const onEvents = (work: () => Promise<void>) => {
    eventChain = eventChain.then(work).catch((err: unknown) => log.error({ err }, 'proctor feed failed'));
  };
  const onProgress = (work: () => Promise<void>) => {
    progressChain = progressChain.then(work).catch((err: unknown) => log.error({ err }, 'proctor progress failed'));
  };

  function merge(into: { online: Set<string>; health: DeviceHealth }, examId: string | undefined, sockets: StudentSocketData[], only?: string) {
    for (const data of sockets) {
      for (const [attemptId, a] of Object.entries(data.attempts ?? {})) {
        if ((examId && a.examId !== examId) || (only && attemptId !== only)) continue;
        into.online.add(attemptId);
        into.health.set(attemptId, { pending: Math.max(into.health.get(attemptId)?.pending ?? 0, a.pending) });
      }
    }
  }

  async function presence(examId: string) {
    const found = { online: new Set<string>(), health: new Map() as DeviceHealth };
    merge(found, examId, (await hub.socketsIn(rooms.examStudents(examId))) as StudentSocketData[]);
    return found;
  }

  /** Presence of some attempts: their own small rooms when few, their exams' rooms when many. */
  async function presenceOf(attemptIds: string[]) {
    const found = { online: new Set<string>(), health: new Map() as DeviceHealth };
    if (attemptIds.length <= PER_ATTEMPT_LOOKUP_LIMIT) {
      for (const id of attemptIds) merge(found, undefined, (await hub.socketsIn(rooms.attempt(id))) as StudentSocketData[], id);
      return found;
    }
    const exams = (await db('attempts').whereIn('id', attemptIds).distinct('exam_id')) as { exam_id: string }[];
    for (const { exam_id } of exams) {
      const p = await presence(exam_id);
      p.online.forEach((id) => found.online.add(id));
      p.health.forEach((v, k) => found.health.set(k, v));
    }
    return found;
  }

  /** Rows for attempts just seen saving: online by definition; device health comes with its own events. */
  async function emitProgress(ids: string[]): Promise<void> {
    if (!ids.length) return;
    const at = new Date().toISOString();
    for (const { examId, row } of await rowsForAttempts(db, ids, new Set(ids))) {
      hub.emit(rooms.proctors(examId), 'proctor:row', { ...row, pendingSaves: null });
      if (!row.attemptId) continue;
      const event: ProctorEvent = { attemptId: row.attemptId, studentId: row.student._id, type: 'progress', at, detail: { answered: row.answered, total: row.total } };
      hub.emit(rooms.proctors(examId), 'proctor:event', event);
    }
  }

  const takeDirty = (only?: Set<string>) => {
    const ids = [...dirty].filter((id) => !only || only.has(id));
    ids.forEach((id) => dirty.delete(id));
    return ids;
  };

  function events(list: FeedEvent[]): void {
    if (!list.length) return;
    onEvents(async () => {
      const ids = [...new Set(list.map((e) => e.attemptId))];
      await emitProgress(takeDirty(new Set(ids)));
      const unknown = ids.filter((id) => list.filter((e) => e.attemptId === id).every((e) => e.online === undefined));
      const found = await presenceOf(unknown);
      for (const e of list) if (e.online) found.online.add(e.attemptId);
      const rows = await rowsForAttempts(db, ids, found.online, found.health);
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
        const ids = takeDirty();
        for (let i = 0; i < ids.length; i += PROGRESS_CHUNK) {
          const chunk = ids.slice(i, i + PROGRESS_CHUNK);
          onProgress(() => emitProgress(chunk));
        }
      }, PROGRESS_INTERVAL_MS);
    },
    events,
    left(attemptIds) {
      onEvents(async () => {
        await db('attempts').whereIn('id', attemptIds).update({ last_seen_at: db.fn.now() });
        events(attemptIds.map((attemptId) => ({ attemptId, type: 'left' })));
      });
    },
    presence,
    async flush() {
      onProgress(() => emitProgress(takeDirty()));
      await progressChain;
    },
    async stop() {
      if (timer) clearTimeout(timer);
      dirty = new Set();
      // Work queued by events already in flight (a socket closing enqueues its presence update).
      let seen: [Promise<void>, Promise<void>] | undefined;
      while (!seen || seen[0] !== eventChain || seen[1] !== progressChain) {
        seen = [eventChain, progressChain];
        await Promise.all(seen);
      }
    },
  };
}
