import { SAVE_GRACE_MS, SESSION_MSG, type AnswerSave } from '@exam/shared';
import type { Db } from '../db';
import type { Logger } from '../logger';

export type SaveOutcome =
  | { ok: true; savedAt: string; applied: boolean }
  | { ok: false; code: 'attempt-closed' | 'forbidden' | 'not-found' | 'invalid' | 'error'; message: string };

interface Pending {
  save: AnswerSave;
  studentId: string;
  resolve: (outcome: SaveOutcome) => void;
}

export interface AnswerSaver {
  save(save: AnswerSave, studentId: string): Promise<SaveOutcome>;
  /** Resolves when nothing is queued or being written (tests, shutdown). */
  drain(): Promise<void>;
}

const MAX_BATCH = 500;

/**
 * Group commit for answer saves. Saves that arrive while a batch is being written wait and go
 * together in the next transaction, so under load many saves share one commit; alone, a save is
 * written at once. Each caller is answered only after its batch has committed.
 */
export function createAnswerSaver(db: Db, log: Logger): AnswerSaver {
  let queue: Pending[] = [];
  let running: Promise<void> | undefined;

  const pump = () => {
    if (running || !queue.length) return;
    running = (async () => {
      while (queue.length) {
        const batch = queue.slice(0, MAX_BATCH);
        queue = queue.slice(MAX_BATCH);
        await writeBatch(db, batch).catch((err: unknown) => {
          log.error({ err, size: batch.length }, 'answer batch failed');
          for (const p of batch) p.resolve({ ok: false, code: 'error', message: 'The answer could not be saved. It will be retried.' });
        });
      }
    })().finally(() => {
      running = undefined;
      pump();
    });
  };

  return {
    save(save, studentId) {
      return new Promise<SaveOutcome>((resolve) => {
        queue.push({ save, studentId, resolve });
        queueMicrotask(pump);
      });
    },
    async drain() {
      while (running || queue.length) await (running ?? new Promise((r) => setImmediate(r)));
    },
  };
}

interface AttemptState {
  id: string;
  student_id: string;
  status: string;
  question_order: string[];
  open: boolean;
  now: Date;
}

async function writeBatch(db: Db, batch: Pending[]): Promise<void> {
  const outcomes = new Map<Pending, SaveOutcome>();
  await db.transaction(async (trx) => {
    const ids = [...new Set(batch.map((p) => p.save.attemptId))];
    // FOR SHARE: a submission (which updates the row) waits for this batch, and vice versa.
    const attempts = (await trx('attempts')
      .whereIn('id', ids)
      .forShare()
      .select(
        'id',
        'student_id',
        'status',
        'question_order',
        trx.raw(`(status = 'in_progress' and now() <= deadline_at + make_interval(secs => ?)) as open`, [SAVE_GRACE_MS / 1000]),
        trx.raw('now() as now'),
      )) as AttemptState[];
    const byId = new Map(attempts.map((a) => [a.id, a]));

    // The newest seq per (attempt, question) wins inside the batch; the database keeps the newest overall.
    const newest = new Map<string, Pending>();
    let savedAt = new Date().toISOString();
    for (const p of batch) {
      const a = byId.get(p.save.attemptId);
      if (!a) outcomes.set(p, { ok: false, code: 'not-found', message: SESSION_MSG.attemptNotFound });
      else if (a.student_id !== p.studentId) outcomes.set(p, { ok: false, code: 'forbidden', message: SESSION_MSG.notYourAttempt });
      else if (!a.open) outcomes.set(p, { ok: false, code: 'attempt-closed', message: SESSION_MSG.attemptClosed });
      else if (!a.question_order.includes(p.save.questionId)) outcomes.set(p, { ok: false, code: 'invalid', message: SESSION_MSG.questionNotInAttempt });
      else {
        savedAt = new Date(a.now).toISOString();
        const key = `${p.save.attemptId}:${p.save.questionId}`;
        const prev = newest.get(key);
        if (!prev || prev.save.seq < p.save.seq) newest.set(key, p);
      }
    }
    const rows = [...newest.values()].map((p) => ({
      attempt_id: p.save.attemptId,
      question_id: p.save.questionId,
      answer: p.save.answer,
      seq: p.save.seq,
      saved_at: trx.fn.now(),
    }));
    const applied = new Set<string>();
    if (rows.length) {
      const written = (await trx('answers')
        .insert(rows)
        .onConflict(['attempt_id', 'question_id'])
        .merge(['answer', 'seq', 'saved_at'])
        .where('answers.seq', '<', trx.raw('excluded.seq'))
        .returning(['attempt_id', 'question_id', 'seq'])) as { attempt_id: string; question_id: string; seq: number }[];
      for (const w of written) applied.add(`${w.attempt_id}:${w.question_id}:${w.seq}`);
    }
    for (const p of batch) {
      if (!outcomes.has(p)) {
        outcomes.set(p, { ok: true, savedAt, applied: applied.has(`${p.save.attemptId}:${p.save.questionId}:${p.save.seq}`) });
      }
    }
  });
  // Only now, after the commit, does anyone hear "saved".
  for (const p of batch) p.resolve(outcomes.get(p)!);
}
