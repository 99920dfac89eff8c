import type { Knex } from 'knex';
import { MARKING_MSG, type RubricTemplateInput } from '@exam/shared';
import type { Db } from '../db';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { mayChangeRubric, mayReadRubric, scopeRubrics } from '../policies/rubrics';
import type { RubricRow } from '../presenters/rubric';

/** A library this size is already more than anyone browses; the cap keeps one account from filling the table. */
export const RUBRICS_PER_OWNER = 200;

/** The viewer's own library, by title. */
export async function listRubrics(db: Db, viewer: Viewer): Promise<RubricRow[]> {
  return (await scopeRubrics(viewer, db('rubrics as r'), 'r.owner_id').select('r.*').orderByRaw('lower(r.title), r.created_at, r.id')) as RubricRow[];
}

/** A rubric the viewer may act on; anyone else's is not found, so its id tells nothing. */
async function rubricFor(db: Db | Knex.Transaction, viewer: Viewer, id: string, may: (v: Viewer, r: RubricRow) => boolean): Promise<RubricRow> {
  const row = (await db('rubrics').where({ id }).first()) as RubricRow | undefined;
  if (!row || !may(viewer, row)) throw Errors.notFound(MARKING_MSG.rubricNotFound);
  return row;
}

export const getRubric = (db: Db, viewer: Viewer, id: string) => rubricFor(db, viewer, id, mayReadRubric);

export async function createRubric(db: Db, viewer: Viewer, input: RubricTemplateInput): Promise<RubricRow> {
  return db.transaction(async (trx) => {
    // Two saves at once must not both pass the count: one owner's creations queue here.
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`rubrics:${viewer.user.id}`]);
    const [{ n }] = (await trx('rubrics').where({ owner_id: viewer.user.id }).count({ n: '*' })) as [{ n: number | string }];
    if (Number(n) >= RUBRICS_PER_OWNER) throw Errors.conflict(MARKING_MSG.rubricLibraryFull);
    const [row] = (await trx('rubrics')
      .insert({ owner_id: viewer.user.id, title: input.title, rubric: JSON.stringify(input.rubric) })
      .returning('*')) as RubricRow[];
    return row!;
  });
}

export async function updateRubric(db: Db, viewer: Viewer, id: string, input: RubricTemplateInput): Promise<RubricRow> {
  return db.transaction(async (trx) => {
    await rubricFor(trx, viewer, id, mayChangeRubric);
    const [row] = (await trx('rubrics')
      .where({ id })
      .update({ title: input.title, rubric: JSON.stringify(input.rubric), updated_at: trx.fn.now() })
      .returning('*')) as RubricRow[];
    return row!;
  });
}

/** Questions keep the copies they took: a question's rubric never points back here. */
export async function deleteRubric(db: Db, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await rubricFor(trx, viewer, id, mayChangeRubric);
    await trx('rubrics').where({ id }).delete();
  });
}
