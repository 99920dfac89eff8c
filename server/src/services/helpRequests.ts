import { PROCTOR_EVENTS, type HelpRequest, type HelpRequestInput, type HelpStatus } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { rooms } from '../ports/realtime';
import { getExamFor } from './exams';
import { namesOf } from './proctorActors';

/**
 * A student who cannot pass a required check before the exam asks for help; the proctor board
 * shows it live and the proctor resolves it, often by waiving the check.
 */
interface HelpRow {
  id: string;
  exam_id: string;
  student_id: string;
  check: HelpRequest['check'];
  note: string | null;
  status: HelpStatus;
  created_at: Date | string;
  resolved_at: Date | string | null;
  first_name: string;
  last_name: string;
}

const present = (r: HelpRow): HelpRequest => ({
  id: r.id,
  examId: r.exam_id,
  studentId: r.student_id,
  student: { firstName: r.first_name, lastName: r.last_name },
  check: r.check,
  note: r.note,
  status: r.status,
  createdAt: new Date(r.created_at).toISOString(),
  resolvedAt: r.resolved_at ? new Date(r.resolved_at).toISOString() : null,
});

const withStudent = (deps: Deps) =>
  deps.db('help_requests as h').join('users as u', 'u.id', 'h.student_id').select('h.*', 'u.first_name', 'u.last_name');

/** Tells the board; a resolved request names who resolved it. */
function announce(deps: Deps, r: HelpRequest, resolvedBy?: { by: string; byName?: string }): void {
  deps.realtime.emit(rooms.proctors(r.examId), PROCTOR_EVENTS.help, {
    id: r.id,
    examId: r.examId,
    studentId: r.studentId,
    check: r.check,
    note: r.note,
    at: r.resolvedAt ?? r.createdAt,
    status: r.status,
    ...resolvedBy,
  });
}

/**
 * Asks for help with a check of an exam meant for the student. Asking again about the same check
 * while the first request is open updates that request rather than adding a second line to the board.
 */
export async function requestHelp(deps: Deps, viewer: Viewer, examId: string, input: HelpRequestInput): Promise<HelpRequest> {
  await getExamFor(deps.db, viewer, examId, 'read');
  const note = input.note || null;
  const open = { exam_id: examId, student_id: viewer.user.id, check: input.check, status: 'open' };
  const updated = await deps.db('help_requests').where(open).update({ note, created_at: deps.db.fn.now() }).returning('id');
  const id = updated.length ? (updated[0] as { id: string }).id : ((await deps.db('help_requests').insert({ ...open, note }).returning('id'))[0] as { id: string }).id;
  const row = (await withStudent(deps).where('h.id', id).first()) as HelpRow;
  const request = present(row);
  announce(deps, request);
  return request;
}

/** An exam's help requests, newest first, for the staff who manage it. */
export async function listHelpRequests(deps: Deps, viewer: Viewer, examId: string, status?: HelpStatus): Promise<HelpRequest[]> {
  await getExamFor(deps.db, viewer, examId, 'proctor');
  const q = withStudent(deps).where('h.exam_id', examId).orderBy('h.created_at', 'desc').limit(500);
  if (status) q.where('h.status', status);
  return ((await q) as HelpRow[]).map(present);
}

/** Marks a request resolved; resolving one already resolved changes nothing. */
export async function resolveHelpRequest(deps: Deps, viewer: Viewer, id: string): Promise<HelpRequest> {
  const found = (await deps.db('help_requests').where({ id }).first('exam_id')) as { exam_id: string } | undefined;
  if (!found) throw Errors.notFound();
  await getExamFor(deps.db, viewer, found.exam_id, 'proctor');
  const changed = await deps.db('help_requests').where({ id, status: 'open' }).update({ status: 'resolved', resolved_by: viewer.user.id, resolved_at: deps.db.fn.now() });
  const request = present((await withStudent(deps).where('h.id', id).first()) as HelpRow);
  if (changed) announce(deps, request, { by: viewer.user.id, byName: (await namesOf(deps.db, [viewer.user.id])).get(viewer.user.id) });
  return request;
}
