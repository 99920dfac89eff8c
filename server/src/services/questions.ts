import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import { EXAM_MSG, type QuestionInput, type QuestionListQuery } from '@exam/shared';
import type { Db } from '../db';
import { Errors } from '../errors';
import { authorize, type Viewer } from '../policies';
import { scopeQuestions } from '../policies/questions';
import { scoringOf, type QuestionRow } from '../presenters/question';

export function questionColumns(input: QuestionInput) {
  return {
    text: input.text,
    type: input.type,
    subject: input.subject,
    topic: input.topic,
    difficulty: input.difficulty,
    points: input.points,
    options: JSON.stringify(input.options),
    correct_answer: input.correctAnswer,
    accepted_answers: JSON.stringify(input.acceptedAnswers),
    sample_answer: input.sampleAnswer,
    explanation: input.explanation,
    image: input.image,
    scoring: JSON.stringify({ numericAnswers: input.numericAnswers, shortAnswers: input.shortAnswers, caseSensitive: input.caseSensitive, pairs: input.pairs, distractors: input.distractors }),
    tags: JSON.stringify(input.tags),
    shared: input.shared,
    // The question's own copy (a library rubric edited later never changes it); null clears it.
    rubric: input.rubric ? JSON.stringify(input.rubric) : null,
  };
}

export async function insertQuestions(trx: Db | Knex.Transaction, ownerId: string, inputs: QuestionInput[]): Promise<QuestionRow[]> {
  if (!inputs.length) return [];
  return (await trx('questions')
    .insert(inputs.map((i) => ({ ...questionColumns(i), owner_id: ownerId })))
    .returning('*')) as QuestionRow[];
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The question bank: a teacher's own questions (an admin's view: all), filtered and paged. */
export async function listQuestions(db: Db, viewer: Viewer, query: QuestionListQuery): Promise<{ rows: QuestionRow[]; total: number }> {
  const base = scopeQuestions(viewer, db('questions as q'), 'q.owner_id', query.scope);
  if (query.tag) base.whereRaw('q.tags @> ?::jsonb', [JSON.stringify([query.tag])]);
  if (query.subject) base.where('q.subject', query.subject);
  if (query.type) base.where('q.type', query.type);
  if (query.difficulty) base.where('q.difficulty', query.difficulty);
  if (query.topic) base.whereILike('q.topic', `%${escapeLike(query.topic)}%`);
  if (query.search) base.whereILike('q.text', `%${escapeLike(query.search)}%`);
  if (query.excludeExam) {
    base.whereNotExists(db('exam_questions as eq').whereRaw('eq.question_id = q.id').where('eq.exam_id', query.excludeExam));
  }
  const counted = (await base.clone().count({ total: '*' })) as { total: number | string }[];
  const total = Number(counted[0]?.total ?? 0);
  const rows = (await base
    .select('q.*')
    .orderBy([{ column: 'q.created_at', order: 'desc' }, { column: 'q.id' }])
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)) as QuestionRow[];
  return { rows, total };
}

export async function getOwnedQuestion(db: Db | Knex.Transaction, viewer: Viewer, id: string, action: 'read' | 'update' | 'delete'): Promise<QuestionRow> {
  const row = (await db('questions').where({ id }).first()) as QuestionRow | undefined;
  if (!row) throw Errors.notFound(EXAM_MSG.questionNotFound);
  authorize(viewer, action, 'question', row);
  return row;
}

/** Has any exam holding this question been attempted? Then its text and marks are history. */
async function usedInAttemptedExam(db: Db | Knex.Transaction, questionId: string): Promise<boolean> {
  const hit = await db('exam_questions as eq')
    .join('attempts as a', 'a.exam_id', 'eq.exam_id')
    .where('eq.question_id', questionId)
    .first('a.id');
  return !!hit;
}

const JSON_COLUMNS = new Set(['options', 'accepted_answers', 'scoring', 'tags']);
/** A value as JSON would hold it: undefined keys gone, so a stored column and a new one compare by content. */
const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null));

/** Does the input leave everything of the stored question as it is but its rubric? */
function changesRubricAlone(row: QuestionRow, input: QuestionInput): boolean {
  const { rubric: _rubric, ...columns } = questionColumns(input);
  const stored: Record<string, unknown> = { ...row, scoring: scoringOf(row) };
  return Object.entries(columns).every(([key, value]) => isDeepStrictEqual(plain(stored[key]), JSON_COLUMNS.has(key) ? JSON.parse(value as string) : plain(value)));
}

/**
 * Once students have attempted an exam holding it, a question's text and marks are history: only
 * its rubric may still change (marking often settles on one after reading the answers). The best
 * levels still add up to the unchanged points, and each marked answer keeps the rubric it was
 * marked with (answers.rubric_assessment), so no result changes.
 */
export async function updateQuestion(db: Db, viewer: Viewer, id: string, input: QuestionInput): Promise<QuestionRow> {
  return db.transaction(async (trx) => {
    const current = await getOwnedQuestion(trx, viewer, id, 'update');
    const columns = (await usedInAttemptedExam(trx, id)) ? rubricOnly(current, input) : questionColumns(input);
    const [row] = (await trx('questions')
      .where({ id })
      .update({ ...columns, updated_at: trx.fn.now() })
      .returning('*')) as QuestionRow[];
    return row!;
  });
}

function rubricOnly(row: QuestionRow, input: QuestionInput): Pick<ReturnType<typeof questionColumns>, 'rubric'> {
  if (!changesRubricAlone(row, input)) throw Errors.conflict(EXAM_MSG.questionFrozen);
  return { rubric: questionColumns(input).rubric };
}

export async function deleteQuestion(db: Db, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await getOwnedQuestion(trx, viewer, id, 'delete');
    if (await trx('exam_questions').where({ question_id: id }).first('exam_id')) throw Errors.conflict(EXAM_MSG.questionInUse);
    await trx('questions').where({ id }).delete();
  });
}
