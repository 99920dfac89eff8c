import { EXAM_MSG, INTEROP_MSG, type ExportFormat, type ExportQuery } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { authorize, type Viewer } from '../policies';
import { scoringOf, type QuestionRow } from '../presenters/question';
import { exportGift } from './interop/giftExport';
import { exportMoodleXml } from './interop/moodleXmlExport';
import { exportQti21, exportQti3 } from './interop/qtiExport';
import type { ExportFile, ExportQuestion } from './interop/types';
import { examQuestions, getExamFor } from './exams';
import { questionImageKey } from './questionImages';

const WRITERS: Record<ExportFormat, (questions: ExportQuestion[]) => ExportFile> = { gift: exportGift, moodlexml: exportMoodleXml, qti21: exportQti21, qti3: exportQti3 };

/** The questions asked for (by id, or an exam's in its order), each one the viewer may read. */
async function questionsToExport(deps: Deps, viewer: Viewer, query: ExportQuery): Promise<QuestionRow[]> {
  if (query.examId) {
    await getExamFor(deps.db, viewer, query.examId, 'read-questions');
    return examQuestions(deps.db, query.examId);
  }
  const ids = [...new Set(query.ids ?? [])];
  if (!ids.length) throw Errors.badRequest(INTEROP_MSG.exportNothing, 'ids');
  const rows = (await deps.db('questions').whereIn('id', ids)) as QuestionRow[];
  if (rows.length !== ids.length) throw Errors.notFound(EXAM_MSG.questionNotFound);
  for (const row of rows) authorize(viewer, 'read', 'question', row);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

/** A stored question in the shape the writers take: our input, and its picture's bytes. */
async function exportable(deps: Deps, row: QuestionRow): Promise<ExportQuestion> {
  const key = questionImageKey(row.image);
  const file = key ? await deps.files.get(key) : undefined;
  return {
    id: row.id,
    question: {
      text: row.text,
      type: row.type,
      subject: row.subject as ExportQuestion['question']['subject'],
      topic: row.topic,
      difficulty: row.difficulty,
      points: row.points,
      options: row.options,
      correctAnswer: row.correct_answer,
      acceptedAnswers: row.accepted_answers,
      sampleAnswer: row.sample_answer,
      explanation: row.explanation,
      image: row.image,
      ...scoringOf(row),
      tags: row.tags ?? [],
      shared: !!row.shared,
      rubric: row.rubric ?? null,
    },
    image: file && key ? { name: key.slice(key.lastIndexOf('/') + 1), bytes: file.bytes, contentType: file.contentType } : undefined,
  };
}

export async function exportQuestions(deps: Deps, viewer: Viewer, query: ExportQuery): Promise<ExportFile> {
  const rows = await questionsToExport(deps, viewer, query);
  if (!rows.length) throw Errors.badRequest(INTEROP_MSG.exportNothing, 'ids');
  const questions: ExportQuestion[] = [];
  for (const row of rows) questions.push(await exportable(deps, row));
  return WRITERS[query.format](questions);
}
