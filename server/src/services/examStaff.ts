import { EXAM_STAFF_MSG, MSG, type ExamStaffMember, type ExamStaffUpdate, type HallStudent, type MyExamStaff, type StaffCandidate } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import { can, type Viewer } from '../policies';
import { examRoleOf, hallPartOf, readsExamStaff } from '../policies/exams';
import type { ExamRow } from '../presenters/exam';
import { rooms } from '../ports/realtime';
import { getExamFor } from './exams';
import { eligibleStudentIds } from './notifications';

/**
 * Shared halls (issue 53): the owner of an exam (or an admin) adds other teachers as its proctors
 * and reviewers (and markers, issue 55), each over a part of the hall (sections and/or students; none: the whole hall).
 * What a member may then do is the exam policy's business ('proctor', 'review'): it reads the
 * viewer's row with the exam, on every call, so a change or a removal applies at once.
 */
interface StaffRow {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  proctors: boolean;
  reviews: boolean;
  marks: boolean;
  sections: ExamStaffMember['sections'];
  student_ids: string[];
  created_at: Date | string;
}

const present = (r: StaffRow): ExamStaffMember => ({
  userId: r.user_id,
  name: `${r.first_name} ${r.last_name}`,
  email: r.email,
  proctors: r.proctors,
  reviews: r.reviews,
  marks: r.marks,
  sections: r.sections ?? [],
  studentIds: r.student_ids ?? [],
  addedAt: new Date(r.created_at).toISOString(),
});

const withUser = (deps: Deps, examId: string) =>
  deps
    .db('exam_staff as st')
    .join('users as u', 'u.id', 'st.user_id')
    .where('st.exam_id', examId)
    .select('st.user_id', 'u.first_name', 'u.last_name', 'u.email', 'st.proctors', 'st.reviews', 'st.marks', 'st.sections', 'st.student_ids', 'st.created_at');

/** The exam, when the viewer may see who runs its hall (its owner, admins and its staff). */
async function examForStaffReader(deps: Deps, viewer: Viewer, examId: string): Promise<ExamRow> {
  const exam = await getExamFor(deps.db, viewer, examId, 'read');
  if (!readsExamStaff(viewer, { ...exam, eligibleIds: exam.eligible_ids, viewerStaff: exam.viewer_staff })) throw Errors.forbidden(MSG.forbidden);
  return exam;
}

/** The exam's proctors and reviewers, by name. */
export async function listStaff(deps: Deps, viewer: Viewer, examId: string): Promise<ExamStaffMember[]> {
  await examForStaffReader(deps, viewer, examId);
  const rows = (await withUser(deps, examId).orderBy(['u.last_name', 'u.first_name', 'u.id'])) as StaffRow[];
  return rows.map(present);
}

/** What the viewer does in the exam's hall, and the part of it their board shows by default. */
export async function myStaff(deps: Deps, viewer: Viewer, examId: string): Promise<MyExamStaff> {
  const exam = await examForStaffReader(deps, viewer, examId);
  const resource = { ...exam, eligibleIds: exam.eligible_ids, viewerStaff: exam.viewer_staff };
  return {
    role: examRoleOf(viewer, exam) ?? null,
    proctors: can(viewer, 'proctor', 'exam', resource),
    reviews: can(viewer, 'review', 'exam', resource),
    marks: can(viewer, 'mark', 'exam', resource),
    part: hallPartOf(viewer, exam),
  };
}

/** An active teacher other than the owner; anyone else is refused with the reason. */
async function assertTeacher(deps: Deps, exam: ExamRow, userId: string): Promise<void> {
  if (userId === exam.owner_id) throw Errors.badRequest(EXAM_STAFF_MSG.ownerAlready, 'userId');
  const found = await deps.db('users').where({ id: userId, role: 'teacher', is_active: true }).whereNull('deleted_at').first('id');
  if (!found) throw Errors.badRequest(EXAM_STAFF_MSG.notATeacher, 'userId');
}

async function assertStudents(deps: Deps, ids: string[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const [{ n }] = (await deps.db('users').whereIn('id', unique).where('role', 'student').count({ n: '*' })) as [{ n: number | string }];
  if (Number(n) !== unique.length) throw Errors.badRequest(EXAM_STAFF_MSG.notStudents, 'studentIds');
}

/** A removed member, or one no longer proctoring, stops hearing the board at once (on every node). */
function stopWatching(deps: Deps, examId: string, userId: string): void {
  deps.realtime.leave(rooms.user(userId), rooms.proctors(examId));
}

/** Adds a teacher to the exam's hall, or changes what they do there and their part of it. */
export async function putStaff(deps: Deps, viewer: Viewer, examId: string, userId: string, input: ExamStaffUpdate): Promise<ExamStaffMember> {
  const exam = await getExamFor(deps.db, viewer, examId, 'update');
  if (!input.proctors && !input.reviews && !input.marks) throw Errors.badRequest(EXAM_STAFF_MSG.noDuty, 'proctors');
  await assertTeacher(deps, exam, userId);
  await assertStudents(deps, input.studentIds);
  const sections = [...new Set(input.sections)].sort();
  const studentIds = [...new Set(input.studentIds)];
  await deps
    .db('exam_staff')
    .insert({ exam_id: examId, user_id: userId, proctors: input.proctors, reviews: input.reviews, marks: input.marks, sections, student_ids: studentIds, added_by: viewer.user.id })
    .onConflict(['exam_id', 'user_id'])
    .merge(['proctors', 'reviews', 'marks', 'sections', 'student_ids']);
  if (!input.proctors) stopWatching(deps, examId, userId);
  return present((await withUser(deps, examId).where('st.user_id', userId).first()) as StaffRow);
}

/** Takes a teacher off the exam's hall; removing one who is not on it is no error (the result is the same). */
export async function removeStaff(deps: Deps, viewer: Viewer, examId: string, userId: string): Promise<void> {
  await getExamFor(deps.db, viewer, examId, 'update');
  const removed = await deps.db('exam_staff').where({ exam_id: examId, user_id: userId }).del();
  if (removed) stopWatching(deps, examId, userId);
}

/**
 * The exam's students by name and section, for choosing a member's part: those it is meant for
 * (and anyone who attempted it), as the board lists them.
 */
export async function hallStudents(deps: Deps, viewer: Viewer, examId: string): Promise<HallStudent[]> {
  await getExamFor(deps.db, viewer, examId, 'update');
  const eligible = await eligibleStudentIds(deps.db, examId);
  const rows = (await deps.db.raw(
    `select u.id, u.first_name, u.last_name, u.section
       from users u
      where u.id in (select unnest(?::uuid[]) union select student_id from attempts where exam_id = ?)
      order by u.last_name, u.first_name, u.id`,
    [eligible, examId],
  )).rows as { id: string; first_name: string; last_name: string; section: HallStudent['section'] }[];
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, section: r.section ?? null }));
}

export const CANDIDATES_LIMIT = 20;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Teachers the owner may add, for the picker: active, not the owner, not on the staff yet, matching a name or e-mail. */
export async function staffCandidates(deps: Deps, viewer: Viewer, examId: string, q: string): Promise<StaffCandidate[]> {
  const exam = await getExamFor(deps.db, viewer, examId, 'update');
  const query = deps
    .db('users as u')
    .where({ 'u.role': 'teacher', 'u.is_active': true })
    .whereNull('u.deleted_at')
    .whereNot('u.id', exam.owner_id)
    .whereNotExists((s) => s.select(deps.db.raw('1')).from('exam_staff as st').where('st.exam_id', examId).whereRaw('st.user_id = u.id'))
    .orderBy(['u.last_name', 'u.first_name', 'u.id'])
    .limit(CANDIDATES_LIMIT)
    .select('u.id', 'u.first_name', 'u.last_name', 'u.email');
  if (q) {
    const like = `%${escapeLike(q)}%`;
    query.whereRaw(`((u.first_name || ' ' || u.last_name) ilike ? or u.email ilike ?)`, [like, like]);
  }
  const rows = (await query) as { id: string; first_name: string; last_name: string; email: string }[];
  return rows.map((r) => ({ userId: r.id, name: `${r.first_name} ${r.last_name}`, email: r.email }));
}
