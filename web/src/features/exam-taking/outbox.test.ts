import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { createOutbox } from './outbox';

let n = 0;
const fresh = () => {
  n += 1;
  const name = `outbox-test-${n}`;
  return { name, outbox: createOutbox(name) };
};
const A = 'attempt-a';

describe('the IndexedDB outbox', () => {
  it('keeps a save until the ack for its seq arrives', async () => {
    const { outbox } = fresh();
    await outbox.put({ attemptId: A, questionId: 'q1', answer: 'Four', seq: 1, order: 1 });
    expect(await outbox.list(A)).toEqual([{ attemptId: A, questionId: 'q1', answer: 'Four', seq: 1, order: 1 }]);
    await outbox.acknowledge(A, 'q1', 1);
    expect(await outbox.list(A)).toEqual([]);
  });

  it('keeps the newer save when an older one is acked, and never lets an older write replace it', async () => {
    const { outbox } = fresh();
    await outbox.put({ attemptId: A, questionId: 'q1', answer: 'new', seq: 5, order: 2 });
    await outbox.put({ attemptId: A, questionId: 'q1', answer: 'old', seq: 4, order: 1 });
    await outbox.acknowledge(A, 'q1', 4);
    expect(await outbox.list(A)).toMatchObject([{ answer: 'new', seq: 5 }]);
  });

  it('lists an attempt’s saves in the order they were made, and clears them', async () => {
    const { outbox } = fresh();
    await outbox.put({ attemptId: A, questionId: 'q2', answer: 'b', seq: 1, order: 2 });
    await outbox.put({ attemptId: A, questionId: 'q1', answer: 'a', seq: 3, order: 1 });
    await outbox.put({ attemptId: 'other', questionId: 'q1', answer: 'x', seq: 1, order: 0 });
    expect((await outbox.list(A)).map((r) => r.questionId)).toEqual(['q1', 'q2']);
    await outbox.clear(A);
    expect(await outbox.list(A)).toEqual([]);
    expect(await outbox.list('other')).toHaveLength(1);
  });

  it('survives a new outbox on the same database (a page reload)', async () => {
    const { name, outbox } = fresh();
    await outbox.put({ attemptId: A, questionId: 'q1', answer: null, seq: 2, order: 1 });
    expect(await createOutbox(name).list(A)).toEqual([{ attemptId: A, questionId: 'q1', answer: null, seq: 2, order: 1 }]);
  });

  it('skips stored records that are not shaped like a save', async () => {
    const { name, outbox } = fresh();
    await outbox.put({ attemptId: A, questionId: 'q1', answer: 'ok', seq: 1, order: 1 });
    const db = await openDB(name, 1);
    await db.put('saves', { attemptId: A, questionId: 'q2', answer: 42, seq: 'x' });
    db.close();
    expect((await outbox.list(A)).map((r) => r.questionId)).toEqual(['q1']);
  });
});
