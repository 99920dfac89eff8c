import { CAMERA_EVENTS, SOCKET_EVENTS } from '@exam/shared';
import type { Deps } from '../deps';
import { rooms } from '../ports/realtime';
import { attemptsChangedDashboards } from './dashboardEvents';
import { followUpFacts } from './followUpFacts';
import { tellStopped } from './integrity/notices';
import { queueGradePosts } from './lti/gradeSync';
import type { SubmittedAttempt } from './marking';
import { notifyResults } from './resultNotices';
import { inSlices } from './slices';

/**
 * What happens once attempts have been submitted and committed, whoever ended them (a student, a
 * proctor, the deadline sweeper, a violation): their rooms and the proctor boards hear at once,
 * then students, parents and dashboards.
 */

/** Attempts announced in one go, between turns of the event loop. */
const ANNOUNCE_SLICE = 1000;

/**
 * After the commit: tells the students' sockets and the proctor boards that attempts ended, and
 * students and parents that a result exists where grading already finished. A deadline that ends
 * a whole school's attempts is told a slice at a time, the event loop free in between: told in
 * one go, 10,000 of them held every other socket on the node for about a second. (The results
 * that follow go in one go: in slices they took several times as long.)
 */
export async function announceSubmitted(deps: Deps, ...attempts: SubmittedAttempt[]): Promise<void> {
  await inSlices(attempts, ANNOUNCE_SLICE, (slice) => tellSubmitted(deps, slice));
  await followUpSubmitted(deps, attempts);
}

/** What the attempt's room and its proctors hear at once: the camera closes, the attempt is submitted. */
export function tellSubmitted(deps: Deps, attempts: SubmittedAttempt[]): void {
  for (const a of attempts) {
    // A privacy promise: once the attempt ends no proctor keeps watching; both ends drop their peers.
    // Sent before attempt:submitted, which may end the student's session (and its listeners).
    const closed = { attemptId: a.id, reason: a.submit_reason };
    deps.realtime.emit(rooms.attempt(a.id), CAMERA_EVENTS.closed, closed);
    deps.realtime.emit(rooms.proctors(a.exam_id), CAMERA_EVENTS.closed, closed);
    deps.realtime.emit(rooms.attempt(a.id), SOCKET_EVENTS.submitted, { attemptId: a.id, reason: a.submit_reason });
  }
  deps.proctor.events(attempts.map((a) => ({ attemptId: a.id, examId: a.exam_id, type: 'submitted', detail: { reason: a.submit_reason } })));
}

/**
 * What follows a submission: results to students and parents (graded ones), dashboards. An attempt
 * its violations ended is not a verdict (issue 53): its student and their parents hear only that
 * it was stopped and is being reviewed, never its automatic score; its result follows the review.
 */
export async function followUpSubmitted(deps: Deps, attempts: SubmittedAttempt[]): Promise<void> {
  const stopped = attempts.filter((a) => a.submit_reason === 'violations');
  const ended = stopped.length ? attempts.filter((a) => a.submit_reason !== 'violations') : attempts;
  // Read once for the results, the achievements and the dashboards (each reads what it needs itself if this fails).
  const facts = await followUpFacts(deps.db, attempts).catch(() => undefined);
  await notifyResults(deps, ended, { facts }).catch((err: unknown) => deps.log.error({ err }, 'result notification failed'));
  // An exam that shows results at once sends them to its LMS courses' gradebooks now (services/lti/gradeSync.ts).
  await queueGradePosts(deps.db, { attemptIds: attempts.map((a) => a.id) }).catch((err: unknown) => deps.log.error({ err }, 'queueing LMS grade posts failed'));
  if (stopped.length) await tellStopped(deps, stopped).catch((err: unknown) => deps.log.error({ err }, 'stopped notification failed'));
  await attemptsChangedDashboards(deps, attempts, 'submitted', facts?.exams);
}
