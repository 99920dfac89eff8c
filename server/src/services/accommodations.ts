import type { Knex } from 'knex';
import { ACCOMMODATION_MSG, NO_ACCOMMODATION, PROCTOR_EVENTS, SOCKET_EVENTS, USER_MSG, effectiveAccommodation, shownAccommodation, type Accommodation, type StudentAccommodation, type WaivableCheck } from '@exam/shared';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { EXAM_ACCOMMODATION_ACTION, isStudentOfExam, takesAccommodations } from '../policies/accommodations';
import { getExamFor } from './exams';
import { appliedAccommodationSql } from './appliedAccommodationSql';
import { forgetWaivers } from './waivers';
import { rooms } from '../ports/realtime';
import { NO_BREAK, presentBreak, type BreakColumns } from '../presenters/restBreak';

type Trx = Db | Knex.Transaction;

/** A row of student_accommodations or exam_accommodations, as read (decimals come back as strings). */
export interface AccommodationRow {
  time_multiplier: string | number;
  rest_break_minutes: number;
  breaks_automatic: boolean;
  waived_checks: WaivableCheck[];
  reduced_distraction: boolean;
  larger_text: boolean;
  note?: string;
  updated_by?: string | null;
  updated_at?: Date | string;
}

export function accommodationOfRow(row: AccommodationRow): Accommodation {
  return {
    timeMultiplier: Number(row.time_multiplier),
    restBreakMinutes: row.rest_break_minutes,
    breaksAutomatic: row.breaks_automatic,
    waivedChecks: row.waived_checks,
    reducedDistraction: row.reduced_distraction,
    largerText: row.larger_text,
    note: row.note ?? '',
  };
}

/** A row read as JSON in a bigger statement (the board's, the join's), or nothing. */
export const accommodationOfJson = (row: AccommodationRow | null | undefined): Accommodation | null => (row ? accommodationOfRow(row) : null);

const columnsOf = (a: Accommodation, by: string, db: Trx) => ({
  time_multiplier: a.timeMultiplier,
  rest_break_minutes: a.restBreakMinutes,
  breaks_automatic: a.breaksAutomatic,
  waived_checks: JSON.stringify(a.waivedChecks),
  reduced_distraction: a.reducedDistraction,
  larger_text: a.largerText,
  note: a.note,
  updated_by: by,
  updated_at: db.fn.now(),
});

/**
 * The accommodation that applies to a student in an exam (the exam's own, else their standing
 * one, else none; without the staff's note), in one statement: every attempt's start reads it.
 */
export async function accommodationInExam(db: Trx, examId: string, studentId: string): Promise<Accommodation> {
  const { rows } = (await db.raw(`select ${appliedAccommodationSql('?::uuid', '?::uuid')} as applied`, [examId, studentId, studentId])) as {
    rows: { applied: AccommodationRow | null }[];
  };
  return accommodationOfJson(rows[0]?.applied) ?? NO_ACCOMMODATION;
}

/**
 * A change reaches the exams the student is sitting at once, on every node: their screen applies
 * the new display and break allowance, the board its mark and row. The deadline does not move: a
 * time multiplier is applied when an attempt starts (a proctor's extra time is the way mid-exam).
 * `examId`: only that exam's attempt (an exam's own accommodation changed).
 */
async function announceChange(deps: Deps, studentId: string, examId?: string): Promise<void> {
  forgetWaivers(deps, studentId);
  const q = deps.db('attempts as a').where({ 'a.student_id': studentId, 'a.status': 'in_progress' });
  if (examId) q.where('a.exam_id', examId);
  const sitting = (await q.select(
    'a.id',
    'a.exam_id',
    'a.break_requested_at',
    'a.break_started_at',
    'a.break_ends_at',
    'a.break_used_ms',
    deps.db.raw(`${appliedAccommodationSql('a.exam_id', 'a.student_id')} as applied`),
  )) as (BreakColumns & { id: string; exam_id: string; applied: AccommodationRow | null })[];
  const serverNow = new Date().toISOString();
  for (const a of sitting) {
    const applied = accommodationOfJson(a.applied);
    deps.realtime.emit(rooms.attempt(a.id), PROCTOR_EVENTS.accommodation, { attemptId: a.id, accommodation: shownAccommodation(applied) });
    // The break allowance may have changed with it: the screen's break button follows.
    const state = presentBreak(a, applied) ?? NO_BREAK;
    deps.realtime.emit(rooms.attempt(a.id), SOCKET_EVENTS.break, { attemptId: a.id, serverNow, break: state });
  }
  if (sitting.length) deps.proctor.events(sitting.map((a) => ({ attemptId: a.id, examId: a.exam_id, type: 'accommodation' })));
}

/** Which of these students have a standing accommodation (the students list's badge). */
export async function accommodatedAmong(db: Trx, studentIds: string[]): Promise<Set<string>> {
  if (!studentIds.length) return new Set();
  const rows = (await db('student_accommodations').whereIn('student_id', studentIds).select('student_id')) as { student_id: string }[];
  return new Set(rows.map((r) => r.student_id));
}

interface StudentRow {
  id: string;
  role: string;
  grade: number | null;
  first_name: string;
  last_name: string;
}

const nameOf = (s: Pick<StudentRow, 'first_name' | 'last_name'>) => `${s.first_name} ${s.last_name}`.trim();

/** The account an accommodation is for: there, and a student's. */
async function studentFor(db: Trx, studentId: string): Promise<StudentRow> {
  const row = (await db('users').where({ id: studentId }).whereNull('deleted_at').first('id', 'role', 'grade', 'first_name', 'last_name')) as StudentRow | undefined;
  if (!row) throw Errors.notFound(USER_MSG.userNotFound);
  if (!takesAccommodations(row.role)) throw Errors.badRequest(ACCOMMODATION_MSG.notAStudent);
  return row;
}

async function standingRow(db: Trx, studentId: string): Promise<AccommodationRow | undefined> {
  return (await db('student_accommodations').where({ student_id: studentId }).first()) as AccommodationRow | undefined;
}

const when = (row: AccommodationRow | undefined) => ({
  updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
  updatedBy: row?.updated_by ?? null,
});

function presentStanding(student: StudentRow, row: AccommodationRow | undefined): StudentAccommodation {
  const standing = row ? accommodationOfRow(row) : null;
  return { studentId: student.id, studentName: nameOf(student), standing, effective: effectiveAccommodation(standing, null), ...when(row) };
}

/** GET /users/:id/accommodations: the student's standing accommodation (every exam). */
export async function studentAccommodation(deps: Deps, studentId: string): Promise<StudentAccommodation> {
  const student = await studentFor(deps.db, studentId);
  return presentStanding(student, await standingRow(deps.db, studentId));
}

/** PUT /users/:id/accommodations: replaces the student's standing accommodation, whole. */
export async function setStudentAccommodation(deps: Deps, viewer: Viewer, studentId: string, input: Accommodation): Promise<StudentAccommodation> {
  const student = await studentFor(deps.db, studentId);
  const columns = columnsOf(input, viewer.user.id, deps.db);
  const [row] = (await deps
    .db('student_accommodations')
    .insert({ student_id: studentId, ...columns })
    .onConflict('student_id')
    .merge(Object.keys(columns))
    .returning('*')) as AccommodationRow[];
  await announceChange(deps, studentId);
  return presentStanding(student, row);
}

/** DELETE /users/:id/accommodations: the student has none (an exam's own for them stays). */
export async function removeStudentAccommodation(deps: Deps, studentId: string): Promise<StudentAccommodation> {
  const student = await studentFor(deps.db, studentId);
  await deps.db('student_accommodations').where({ student_id: studentId }).del();
  await announceChange(deps, studentId);
  return presentStanding(student, undefined);
}

function presentInExam(
  student: Pick<StudentRow, 'id' | 'first_name' | 'last_name'>,
  standingRaw: AccommodationRow | null | undefined,
  examRaw: AccommodationRow | null | undefined,
): StudentAccommodation {
  const standing = accommodationOfJson(standingRaw);
  const exam = accommodationOfJson(examRaw);
  // What applies is what was last decided for this exam: the exam's own row when there is one.
  return { studentId: student.id, studentName: nameOf(student), standing, exam, effective: effectiveAccommodation(standing, exam), ...when(examRaw ?? standingRaw ?? undefined) };
}

/**
 * GET /exams/:id/accommodations: every student of the exam with an accommodation of either kind,
 * by name. A student the exam no longer lists still appears while the exam keeps one of its own
 * for them, so it can be removed.
 */
export async function listExamAccommodations(deps: Deps, viewer: Viewer, examId: string): Promise<StudentAccommodation[]> {
  const exam = await getExamFor(deps.db, viewer, examId, EXAM_ACCOMMODATION_ACTION);
  const { rows } = (await deps.db.raw(
    `with accommodated as (
       select student_id from student_accommodations
       union select student_id from exam_accommodations where exam_id = ?
     )
     select u.id, u.first_name, u.last_name, u.grade,
            (select to_jsonb(s) from student_accommodations s where s.student_id = u.id) as standing,
            (select to_jsonb(e) from exam_accommodations e where e.exam_id = ? and e.student_id = u.id) as exam
       from accommodated a join users u on u.id = a.student_id
      where u.deleted_at is null
      order by u.last_name, u.first_name, u.id`,
    [examId, examId],
  )) as { rows: (Omit<StudentRow, 'role'> & { standing: AccommodationRow | null; exam: AccommodationRow | null })[] };
  const students = { grade: exam.grade, eligibleIds: exam.eligible_ids ?? [] };
  return rows.filter((r) => r.exam || isStudentOfExam(r, students)).map((r) => presentInExam(r, r.standing, r.exam));
}

/** The exam (managed by the viewer) and one of its students. */
async function examAndStudent(deps: Deps, viewer: Viewer, examId: string, studentId: string) {
  const exam = await getExamFor(deps.db, viewer, examId, EXAM_ACCOMMODATION_ACTION);
  const student = await studentFor(deps.db, studentId);
  if (!isStudentOfExam(student, { grade: exam.grade, eligibleIds: exam.eligible_ids ?? [] })) throw Errors.badRequest(ACCOMMODATION_MSG.notInExam);
  return student;
}

/** PUT /exams/:id/accommodations/:studentId: the exam's own, replacing the student's standing one in this exam. */
export async function setExamAccommodation(deps: Deps, viewer: Viewer, examId: string, studentId: string, input: Accommodation): Promise<StudentAccommodation> {
  const student = await examAndStudent(deps, viewer, examId, studentId);
  const columns = columnsOf(input, viewer.user.id, deps.db);
  const [row] = (await deps
    .db('exam_accommodations')
    .insert({ exam_id: examId, student_id: studentId, ...columns })
    .onConflict(['exam_id', 'student_id'])
    .merge(Object.keys(columns))
    .returning('*')) as AccommodationRow[];
  await announceChange(deps, studentId, examId);
  return presentInExam(student, await standingRow(deps.db, studentId), row);
}

/** DELETE /exams/:id/accommodations/:studentId: back to the student's standing one in this exam. */
export async function removeExamAccommodation(deps: Deps, viewer: Viewer, examId: string, studentId: string): Promise<StudentAccommodation> {
  // A student the exam no longer lists may still have a row to remove: no check of the list here.
  await getExamFor(deps.db, viewer, examId, EXAM_ACCOMMODATION_ACTION);
  const student = await studentFor(deps.db, studentId);
  await deps.db('exam_accommodations').where({ exam_id: examId, student_id: studentId }).del();
  await announceChange(deps, studentId, examId);
  return presentInExam(student, await standingRow(deps.db, studentId), null);
}
