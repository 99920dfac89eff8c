import type { JoinData } from '@exam/shared';
import type { PendingSave } from './types';

/**
 * The answers as the screen holds them: what the server has acknowledged, overlaid by the saves
 * still on their way (pending). Seqs only grow, per question: a new save takes one above both
 * the server's and every local one, so a late or replayed save never overwrites a newer answer.
 */
export interface AnswerBook {
  answers: Record<string, string | null>;
  /** The highest seq used or seen per question. */
  seqs: Record<string, number>;
  pending: Record<string, PendingSave>;
  /** Next replay order number. */
  nextOrder: number;
}

export const emptyBook = (): AnswerBook => ({ answers: {}, seqs: {}, pending: {}, nextOrder: 1 });

/** The book after the student's change, and the save to send; null when nothing changed. */
export function recordAnswer(book: AnswerBook, questionId: string, answer: string | null): { book: AnswerBook; save: PendingSave } | null {
  const normalised = answer === '' ? null : answer;
  if ((book.answers[questionId] ?? null) === normalised) return null;
  const save: PendingSave = { questionId, answer: normalised, seq: (book.seqs[questionId] ?? 0) + 1, order: book.nextOrder };
  return {
    save,
    book: {
      answers: { ...book.answers, [questionId]: normalised },
      seqs: { ...book.seqs, [questionId]: save.seq },
      pending: { ...book.pending, [questionId]: save },
      nextOrder: book.nextOrder + 1,
    },
  };
}

/** An ack for `seq` (or a newer one) settles the pending save; an older ack leaves the newer save pending. */
export function acknowledge(book: AnswerBook, questionId: string, seq: number): AnswerBook {
  const pending = book.pending[questionId];
  if (!pending || pending.seq > seq) return book;
  const { [questionId]: _settled, ...rest } = book.pending;
  return { ...book, pending: rest };
}

/** The server will never take this save (the attempt closed): it leaves the pending list. */
export function drop(book: AnswerBook, questionId: string, seq: number): AnswerBook {
  return acknowledge(book, questionId, seq);
}

/**
 * Merges what the server holds (join or start) with what this device still has to send: the
 * server's answers, overlaid by local saves newer than the server's seq. Older local saves stay
 * pending so their replay is acked (and ignored by the server), which clears them from the outbox.
 */
export function applyServerState(book: AnswerBook, server: Pick<JoinData, 'answers' | 'seqs'>): AnswerBook {
  const answers: Record<string, string | null> = { ...server.answers };
  const seqs: Record<string, number> = {};
  const ids = new Set([...Object.keys(server.seqs), ...Object.keys(book.seqs), ...Object.keys(book.pending)]);
  for (const id of ids) {
    seqs[id] = Math.max(server.seqs[id] ?? 0, book.seqs[id] ?? 0, book.pending[id]?.seq ?? 0);
  }
  for (const p of Object.values(book.pending)) {
    if (p.seq > (server.seqs[p.questionId] ?? 0)) answers[p.questionId] = p.answer;
  }
  return { ...book, answers, seqs };
}

/** Adds saves restored from the outbox (after a reload) to a book. */
export function withRestored(book: AnswerBook, restored: PendingSave[]): AnswerBook {
  const pending = { ...book.pending };
  for (const p of restored) {
    const current = pending[p.questionId];
    if (!current || current.seq < p.seq) pending[p.questionId] = p;
  }
  const nextOrder = Math.max(book.nextOrder, ...restored.map((p) => p.order + 1));
  return { ...book, pending, nextOrder };
}

/** Saves in the order they were made: the replay order. */
export function pendingInOrder(book: AnswerBook): PendingSave[] {
  return Object.values(book.pending).sort((a, b) => a.order - b.order);
}

/** Saves the server lacks: local ones newer than what it holds. */
export function unsentCount(book: AnswerBook, serverSeqs: Record<string, number>): number {
  return Object.values(book.pending).filter((p) => p.seq > (serverSeqs[p.questionId] ?? 0)).length;
}

export function isAnswered(answer: string | null | undefined): boolean {
  return typeof answer === 'string' && answer.trim() !== '';
}
