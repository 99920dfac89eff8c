import type { Knex } from 'knex';
import { MARKING_COMMENTS_PER_TEACHER, MARKING_MSG, type MarkingCommentInput } from '@exam/shared';
import type { Db } from '../db';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { mayUseMarkingComment, scopeMarkingComments } from '../policies/markingComments';
import type { MarkingCommentRow } from '../presenters/markingComment';

const UNIQUE_VIOLATION = '23505';
const isDuplicate = (err: unknown) => (err as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;

/** The viewer's comments, the ones they reach for most first, then the freshest. */
export async function listMarkingComments(db: Db, viewer: Viewer): Promise<MarkingCommentRow[]> {
  return (await scopeMarkingComments(viewer, db('marking_comments as c'), 'c.owner_id')
    .select('c.*')
    .orderByRaw('c.use_count desc, c.last_used_at desc nulls last, c.created_at desc, c.id')) as MarkingCommentRow[];
}

async function commentFor(trx: Db | Knex.Transaction, viewer: Viewer, id: string): Promise<MarkingCommentRow> {
  const row = (await trx('marking_comments').where({ id }).first()) as MarkingCommentRow | undefined;
  if (!row || !mayUseMarkingComment(viewer, row)) throw Errors.notFound(MARKING_MSG.commentNotFound);
  return row;
}

/** Is this text already one of the owner's comments (other than `except`)? Asked first, as a failed insert would end the transaction. */
async function holdsText(trx: Knex.Transaction, ownerId: string, text: string, except?: string): Promise<boolean> {
  // By the unique index's own hash, then the text itself.
  const q = trx('marking_comments').where({ owner_id: ownerId }).whereRaw('md5(text) = md5(?)', [text]).where({ text });
  if (except) q.whereNot({ id: except });
  return !!(await q.first('id'));
}

/** The unique index is the last word when two saves of the same text race past the check. */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isDuplicate(err)) throw Errors.conflict(MARKING_MSG.commentDuplicate, 'text');
    throw err;
  }
}

export function createMarkingComment(db: Db, viewer: Viewer, input: MarkingCommentInput): Promise<MarkingCommentRow> {
  const owner = viewer.user.id;
  return refusingDuplicates(() =>
    db.transaction(async (trx) => {
      // One owner's saves queue here, so two at once cannot both pass the count.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`marking_comments:${owner}`]);
      if (await holdsText(trx, owner, input.text)) throw Errors.conflict(MARKING_MSG.commentDuplicate, 'text');
      const [{ n }] = (await trx('marking_comments').where({ owner_id: owner }).count({ n: '*' })) as [{ n: number | string }];
      if (Number(n) >= MARKING_COMMENTS_PER_TEACHER) throw Errors.conflict(MARKING_MSG.commentBankFull);
      const [row] = (await trx('marking_comments').insert({ owner_id: owner, text: input.text }).returning('*')) as MarkingCommentRow[];
      return row!;
    }),
  );
}

export function updateMarkingComment(db: Db, viewer: Viewer, id: string, input: MarkingCommentInput): Promise<MarkingCommentRow> {
  return refusingDuplicates(() =>
    db.transaction(async (trx) => {
      const current = await commentFor(trx, viewer, id);
      if (await holdsText(trx, current.owner_id, input.text, id)) throw Errors.conflict(MARKING_MSG.commentDuplicate, 'text');
      const [row] = (await trx('marking_comments').where({ id }).update({ text: input.text }).returning('*')) as MarkingCommentRow[];
      return row!;
    }),
  );
}

export async function deleteMarkingComment(db: Db, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await commentFor(trx, viewer, id);
    await trx('marking_comments').where({ id }).delete();
  });
}

/** The comment was inserted into feedback: it climbs the list. */
export async function useMarkingComment(db: Db, viewer: Viewer, id: string): Promise<MarkingCommentRow> {
  return db.transaction(async (trx) => {
    await commentFor(trx, viewer, id);
    const [row] = (await trx('marking_comments')
      .where({ id })
      .update({ use_count: trx.raw('use_count + 1'), last_used_at: trx.fn.now() })
      .returning('*')) as MarkingCommentRow[];
    return row!;
  });
}
