import { BREAK_MSG, SAVE_GRACE_MS, SESSION_MSG, type AnswerSave } from '@exam/shared';
import { boundList as list, prepareOnConnections, preparedQuery, type Db } from '../db';
import type { DbOutage } from '../db/outage';
import type { SaveProgress } from '../ports/realtime';
import type { Logger } from '../logger';
import { createLanedGroupCommit, isRefusedData, writeInHalves } from './groupCommit';
import { isUuid } from '../uuid';
import { onBreakSql } from './restBreaksSql';

export type SaveOutcome =
  | { ok: true; savedAt: string; applied: boolean }
  | { ok: false; code: 'attempt-closed' | 'on-break' | 'forbidden' | 'not-found' | 'invalid' | 'error'; message: string };

interface Pending {
  save: AnswerSave;
  studentId: string;
  resolve: (outcome: SaveOutcome) => void;
  /** Submissions waiting for this save to be answered (`settled`). */
  waiters?: (() => void)[];
}

export interface AnswerSaver {
  save(save: AnswerSave, studentId: string): Promise<SaveOutcome>;
  /** An attempt a student just joined: its first saves need no lookup. */
  remember(attempt: { id: string; student_id: string; question_order: string[] }): void;
  /**
   * Resolves when every save of these attempts queued or being written right now has been
   * answered: a submission waits for them, so the saves a student sent before pressing submit
   * are part of it (and not refused as "closed" by a submission that overtook them).
   */
  settled(attemptIds: string[]): Promise<void>;
  /** Resolves when nothing is queued or being written (tests, shutdown). */
  drain(): Promise<void>;
  /** Opens `connections` of the pool and prepares the save statement on each (PostgreSQL). */
  prepare(connections: number): Promise<void>;
}

export interface AnswerSaverOptions {
  /** Largest number of saves in one statement. */
  maxBatch?: number;
  /** Most batches written at the same time (PGlite has one connection, so 1 there). */
  maxInFlight?: number;
  /** How long a batch runs before the next may start beside it. */
  stallMs?: number;
  /** Told which attempts had answers committed (the proctor board's progress). */
  progress?: SaveProgress;
  /** Told of failed batches, so a database outage is logged once rather than per batch. */
  dbOutage?: DbOutage;
}

const refusal = (paused: boolean | undefined): SaveOutcome =>
  paused ? { ok: false, code: 'on-break', message: BREAK_MSG.onBreak } : { ok: false, code: 'attempt-closed', message: SESSION_MSG.attemptClosed };

const NOT_STORABLE = 'This answer cannot be saved: it contains a value the database cannot store.';
const RETRY_LATER = 'The answer could not be saved. It will be retried.';

/** What never changes for an attempt: whose it is and which questions it holds. */
interface AttemptShape {
  studentId: string;
  questions: Set<string>;
}

const SHAPE_CACHE_LIMIT = 50_000;

const SAVE_STATEMENT = 'answers.save';
/**
 * One batch of saves as one statement; see createAnswerSaver for why it is safe. An empty batch
 * writes nothing. The arrays are bound as lists (boundList): with their lengths in view, a lone
 * save always looked cheaper planned afresh, and was, at some 0.3 ms of PostgreSQL's CPU a time.
 * The batch's attempts are locked by id alone and only then checked open: a generic plan asked for
 * open attempts by their id could reach them through the index of every attempt in progress, and
 * read the whole hall for one save. The check sees each attempt as it is once locked (a
 * submission that held it first has closed it by then). Every answer written is also appended to
 * answer_saves by the same statement: the integrity timeline's record of each acknowledged save.
 * An attempt on a rest break (restBreaksSql.ts) takes no saves: its questions are hidden, and the
 * client keeps what it sends for afterwards; `paused_ids` tells those refusals from a closed attempt.
 */
export const SAVE_BATCH_SQL = `
  with v as (
    select * from unnest(${list('uuid')}, ${list('uuid')}, ${list('text')}, ${list('int')}) as v(attempt_id, question_id, answer, seq)
  ), locked as materialized (
    select id, status, deadline_at, ${onBreakSql()} as paused from attempts
     where id in (select attempt_id from v)
     -- In id order, as submissions lock theirs: two batches never wait on each other in a cycle.
     order by id
     for key share
  ), open_attempts as (
    select id from locked
     where status = 'in_progress'
       and now() <= deadline_at + make_interval(secs => ?::float8)
       and not paused
  ), written as (
    insert into answers (attempt_id, question_id, answer, seq, saved_at)
    select v.attempt_id, v.question_id, v.answer, v.seq, now() from v join open_attempts o on o.id = v.attempt_id
    on conflict (attempt_id, question_id) do update
      set answer = excluded.answer, seq = excluded.seq, saved_at = excluded.saved_at
      where answers.seq < excluded.seq
    returning attempt_id, question_id, seq, saved_at
  ), logged as (
    insert into answer_saves (attempt_id, question_id, seq, saved_at)
    select attempt_id, question_id, seq, saved_at from written
  )
  select (select coalesce(json_agg(id), '[]'::json) from open_attempts) as open_ids,
         (select coalesce(json_agg(id), '[]'::json) from locked where paused) as paused_ids,
         (select count(*) from written)::int as written,
         now() as now`;

/** SAVE_BATCH_SQL's values for some saves. */
export function batchValues(saves: AnswerSave[]): unknown[] {
  return [
    plainArrayLiteral(saves.map((s) => s.attemptId), isUuid),
    plainArrayLiteral(saves.map((s) => s.questionId), isUuid),
    saves.map((s) => s.answer),
    plainArrayLiteral(saves.map((s) => s.seq), Number.isSafeInteger),
    SAVE_GRACE_MS / 1000,
  ];
}

/**
 * An array of values that need no quoting in PostgreSQL's array syntax (uuids, integers), written
 * as its literal in one join; anything else is left to pg, which quotes and escapes each element.
 * pg builds the literal element by element, and at thousands of saves a second the strings it
 * concatenates were the largest share of what a save allocated.
 */
function plainArrayLiteral(values: unknown[], plain: (v: unknown) => boolean): unknown[] | string {
  return values.every(plain) ? `{${values.join(',')}}` : values;
}

/**
 * Group commit for answer saves. Saves that arrive while batches are being written queue up and
 * go together in the next statement, so under load many saves share one commit; alone, a save is
 * written at once. Each caller is answered only after its batch has committed.
 *
 * A batch is ONE statement: it locks the batch's attempts that are still open (in progress and
 * within the deadline's grace) FOR KEY SHARE and upserts into them, keeping the newest seq. Every
 * way of closing an attempt locks it FOR UPDATE first, so it waits for a batch in flight and a
 * later batch sees the attempt closed: every acknowledged save is part of the submission. The
 * weakest lock that does this: what only changes an open attempt's other columns (a violation's
 * counts, a join's last-seen time) takes FOR NO KEY UPDATE, which a batch does not wait for.
 */
export function createAnswerSaver(db: Db, log: Logger, opts: AnswerSaverOptions = {}): AnswerSaver {
  const maxBatch = opts.maxBatch ?? 1000;
  const maxInFlight = opts.maxInFlight ?? 2;
  const shapes = new Map<string, AttemptShape>();
  const questionSets = new Map<string, Set<string>>();
  /** Saves not yet answered, per attempt. */
  const outstanding = new Map<string, Pending[]>();

  /**
   * Answers a save's caller and wakes whoever `settled` it. Plain lists, not a Set and a promise
   * chain per save: at thousands of saves a second those were a good part of what a save allocated.
   */
  function answer(p: Pending, outcome: SaveOutcome): void {
    p.resolve(outcome);
    const mine = outstanding.get(p.save.attemptId);
    if (mine) {
      const at = mine.indexOf(p);
      if (at >= 0) mine.splice(at, 1);
      if (!mine.length) outstanding.delete(p.save.attemptId);
    }
    if (p.waiters) for (const w of p.waiters.splice(0)) w();
  }

  async function shapesFor(ids: string[]): Promise<void> {
    const missing = ids.filter((id) => !shapes.has(id));
    if (!missing.length) return;
    const rows = (await db('attempts').whereIn('id', missing).select('id', 'student_id', 'question_order')) as {
      id: string;
      student_id: string;
      question_order: string[];
    }[];
    for (const r of rows) remember(r);
  }

  function remember(r: { id: string; student_id: string; question_order: string[] }): void {
    if (shapes.size >= SHAPE_CACHE_LIMIT && !shapes.has(r.id)) {
      shapes.clear();
      questionSets.clear();
    }
    shapes.set(r.id, { studentId: r.student_id, questions: questionSet(r.question_order) });
  }

  /** The attempts of one exam hold the same questions, each in its own order: one Set serves them all. */
  function questionSet(order: string[]): Set<string> {
    const key = [...order].sort().join();
    let set = questionSets.get(key);
    if (!set) questionSets.set(key, (set = new Set(order)));
    return set;
  }

  /**
   * Writes the newest save of each answer. When the database refuses the statement because of
   * one row's data (whatever slipped past the edge's validation), the rows are retried in halves
   * until only the bad save fails: one student's input never fails another's save.
   */
  async function writeRows(rows: Pending[], outcomes: Map<Pending, SaveOutcome>): Promise<void> {
    await writeInHalves(
      rows,
      async (part) => {
        type Result = { open_ids: string[]; paused_ids: string[]; now: Date };
        const [result] = (await preparedQuery<Result>(db, SAVE_STATEMENT, SAVE_BATCH_SQL, batchValues(part.map((p) => p.save)))) as [Result];
        const open = new Set(result.open_ids);
        const paused = result.paused_ids.length ? new Set(result.paused_ids) : undefined;
        const savedAt = new Date(result.now).toISOString();
        for (const p of part) {
          outcomes.set(p, open.has(p.save.attemptId) ? { ok: true, savedAt, applied: true } : refusal(paused?.has(p.save.attemptId)));
        }
      },
      isRefusedData,
      (p, err) => {
        const { attemptId, questionId } = p.save;
        log.warn({ err, attemptId, questionId }, 'answer refused by the database');
        // Whatever it was, the student's next saves are written apart: it never splits another batch.
        commit.suspect(p);
        outcomes.set(p, { ok: false, code: 'invalid', message: NOT_STORABLE });
      },
    );
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    await shapesFor([...new Set(batch.map((p) => p.save.attemptId))]);
    const outcomes = new Map<Pending, SaveOutcome>();
    // The newest seq per (attempt, question) goes to the database; it keeps the newest overall.
    const newest = new Map<string, Pending>();
    for (const p of batch) {
      const shape = shapes.get(p.save.attemptId);
      if (!shape) outcomes.set(p, { ok: false, code: 'not-found', message: SESSION_MSG.attemptNotFound });
      else if (shape.studentId !== p.studentId) outcomes.set(p, { ok: false, code: 'forbidden', message: SESSION_MSG.notYourAttempt });
      else if (!shape.questions.has(p.save.questionId)) outcomes.set(p, { ok: false, code: 'invalid', message: SESSION_MSG.questionNotInAttempt });
      else {
        const key = `${p.save.attemptId}:${p.save.questionId}`;
        const prev = newest.get(key);
        if (!prev || prev.save.seq < p.save.seq) newest.set(key, p);
      }
    }
    const rows = [...newest.values()];
    if (rows.length) await writeRows(rows, outcomes);
    for (const p of batch) {
      if (outcomes.has(p)) continue;
      // An older save of the same answer in this batch shares the fate of the newest one, except
      // that the newest's bad data is not its own: it is worth sending again.
      const winner = outcomes.get(newest.get(`${p.save.attemptId}:${p.save.questionId}`)!)!;
      if (winner.ok) outcomes.set(p, { ok: true, savedAt: winner.savedAt, applied: false });
      else outcomes.set(p, winner.code === 'invalid' ? { ok: false, code: 'error', message: RETRY_LATER } : winner);
    }
    // Only now, after the statement committed, does anyone hear "saved".
    for (const p of batch) answer(p, outcomes.get(p)!);
    const committed = rows.filter((p) => outcomes.get(p)!.ok);
    if (committed.length) opts.progress?.saved([...new Set(committed.map((p) => p.save.attemptId))]);
  }

  const commit = createLanedGroupCommit<Pending>(
    {
      maxBatch,
      maxInFlight,
      stallMs: opts.stallMs,
      write: writeBatch,
      failed(err, batch) {
        if (!opts.dbOutage?.failed(err)) log.error({ err, size: batch.length }, 'answer batch failed');
        for (const p of batch) answer(p, { ok: false, code: 'error', message: RETRY_LATER });
      },
    },
    (p) => p.studentId,
  );

  return {
    remember,
    prepare: (connections) => prepareOnConnections(db, connections, SAVE_STATEMENT, SAVE_BATCH_SQL, batchValues([])),
    save(save, studentId) {
      return new Promise<SaveOutcome>((resolve) => {
        const p: Pending = { save, studentId, resolve };
        const mine = outstanding.get(save.attemptId);
        if (mine) mine.push(p);
        else outstanding.set(save.attemptId, [p]);
        commit.push(p);
      });
    },
    async settled(attemptIds) {
      // Only the saves queued or in flight now: later ones never hold a submission up.
      const now = attemptIds.flatMap((id) => outstanding.get(id) ?? []);
      await Promise.all(now.map((p) => new Promise<void>((resolve) => (p.waiters ??= []).push(resolve))));
    },
    drain: () => commit.drain(),
  };
}
