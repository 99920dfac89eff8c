import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { z } from 'zod';
import type { PendingSave } from './types';

/**
 * Unacknowledged saves in IndexedDB, one per (attempt, question): written before the save is
 * emitted and deleted only when the ack for that seq or a newer one arrives, so a dropped network
 * or a reloaded page loses nothing. Storage is user-editable and may hold older shapes: every
 * record read back is parsed, and anything that does not parse is skipped.
 */

export interface OutboxRecord extends PendingSave {
  attemptId: string;
}

const recordSchema = z.object({
  attemptId: z.string().min(1),
  questionId: z.string().min(1),
  answer: z.string().nullable(),
  seq: z.number().int().min(1),
  order: z.number(),
});

interface OutboxDb extends DBSchema {
  saves: { key: [string, string]; value: OutboxRecord; indexes: { byAttempt: string } };
}

export interface Outbox {
  /** Keeps the save unless the outbox already holds a newer one for the question. */
  put(record: OutboxRecord): Promise<void>;
  /** The server acknowledged `seq`: forget the stored save if it is not newer. */
  acknowledge(attemptId: string, questionId: string, seq: number): Promise<void>;
  /** The attempt's saves in the order they were made. */
  list(attemptId: string): Promise<OutboxRecord[]>;
  clear(attemptId: string): Promise<void>;
}

export const OUTBOX_DB = 'exam-taking';

export function createOutbox(dbName: string = OUTBOX_DB): Outbox {
  let db: Promise<IDBPDatabase<OutboxDb>> | null = null;
  const open = () => {
    db ??= openDB<OutboxDb>(dbName, 1, {
      upgrade(database) {
        const store = database.createObjectStore('saves', { keyPath: ['attemptId', 'questionId'] });
        store.createIndex('byAttempt', 'attemptId');
      },
    }).catch((error: unknown) => {
      // Let a later call try again (a transient failure should not disable the outbox for good).
      db = null;
      throw error;
    });
    return db;
  };

  return {
    async put(record) {
      const tx = (await open()).transaction('saves', 'readwrite');
      const existing = recordSchema.safeParse(await tx.store.get([record.attemptId, record.questionId]));
      if (!existing.success || existing.data.seq <= record.seq) await tx.store.put(recordSchema.parse(record));
      await tx.done;
    },
    async acknowledge(attemptId, questionId, seq) {
      const tx = (await open()).transaction('saves', 'readwrite');
      const existing = recordSchema.safeParse(await tx.store.get([attemptId, questionId]));
      if (!existing.success || existing.data.seq <= seq) await tx.store.delete([attemptId, questionId]);
      await tx.done;
    },
    async list(attemptId) {
      const rows = await (await open()).getAllFromIndex('saves', 'byAttempt', attemptId);
      return rows
        .map((row) => recordSchema.safeParse(row))
        .filter((r) => r.success)
        .map((r) => r.data)
        .sort((a, b) => a.order - b.order);
    },
    async clear(attemptId) {
      const tx = (await open()).transaction('saves', 'readwrite');
      for (const key of await tx.store.index('byAttempt').getAllKeys(attemptId)) await tx.store.delete(key);
      await tx.done;
    },
  };
}
