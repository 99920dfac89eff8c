import type { Knex } from 'knex';
import { SESSION_MSG } from '@exam/shared';
import type { Db } from '../db';
import { isDbUnavailable, type DbOutage } from '../db/outage';
import { Errors } from '../errors';
import type { Logger } from '../logger';
import type { AttemptRow } from '../presenters/attempt';
import type { AnswerSaver } from './answerSaver';
import type { AttemptSubmitter, SubmissionAnnouncer, SubmitRequest, SubmitResult } from '../ports/submissions';
import { isOpen } from './attempts';
import { submitAndGradeTx, type AttemptToSubmit } from './marking';
import { createGroupCommit, writeInHalves } from './groupCommit';
import { onBreakSql } from './restBreaksSql';

export interface AttemptSubmitterOptions {
  maxBatch?: number;
  /** Most batches written at the same time (PGlite has one connection, so 1 there). */
  maxInFlight?: number;
  stallMs?: number;
  /** Tells the attempts' rooms and boards at once after the commit, then students, parents, dashboards. */
  announcer: SubmissionAnnouncer;
  dbOutage?: DbOutage;
}

interface Pending {
  request: SubmitRequest;
  resolve: (result: SubmitResult) => void;
  reject: (err: unknown) => void;
}

/** The lock: rows still in progress, in id order as save batches take theirs, so two batches never wait on each other in a cycle. */
const lockOpen = (trx: Knex.Transaction, ids: string[]) =>
  trx('attempts')
    .select('id', 'exam_id', 'question_order', 'status', 'deadline_at', trx.raw('now() as now'), trx.raw(`${onBreakSql()} as on_break`))
    .whereIn('id', ids)
    .where('status', 'in_progress')
    .orderBy('id')
    .forUpdate() as unknown as Promise<(AttemptToSubmit & Pick<AttemptRow, 'status' | 'deadline_at'> & { now: Date; on_break: boolean })[]>;

/**
 * Group commit for submissions, as for saves: submissions that arrive while a batch is being
 * written go together in the next one, so the end-of-exam storm, when most of a school presses
 * submit in the same minute, costs a handful of transactions a second instead of one each.
 *
 * A batch is one transaction: lock its attempts still in progress FOR UPDATE (waiting for any
 * save batch in flight; a later save batch sees them closed), fill in the taking screen's missing
 * answers, then grade and close them all with the sweeper's own statement (submitAndGradeTx:
 * totals, status and the `submitted` events in one update). A caller hears only after the commit.
 * Before its submission joins the queue, every save of that attempt already queued is answered:
 * an answer acknowledged before the submit is part of it. An attempt already closed (by the
 * sweeper, a proctor, another tab) is answered as it stands, unchanged.
 */
export function createAttemptSubmitter(db: Db, log: Logger, saver: AnswerSaver, opts: AttemptSubmitterOptions): AttemptSubmitter {
  const announcing = new Set<Promise<void>>();

  /** One transaction over distinct attempts (each group: one attempt's callers); answers them only after it commits. */
  async function close(groups: Pending[][]): Promise<void> {
    const first = (g: Pending[]) => g[0]!.request;
    const { closed, unchanged } = await db.transaction(async (trx) => {
      // A student on a rest break cannot submit (a proctor still can): left open, answered unchanged (attempts.ts refuses it).
      const open = (await lockOpen(trx, groups.map((g) => first(g).attemptId))).filter((a) => !(a.on_break && groups.find((g) => first(g).attemptId === a.id)!.every((p) => p.request.reason === 'student')));
      const now = open.length ? new Date(open[0]!.now).getTime() : 0;
      const byId = new Map(groups.map((g) => [first(g).attemptId, first(g)]));
      const fills = open
        .filter((a) => isOpen(a, now))
        .flatMap((a) =>
          Object.entries(byId.get(a.id)!.answers ?? {})
            .filter(([qid, answer]) => a.question_order.includes(qid) && answer !== null && answer !== '')
            .map(([question_id, answer]) => ({ attempt_id: a.id, question_id, answer, seq: 1 })),
        );
      if (fills.length) await trx('answers').insert(fills).onConflict(['attempt_id', 'question_id']).ignore();
      const closed = await submitAndGradeTx(trx, open, (id) => byId.get(id)!);
      const done = new Set(closed.map((a) => a.id));
      const rest = groups.map((g) => first(g).attemptId).filter((id) => !done.has(id));
      const unchanged = rest.length ? ((await trx('attempts').whereIn('id', rest)) as AttemptRow[]) : [];
      return { closed, unchanged };
    });
    // Committed: only now does anyone hear "submitted": first the attempts' rooms and boards, then
    // results and dashboards. The first caller of an attempt closed it; any other in the same
    // batch (a second tab, a proctor) finds it already submitted. A caller that asked to be
    // answered once told (the exam screen) hears before the follow-up; the others after it. The
    // follow-up runs beside the next batch, not in its way.
    const rows = new Map([...closed, ...unchanged].map((a) => [a.id, a]));
    const changed = new Set(closed.map((a) => a.id));
    const answer = (p: Pending, i: number, attempt: AttemptRow | undefined) =>
      attempt ? p.resolve({ attempt, changed: i === 0 && changed.has(attempt.id) }) : p.reject(Errors.notFound(SESSION_MSG.attemptNotFound));
    const callers = groups.flatMap((g) => g.map((p, i) => ({ p, i, attempt: rows.get(first(g).attemptId) })));
    try {
      if (closed.length) opts.announcer.tell(closed);
    } catch (err) {
      log.error({ err }, 'telling submissions failed');
    }
    for (const c of callers) if (c.p.request.answerOnceTold) answer(c.p, c.i, c.attempt);
    const followed = (closed.length ? opts.announcer.followUp(closed) : Promise.resolve())
      .catch((err: unknown) => log.error({ err }, 'announcing submissions failed'))
      .then(() => {
        for (const c of callers) if (!c.p.request.answerOnceTold) answer(c.p, c.i, c.attempt);
      })
      .finally(() => announcing.delete(followed));
    announcing.add(followed);
  }

  async function writeBatch(batch: Pending[]): Promise<void> {
    const groups = new Map<string, Pending[]>();
    for (const p of batch) groups.set(p.request.attemptId, [...(groups.get(p.request.attemptId) ?? []), p]);
    // A batch the database (or grading) refuses is retried in halves, so one bad attempt fails
    // alone; an outage fails them all at once, since no half would do better.
    await writeInHalves(
      [...groups.values()],
      (part) => close(part),
      (err) => !isDbUnavailable(err),
      (g, err) => {
        log.error({ err, attemptId: g[0]!.request.attemptId }, 'submission failed');
        g.forEach((p) => p.reject(err));
      },
    );
  }

  const commit = createGroupCommit<Pending>({
    maxBatch: opts.maxBatch ?? 1000,
    maxInFlight: opts.maxInFlight ?? 2,
    stallMs: opts.stallMs,
    write: writeBatch,
    failed(err, batch) {
      if (!opts.dbOutage?.failed(err)) log.error({ err, size: batch.length }, 'submission batch failed');
      for (const p of batch) p.reject(err);
    },
  });

  return {
    async submit(request) {
      await saver.settled([request.attemptId]);
      return new Promise<SubmitResult>((resolve, reject) => commit.push({ request, resolve, reject }));
    },
    async drain() {
      await commit.drain();
      await Promise.all([...announcing]);
    },
  };
}
