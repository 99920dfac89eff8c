import { PROCTOR_EVENTS, PROFILE_MSG, type WaivableCheck, type Waiver } from '@exam/shared';
import type { Deps } from '../deps';
import { Errors } from '../errors';
import type { Viewer } from '../policies';
import { rooms } from '../ports/realtime';
import { getExamFor } from './exams';
import { namesOf } from './proctorActors';
import { appliedAccommodationSql } from './appliedAccommodationSql';

/**
 * Accommodations: checks a teacher or admin waived for one student in one exam. Every flag the
 * student's device raises asks whether its check is waived, so each node keeps what it read for a
 * few seconds; a grant or revoke forgets it at once on this node, and on the others when they hear
 * of it (the TTL bounds a missed message).
 */
export const WAIVER_CACHE_MS = 5_000;
/** Between server nodes: a waiver was granted or revoked, forget the copies (docs/live-protocol.md). */
export const WAIVERS_CHANGED = 'waivers:changed';

interface Cached {
  checks: Set<string>;
  at: number;
}
// Per deps rather than per module: tests run several nodes in one process.
const caches = new WeakMap<Deps, Map<string, Cached>>();
const cacheOf = (deps: Deps) => {
  let cache = caches.get(deps);
  if (!cache) {
    const fresh = new Map<string, Cached>();
    caches.set(deps, fresh);
    // Only a node that keeps copies has anything to forget; it starts listening with its first copy.
    deps.realtime.onNodeEvent(WAIVERS_CHANGED, () => fresh.clear());
    cache = fresh;
  }
  return cache;
};
const cacheKey = (examId: string, studentId: string) => `${examId}:${studentId}`;

interface WaiverRow {
  student_id: string;
  check: WaivableCheck;
  reason: string | null;
  granted_by: string | null;
  created_at: Date | string;
}

const present = (r: WaiverRow): Waiver => ({
  studentId: r.student_id,
  check: r.check,
  reason: r.reason,
  grantedBy: r.granted_by,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * The checks waived for this student in this exam (the student's own consent page shows them):
 * the exam's waivers, and the waived checks of the accommodation that applies in it (the exam's
 * own for the student, else their standing one; docs/accommodations.md).
 */
export async function waiversOf(deps: Deps, examId: string, studentId: string): Promise<WaivableCheck[]> {
  const { rows } = (await deps.db.raw(
    `select w."check" from proctoring_waivers w where w.exam_id = ? and w.student_id = ?
     union
     select c from jsonb_array_elements_text(${appliedAccommodationSql('?::uuid', '?::uuid')} -> 'waived_checks') as c
     order by 1`,
    // The fragment names the exam once and the student twice.
    [examId, studentId, examId, studentId, studentId],
  )) as { rows: { check: WaivableCheck }[] };
  return rows.map((r) => r.check);
}

/**
 * An accommodation of this student changed: forget what this node read of their waivers (in
 * every exam, since a standing one applies to all), and tell the other nodes to forget theirs.
 */
export function forgetWaivers(deps: Deps, studentId: string): void {
  const cache = cacheOf(deps);
  for (const key of cache.keys()) if (key.endsWith(`:${studentId}`)) cache.delete(key);
  if (deps.redis) deps.realtime.toOtherNodes(WAIVERS_CHANGED);
}

/** Whether this check is waived for this student in this exam (by a waiver or their accommodation). */
export async function isWaived(deps: Deps, examId: string, studentId: string, check: WaivableCheck): Promise<boolean> {
  const cache = cacheOf(deps);
  const key = cacheKey(examId, studentId);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < WAIVER_CACHE_MS) return hit.checks.has(check);
  const checks = new Set<string>(await waiversOf(deps, examId, studentId));
  cache.set(key, { checks, at: Date.now() });
  // A hall's worth of students at most: entries past their TTL go when the map grows.
  if (cache.size > 10_000) for (const [k, v] of cache) if (Date.now() - v.at >= WAIVER_CACHE_MS) cache.delete(k);
  return checks.has(check);
}

/** Every waiver of an exam, for the staff who manage it. */
export async function listWaivers(deps: Deps, viewer: Viewer, examId: string): Promise<Waiver[]> {
  await getExamFor(deps.db, viewer, examId, 'proctor');
  const rows = (await deps.db('proctoring_waivers').where({ exam_id: examId }).orderBy(['student_id', 'check']).select('*')) as WaiverRow[];
  return rows.map(present);
}

async function assertStudent(deps: Deps, studentId: string): Promise<void> {
  const row = await deps.db('users').where({ id: studentId, role: 'student' }).first('id');
  if (!row) throw Errors.notFound(PROFILE_MSG.userNotFound);
}

/** Tells the board (naming who decided), the student's device and their attempt, then forgets this node's copy. */
async function announce(deps: Deps, viewer: Viewer, examId: string, studentId: string, check: WaivableCheck, reason: string | null, granted: boolean): Promise<void> {
  cacheOf(deps).delete(cacheKey(examId, studentId));
  // Only with Redis are there other nodes to tell.
  if (deps.redis) deps.realtime.toOtherNodes(WAIVERS_CHANGED);
  const open = (await deps.db('attempts').where({ exam_id: examId, student_id: studentId, status: 'in_progress' }).select('id')) as { id: string }[];
  const byName = (await namesOf(deps.db, [viewer.user.id])).get(viewer.user.id);
  const change = { examId, studentId, check, reason, granted };
  // The board names who decided (a shared hall has several proctors); the student's device needs no name.
  deps.realtime.emit(rooms.proctors(examId), PROCTOR_EVENTS.waiver, { ...change, by: viewer.user.id, ...(byName ? { byName } : {}) });
  deps.realtime.emit([rooms.user(studentId), ...open.map((a) => rooms.attempt(a.id))], PROCTOR_EVENTS.waiver, change);
}

/** Grants (or re-words) a waiver; granting one already held changes only its reason. */
export async function grantWaiver(deps: Deps, viewer: Viewer, examId: string, studentId: string, check: WaivableCheck, reason: string | undefined): Promise<Waiver> {
  await getExamFor(deps.db, viewer, examId, 'proctor');
  await assertStudent(deps, studentId);
  const [row] = (await deps
    .db('proctoring_waivers')
    .insert({ exam_id: examId, student_id: studentId, check, reason: reason || null, granted_by: viewer.user.id })
    .onConflict(['exam_id', 'student_id', 'check'])
    .merge(['reason', 'granted_by'])
    .returning('*')) as WaiverRow[];
  await announce(deps, viewer, examId, studentId, check, row!.reason, true);
  return present(row!);
}

/** Revokes a waiver; revoking one not held is no error (the result is the same). */
export async function revokeWaiver(deps: Deps, viewer: Viewer, examId: string, studentId: string, check: WaivableCheck): Promise<void> {
  await getExamFor(deps.db, viewer, examId, 'proctor');
  const removed = await deps.db('proctoring_waivers').where({ exam_id: examId, student_id: studentId, check }).del();
  if (removed) await announce(deps, viewer, examId, studentId, check, null, false);
}
