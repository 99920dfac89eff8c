import { PROCTOR_EVENTS, type ProctorEvent } from '@exam/shared';
import type { Db } from '../db';
import type { Logger } from '../logger';
import { examsOf, progressForAttempts, rowsForAttempts, type ProgressRow } from '../services/proctorBoard';
import { withActors } from '../services/proctorActors';
import type { StudentSocketData } from './socketData';
import { rooms, type DeviceHealth, type FeedEvent, type LeftAttempt, type ProctorFeed, type RealtimeHub } from '../ports/realtime';

const PROGRESS_INTERVAL_MS = 1000;
/** Attempts per progress query: small enough that saves are never held up long behind one result. */
const PROGRESS_CHUNK = 250;
/** Above this many attempts, one lookup of each exam's room is cheaper than one per attempt room. */
const PER_ATTEMPT_LOOKUP_LIMIT = 20;
const EXAM_OF_CACHE_LIMIT = 100_000;
/** How long an exam found watched by some proctor counts as watched without asking the nodes again. */
const WATCHED_FOR_MS = 2000;

/**
 * A queue that runs its work in batches: whatever arrives while a batch runs goes in the next one,
 * so under load many items share one round of queries, and the order is kept.
 */
function batchQueue<T>(log: Logger, name: string, run: (items: T[]) => Promise<void>) {
  let pending: T[] = [];
  let running: Promise<void> | undefined;
  const pump = (): void => {
    if (running || !pending.length) return;
    const items = pending;
    pending = [];
    running = run(items)
      .catch((err: unknown) => log.error({ err }, `${name} failed`))
      .finally(() => {
        running = undefined;
        pump();
      });
  };
  return {
    push(...items: T[]) {
      pending.push(...items);
      queueMicrotask(pump);
    },
    async idle() {
      while (running || pending.length) {
        pump();
        await running;
      }
    },
  };
}

/**
 * The proctor board's live deltas, built only for exams someone is watching. Events (joined,
 * left, violation, submitted, proctor actions) are sent in the order they happened on this node,
 * each with the student's changed row, except a violation on an open attempt, whose event holds
 * its row's whole change (the counts). Save progress is gathered for up to a second and sent as
 * `proctor:progress` messages per exam, 250 students to a query and a message, so a busy exam
 * never makes a violation (or a save) wait behind one big result. An event takes its attempt's
 * pending progress with it (as a `progress` event just before it), so progress never arrives
 * after a later event.
 */
export function createProctorFeed(db: Db, hub: RealtimeHub, log: Logger): ProctorFeed {
  let dirty = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  /** An attempt's exam never changes: asked once, not on every violation and every second's progress. */
  const examOfAttempt = new Map<string, string>();

  /** Exams the events' senders named: an attempt's exam never changes. */
  function learnExams(events: FeedEvent[]): void {
    for (const e of events) {
      if (!e.examId || examOfAttempt.has(e.attemptId)) continue;
      if (examOfAttempt.size >= EXAM_OF_CACHE_LIMIT) examOfAttempt.clear();
      examOfAttempt.set(e.attemptId, e.examId);
    }
  }

  async function examsOfAttempts(attemptIds: string[]): Promise<Map<string, string>> {
    const missing = attemptIds.filter((id) => !examOfAttempt.has(id));
    if (missing.length) {
      if (examOfAttempt.size + missing.length > EXAM_OF_CACHE_LIMIT) examOfAttempt.clear();
      for (const [id, examId] of await examsOf(db, missing)) examOfAttempt.set(id, examId);
    }
    const found = new Map<string, string>();
    for (const id of attemptIds) {
      const examId = examOfAttempt.get(id);
      if (examId) found.set(id, examId);
    }
    return found;
  }

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
  async function presenceOf(attemptIds: string[], examIds: string[]) {
    const found = { online: new Set<string>(), health: new Map() as DeviceHealth };
    if (attemptIds.length <= PER_ATTEMPT_LOOKUP_LIMIT) {
      for (const id of attemptIds) merge(found, undefined, (await hub.socketsIn(rooms.attempt(id))) as StudentSocketData[], id);
      return found;
    }
    for (const examId of examIds) {
      const p = await presence(examId);
      p.online.forEach((id) => found.online.add(id));
      p.health.forEach((v, k) => found.health.set(k, v));
    }
    return found;
  }

  function emitProgress(rows: ProgressRow[], at: string): void {
    for (const r of rows) {
      const event: ProctorEvent = { attemptId: r.attemptId, studentId: r.studentId, type: 'progress', at, detail: { answered: r.answered, total: r.total, lastSaveAt: r.lastSaveAt } };
      hub.emit(rooms.proctors(r.examId), PROCTOR_EVENTS.event, event);
    }
  }

  const takeDirty = (only?: Set<string>) => {
    const ids = only ? [...only].filter((id) => dirty.has(id)) : [...dirty];
    ids.forEach((id) => dirty.delete(id));
    return ids;
  };

  /** Until when each exam counts as watched without asking again. */
  const watchedUntil = new Map<string, number>();

  /**
   * The exams some proctor (on any node) is watching: nobody else needs rows built. Asking is a
   * round trip to every node, as slow as the busiest one; with two nodes at 5,000 students each
   * it was most of a violation's way to a board on the other node. So an exam found watched is
   * taken as watched for WATCHED_FOR_MS without asking: at worst rows go to an emptied room for
   * that long. An exam found unwatched is asked about every time, or a board opened meanwhile
   * would miss what happened after its snapshot was read.
   */
  async function watched(examIds: Iterable<string>): Promise<Set<string>> {
    const ids = [...new Set(examIds)];
    const now = Date.now();
    const ask = ids.filter((id) => !((watchedUntil.get(id) ?? 0) > now));
    const counts = await Promise.all(ask.map(async (id) => (await hub.socketIds(rooms.proctors(id))).length));
    ask.forEach((id, i) => (counts[i]! > 0 ? watchedUntil.set(id, now + WATCHED_FOR_MS) : watchedUntil.delete(id)));
    return new Set(ids.filter((id) => watchedUntil.has(id)));
  }

  // The second's progress goes in a few messages per exam: a busy exam would otherwise mean thousands of packets a second.
  const progress = batchQueue<string[]>(log, 'proctor progress', async (chunks) => {
    const examOf = await examsOfAttempts(chunks.flat());
    const watching = await watched(examOf.values());
    for (const chunk of chunks) {
      const ids = chunk.filter((id) => watching.has(examOf.get(id)!));
      if (!ids.length) continue;
      const at = new Date().toISOString();
      const byExam = new Map<string, ProgressRow[]>();
      for (const r of await progressForAttempts(db, ids)) {
        if (!byExam.has(r.examId)) byExam.set(r.examId, []);
        byExam.get(r.examId)!.push(r);
      }
      for (const [examId, students] of byExam) {
        hub.emit(rooms.proctors(examId), PROCTOR_EVENTS.progress, {
          examId,
          at,
          students: students.map(({ attemptId, studentId, answered, total, lastSaveAt }) => ({ attemptId, studentId, answered, total, lastSaveAt })),
        });
      }
    }
  });

  const eventQueue = batchQueue<FeedEvent>(log, 'proctor feed', async (all) => {
    const allIds = [...new Set(all.map((e) => e.attemptId))];
    // A proctor who starts watching later gets a snapshot that already holds these changes.
    learnExams(all);
    const examOf = await examsOfAttempts(allIds);
    const watching = await watched(examOf.values());
    const watchedEvents = all.filter((e) => watching.has(examOf.get(e.attemptId)!));
    if (!watchedEvents.length) return;
    // A proctor's action names who did it (a shared hall has several proctors).
    const list = await withActors(db, watchedEvents);
    // A violation on an open attempt carries its whole change: at 80 a second in a hall of 10,000,
    // reading its row cost PostgreSQL and the node about a tenth of their time (docs/benchmarks.md).
    const ids = [...new Set(list.filter((e) => !e.studentId).map((e) => e.attemptId))];
    const pendingProgress = new Set(takeDirty(new Set(ids)));
    const hinted = new Set(list.filter((e) => e.online).map((e) => e.attemptId));
    const unknown = new Set(ids.filter((id) => !hinted.has(id)));
    const rows = ids.length ? await rowsForAttempts(db, ids, new Set(), new Map()) : [];
    const found = await presenceOf([...unknown], [...new Set(rows.filter((r) => unknown.has(r.row.attemptId!)).map((r) => r.examId))]);
    hinted.forEach((id) => found.online.add(id));
    const at = new Date().toISOString();
    const byAttempt = new Map(rows.map((r) => [r.row.attemptId, { examId: r.examId, studentId: r.row.student._id }]));
    emitProgress(
      rows.filter((r) => pendingProgress.has(r.row.attemptId!)).map((r) => ({ attemptId: r.row.attemptId!, examId: r.examId, studentId: r.row.student._id, answered: r.row.answered, total: r.row.total, lastSaveAt: r.row.lastSaveAt })),
      at,
    );
    for (const e of list) {
      const r = e.studentId ? { examId: examOf.get(e.attemptId)!, studentId: e.studentId } : byAttempt.get(e.attemptId);
      if (!r) continue;
      const event: ProctorEvent = { attemptId: e.attemptId, studentId: r.studentId, type: e.type, at, detail: e.detail ?? {} };
      hub.emit(rooms.proctors(r.examId), PROCTOR_EVENTS.event, event);
    }
    for (const r of rows) {
      const id = r.row.attemptId!;
      const known = hinted.has(id) || unknown.has(id);
      hub.emit(rooms.proctors(r.examId), PROCTOR_EVENTS.row, {
        ...r.row,
        online: found.online.has(id),
        pendingSaves: known && found.health.has(id) ? found.health.get(id)!.pending : r.row.pendingSaves,
      });
    }
  });

  const leaving = batchQueue<LeftAttempt>(log, 'proctor presence', async (items) => {
    // An attempt left twice in one batch (two tabs) keeps the cause of its first leaving.
    const causeOf = new Map<string, LeftAttempt['cause']>();
    for (const { attemptId, cause } of items) if (!causeOf.has(attemptId)) causeOf.set(attemptId, cause);
    const byCause = new Map<LeftAttempt['cause'], string[]>();
    for (const [attemptId, cause] of causeOf) byCause.set(cause, [...(byCause.get(cause) ?? []), attemptId]);
    // Since when and why an open attempt has been offline: the next join logs the gap as a network
    // event. The first leaving's mark and cause stand until then. Whole milliseconds, so the join
    // can name the mark it clears from a JavaScript Date. One statement per cause (at most five).
    for (const [cause, attemptIds] of byCause) {
      await db('attempts')
        .whereIn('id', attemptIds)
        .update({
          last_seen_at: db.fn.now(),
          offline_cause: db.raw(`case when status = 'in_progress' and offline_since is null then ?::varchar else offline_cause end`, [cause]),
          offline_since: db.raw(`case when status = 'in_progress' then coalesce(offline_since, date_trunc('milliseconds', now())) else offline_since end`),
        });
    }
    eventQueue.push(...items.map(({ attemptId }) => ({ attemptId, type: 'left' })));
  });

  return {
    saved(attemptIds) {
      attemptIds.forEach((id) => dirty.add(id));
      timer ??= setTimeout(() => {
        timer = undefined;
        const ids = takeDirty();
        for (let i = 0; i < ids.length; i += PROGRESS_CHUNK) progress.push(ids.slice(i, i + PROGRESS_CHUNK));
      }, PROGRESS_INTERVAL_MS);
    },
    events(list) {
      if (list.length) eventQueue.push(...list);
    },
    left(items) {
      if (items.length) leaving.push(...items);
    },
    presence,
    async flush() {
      progress.push(takeDirty());
      await progress.idle();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      dirty = new Set();
      await leaving.idle();
      await eventQueue.idle();
      await progress.idle();
    },
  };
}
