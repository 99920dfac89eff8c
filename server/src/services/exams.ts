import type { Knex } from 'knex';
import { EXAM_MSG, MSG, examTimeStatus, withDefaultAllowances, withDefaultProfile, type ExamCreateInput, type ExamDefaults, type ExamUpdateInput } from '@exam/shared';
import type { Db } from '../db';
import { Errors } from '../errors';
import { authorize, can, type ExamAction, type Viewer } from '../policies';
import { removesExamsAtAnyTime } from '../policies/exams';
import { sitsExams } from '../policies/people';
import type { ExamRow } from '../presenters/exam';
import { presentQuestionForStudent, type QuestionRow } from '../presenters/question';
import { findExam } from './examCatalogue';
import { insertQuestions } from './questions';

type Trx = Db | Knex.Transaction;

function examColumns(input: ExamUpdateInput) {
  return {
    title: input.title,
    subject: input.subject,
    description: input.description,
    grade: input.grade,
    duration_minutes: input.duration,
    passing_marks: input.passingMarks,
    exam_type: input.examType,
    difficulty: input.difficulty,
    instructions: input.instructions,
    start_at: input.schedule.startDate,
    end_at: input.schedule.endDate,
    timezone: input.schedule.timezone,
    settings: JSON.stringify(input.settings),
  };
}

/**
 * Loads an exam the viewer may act on. Missing is a 404; present but not for this viewer is the
 * 403 (a student hears the exam is not accessible or not yet available).
 */
export async function getExamFor(db: Trx, viewer: Viewer, id: string, action: ExamAction): Promise<ExamRow> {
  const row = await findExam(db, viewer, id);
  if (!row) throw Errors.notFound(EXAM_MSG.examNotFound);
  const denied = sitsExams(viewer.user.role) ? Errors.forbidden(EXAM_MSG.notAccessible) : Errors.forbidden(MSG.forbidden);
  authorize(viewer, action, 'exam', { ...row, eligibleIds: row.eligible_ids, viewerStaff: row.viewer_staff }, denied);
  return row;
}

async function assertStudents(trx: Trx, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = (await trx('users').whereIn('id', ids).where('role', 'student').count<{ n: number }[]>({ n: '*' })) as { n: number | string }[];
  if (Number(found[0]?.n) !== new Set(ids).size) {
    throw Errors.badRequest(EXAM_MSG.eligibleNotStudents, 'eligibleStudents');
  }
}

async function replaceLists(trx: Trx, examId: string, input: ExamUpdateInput): Promise<void> {
  await assertStudents(trx, input.eligibleStudents);
  await trx('exam_eligible_students').where({ exam_id: examId }).delete();
  await trx('exam_tags').where({ exam_id: examId }).delete();
  const eligible = [...new Set(input.eligibleStudents)];
  if (eligible.length) await trx('exam_eligible_students').insert(eligible.map((student_id) => ({ exam_id: examId, student_id })));
  if (input.tags.length) await trx('exam_tags').insert(input.tags.map((tag) => ({ exam_id: examId, tag })));
}

/** Questions the exam's owner may put in it: their own (an admin: any). */
async function usableQuestions(trx: Trx, viewer: Viewer, ids: string[]): Promise<QuestionRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = (await trx('questions').whereIn('id', unique)) as QuestionRow[];
  if (rows.length !== unique.length) throw Errors.badRequest(EXAM_MSG.questionsMissing, 'questionIds');
  if (rows.some((q) => !can(viewer, 'use', 'question', q))) {
    throw Errors.forbidden(EXAM_MSG.questionNotYours);
  }
  return unique.map((id) => rows.find((r) => r.id === id)!);
}

async function linkQuestions(trx: Trx, examId: string, questionIds: string[]): Promise<void> {
  if (!questionIds.length) return;
  const { max } = (await trx('exam_questions').where({ exam_id: examId }).max<{ max: number | null }>('position as max').first()) ?? { max: null };
  const start = (max ?? 0) + 1;
  await trx('exam_questions').insert(questionIds.map((question_id, i) => ({ exam_id: examId, question_id, position: start + i })));
}

/**
 * Creates an exam with its new questions and links to existing ones in one transaction: the
 * wizard's single call, so a failure part-way leaves nothing half-made. Proctoring allowances the
 * creator leaves out are the school's defaults of the moment, fixed in the exam from then on; so
 * are the device checks the request's proctoring (`given`, as sent) does not name.
 */
export async function createExam(db: Db, viewer: Viewer, input: ExamCreateInput, defaults: ExamDefaults, given?: Record<string, unknown>): Promise<string> {
  const settings = { ...input.settings, proctoring: withDefaultProfile(withDefaultAllowances(input.settings.proctoring, defaults), given, defaults) };
  return db.transaction(async (trx) => {
    const [exam] = (await trx('exams')
      .insert({
        ...examColumns({ ...input, settings }),
        owner_id: viewer.user.id,
        is_published: input.isPublished,
        published_at: input.isPublished ? trx.fn.now() : null,
      })
      .returning('id')) as { id: string }[];
    await replaceLists(trx, exam!.id, input);
    const existing = await usableQuestions(trx, viewer, input.questionIds);
    const created = await insertQuestions(trx, viewer.user.id, input.questions);
    await linkQuestions(trx, exam!.id, [...created.map((q) => q.id), ...existing.map((q) => q.id)]);
    return exam!.id;
  });
}

export async function updateExam(db: Db, viewer: Viewer, id: string, input: ExamUpdateInput): Promise<void> {
  await db.transaction(async (trx) => {
    const exam = await getExamFor(trx, viewer, id, 'update');
    // Passing marks decide who passed: once students have sat the exam they are part of its marks.
    if ((exam.any_attempts ?? 0) > 0 && input.passingMarks !== exam.passing_marks) throw Errors.conflict(EXAM_MSG.frozen);
    // An edit that leaves the allowances out keeps the exam's own (none stored: the old fixed ones).
    const stored = exam.settings.proctoring ?? {};
    const proctoring = {
      ...input.settings.proctoring,
      tabSwitchesAllowed: input.settings.proctoring.tabSwitchesAllowed ?? stored.tabSwitchesAllowed,
      fullscreenExitsAllowed: input.settings.proctoring.fullscreenExitsAllowed ?? stored.fullscreenExitsAllowed,
    };
    await trx('exams')
      .where({ id })
      .update({ ...examColumns({ ...input, settings: { ...input.settings, proctoring } }), updated_at: trx.fn.now() });
    await replaceLists(trx, id, input);
  });
}

export async function deleteExam(db: Db, viewer: Viewer, id: string): Promise<'deleted' | 'archived'> {
  return db.transaction(async (trx) => {
    const exam = await getExamFor(trx, viewer, id, 'delete');
    // An admin may remove any exam; one with attempts is archived so students keep their results.
    if (removesExamsAtAnyTime(viewer)) {
      if ((exam.any_attempts ?? 0) > 0) {
        await trx('exams').where({ id }).update({ archived_at: trx.fn.now(), updated_at: trx.fn.now() });
        return 'archived';
      }
      await trx('exams').where({ id }).delete();
      return 'deleted';
    }
    if (examTimeStatus(exam.start_at, exam.end_at) !== 'upcoming') throw Errors.conflict(EXAM_MSG.deleteOnlyUpcoming);
    if ((exam.any_attempts ?? 0) > 0) throw Errors.conflict(EXAM_MSG.frozen);
    await trx('exams').where({ id }).delete();
    return 'deleted';
  });
}

/** Publishes; resolves true when this call made the exam public (false if it already was). */
export async function publishExam(db: Db, viewer: Viewer, id: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const exam = await getExamFor(trx, viewer, id, 'publish');
    if (exam.total_questions < 1) throw Errors.badRequest(EXAM_MSG.publishNeedsQuestion);
    const updated = await trx('exams')
      .where({ id, is_published: false })
      .update({ is_published: true, published_at: trx.fn.now(), updated_at: trx.fn.now() });
    return updated > 0;
  });
}

/** The exam's questions in order, answer keys included (owner and admins only). */
export async function examQuestions(db: Trx, examId: string): Promise<QuestionRow[]> {
  return (await db('exam_questions as eq')
    .join('questions as q', 'q.id', 'eq.question_id')
    .where('eq.exam_id', examId)
    .orderBy('eq.position')
    .select('q.*')) as QuestionRow[];
}

/**
 * The exam as a student would sit it, for its owner (or an admin) to check before students do:
 * the student presenter's questions (no keys), in the authored order, options unshuffled. Only
 * reads: no attempt is created, nothing is saved, no session is opened.
 */
export async function previewExam(db: Trx, viewer: Viewer, id: string): Promise<{ exam: ExamRow; questions: ReturnType<typeof presentQuestionForStudent>[] }> {
  const exam = await getExamFor(db, viewer, id, 'preview');
  return { exam, questions: (await examQuestions(db, exam.id)).map((q) => presentQuestionForStudent(q)) };
}

/** What a student may know of an exam's questions before starting it: id, type and points, in order. */
export async function questionOutline(db: Trx, examId: string): Promise<{ _id: string; type: string; points: number }[]> {
  const rows = (await db('exam_questions as eq')
    .join('questions as q', 'q.id', 'eq.question_id')
    .where('eq.exam_id', examId)
    .orderBy('eq.position')
    .select('q.id', 'q.type', 'q.points')) as { id: string; type: string; points: number }[];
  return rows.map((q) => ({ _id: q.id, type: q.type, points: q.points }));
}

function assertNotFrozen(exam: ExamRow): void {
  if ((exam.any_attempts ?? 0) > 0) throw Errors.conflict(EXAM_MSG.frozen);
}

export async function addQuestionsToExam(db: Db, viewer: Viewer, examId: string, questionIds: string[]): Promise<number> {
  return db.transaction(async (trx) => {
    const exam = await getExamFor(trx, viewer, examId, 'manage-questions');
    assertNotFrozen(exam);
    const wanted = await usableQuestions(trx, viewer, questionIds);
    const present = new Set((await trx('exam_questions').where({ exam_id: examId }).pluck('question_id')) as string[]);
    const fresh = wanted.filter((q) => !present.has(q.id)).map((q) => q.id);
    if (!fresh.length) throw Errors.conflict(EXAM_MSG.alreadyInExam);
    await linkQuestions(trx, examId, fresh);
    await trx('exams').where({ id: examId }).update({ updated_at: trx.fn.now() });
    return fresh.length;
  });
}

export async function removeQuestionFromExam(db: Db, viewer: Viewer, examId: string, questionId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const exam = await getExamFor(trx, viewer, examId, 'manage-questions');
    assertNotFrozen(exam);
    const removed = await trx('exam_questions').where({ exam_id: examId, question_id: questionId }).delete();
    if (!removed) throw Errors.notFound(EXAM_MSG.questionNotInExam);
    // A published exam keeps at least one question: an empty exam could not be taken.
    if (exam.is_published && exam.total_questions <= 1) throw Errors.conflict(EXAM_MSG.publishedKeepsQuestion);
    await trx('exams').where({ id: examId }).update({ updated_at: trx.fn.now() });
  });
}
