import type { Knex } from 'knex';
import { EXAM_MSG, type QuestionInput, type QuestionListQuery } from '@exam/shared';
import type { Db } from '../db';
import { Errors } from '../errors';
import { authorize, type Viewer } from '../policies';
import { scopeQuestions } from '../policies/questions';
import type { QuestionRow } from '../presenters/question';

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

export async function updateQuestion(db: Db, viewer: Viewer, id: string, input: QuestionInput): Promise<QuestionRow> {
  return db.transaction(async (trx) => {
    await getOwnedQuestion(trx, viewer, id, 'update');
    if (await usedInAttemptedExam(trx, id)) throw Errors.conflict(EXAM_MSG.questionFrozen);
    const [row] = (await trx('questions')
      .where({ id })
      .update({ ...questionColumns(input), updated_at: trx.fn.now() })
      .returning('*')) as QuestionRow[];
    return row!;
  });
}

export async function deleteQuestion(db: Db, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await getOwnedQuestion(trx, viewer, id, 'delete');
    if (await trx('exam_questions').where({ question_id: id }).first('exam_id')) throw Errors.conflict(EXAM_MSG.questionInUse);
    await trx('questions').where({ id }).delete();
  });
}
