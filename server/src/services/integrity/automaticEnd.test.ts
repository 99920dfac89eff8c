import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_SETTINGS_DEFAULTS } from '@exam/shared';
import type { Viewer } from '../../policies';
import { buildAttempt, buildExam } from '../../test/factories';
import { outbox, startTestServer, type TestServer } from '../../test/harness';
import { linkParent, personOf } from '../../test/integrity';
import { submitAttempt } from '../attempts';
import { reinstateAttempt } from '../proctorActions';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const PROCTORED = { proctoring: { ...EXAM_SETTINGS_DEFAULTS.proctoring, enabled: true, preventTabSwitching: true, requireFullscreen: true } };

/** A student (with a linked parent) sitting a proctored exam whose results show at once. */
async function sitting() {
  const teacher = await personOf(server, 'teacher');
  const student = await personOf(server, 'student', 'Lena');
  const parent = await personOf(server, 'parent');
  await linkParent(server.deps, parent.user.id, student.user.id);
  const exam = await buildExam(server.deps, teacher.user.id, { questions: 2, settings: PROCTORED });
  const { id } = await buildAttempt(server.deps, exam.id, student.user.id, 1, 'in_progress');
  await server.deps.db('attempts').where({ id }).update({ question_order: JSON.stringify(exam.questionIds) });
  const teacherViewer: Viewer = { user: { id: teacher.user.id, role: 'teacher', grade: null }, children: [] };
  return { teacher, teacherViewer, student, parent, exam, attemptId: id };
}

/** Switches tabs until the allowance (3) is crossed: the fourth ends the attempt for violations. */
async function endedByViolations(s: Awaited<ReturnType<typeof sitting>>): Promise<void> {
  for (let i = 0; i < 4; i++) await server.deps.violations.record({ attemptId: s.attemptId, studentId: s.student.user.id, type: 'tab-switch' });
  await server.deps.violations.drain();
}

/** The notices an inbox holds, as their catalogue keys (newest last). */
async function inbox(userId: string): Promise<string[]> {
  const rows = (await server.deps.db('notifications').where({ user_id: userId }).orderBy('created_at')) as { texts: { title: { key: string } } }[];
  return rows.map((r) => r.texts.title.key);
}

async function mailsTo(email: string): Promise<string[]> {
  await server.deps.mailer.idle();
  return outbox(server.dataDir, email).map((m) => m.subject);
}

describe('an automatic end is not a verdict', () => {
  it('the student and their parent hear that the attempt was stopped for review, never "0 % (grade F)", by notification and e-mail', async () => {
    const s = await sitting();
    await endedByViolations(s);
    expect(await server.deps.db('attempts').where({ id: s.attemptId }).first('status', 'submit_reason', 'percentage', 'integrity_state')).toMatchObject({
      status: 'graded',
      submit_reason: 'violations',
      percentage: 0,
      integrity_state: 'needs_review',
    });
    expect(await inbox(s.student.user.id)).toEqual(['attemptStopped.title']);
    expect(await inbox(s.parent.user.id)).toEqual(['childAttemptStopped.title']);
    const said = (await server.deps.db('notifications').whereIn('user_id', [s.student.user.id, s.parent.user.id]).select('title', 'message')) as { title: string; message: string }[];
    for (const n of said) expect(`${n.title} ${n.message}`).not.toMatch(/%|grade|Result available/);
    expect(await mailsTo(s.student.user.email)).toEqual(['Attempt stopped for review']);
    expect(await mailsTo(s.parent.user.email)).toEqual(["Lena's attempt was stopped for review"]);

    // The result page tells them it is under review, with no score.
    const mine = await server.api('GET', `/submissions/${s.attemptId}`, undefined, { token: s.student.token });
    expect(mine.body.data.submission).toMatchObject({ integrityHold: 'under_review', score: null, percentage: null, grade: null });
    const childs = await server.api('GET', `/submissions/${s.attemptId}`, undefined, { token: s.parent.token });
    expect(childs.body.data.submission).toMatchObject({ integrityHold: 'under_review', percentage: null });
    // Staff see the score, the hold and the state.
    const staff = await server.api('GET', `/submissions/${s.attemptId}`, undefined, { token: s.teacher.token });
    expect(staff.body.data.submission).toMatchObject({ integrityHold: 'under_review', integrityState: 'needs_review', percentage: 0 });
  });

  it('a reinstatement withdraws the stopped notices, and the attempt then follows the normal path to its result', async () => {
    const s = await sitting();
    await endedByViolations(s);
    await reinstateAttempt(server.deps, s.teacherViewer, s.attemptId);
    expect(await inbox(s.student.user.id)).toEqual([]);
    expect(await inbox(s.parent.user.id)).toEqual([]);

    const { changed } = await submitAttempt(server.deps, s.attemptId, 'student', s.student.user.id);
    expect(changed).toBe(true);
    expect(await inbox(s.student.user.id)).toEqual(['resultAvailable.title']);
    expect(await inbox(s.parent.user.id)).toEqual(['childResultAvailable.title']);
  });

  it('dismissing every flag lets the result out: the student and parent get the result notice then', async () => {
    const s = await sitting();
    await endedByViolations(s);
    const timeline = (await server.api('GET', `/attempts/${s.attemptId}/timeline`, undefined, { token: s.teacher.token })).body.data;
    expect(timeline.entries.at(-1)).toMatchObject({ kind: 'submitted', detail: { reason: 'violations' } });
    const flags = timeline.flags as { eventId: string }[];
    expect(flags).toHaveLength(4);
    for (const [i, f] of flags.entries()) {
      const res = await server.api('POST', `/attempts/${s.attemptId}/flags/${f.eventId}/decision`, { decision: 'dismiss', note: 'The fire alarm went off' }, { token: s.teacher.token });
      expect(res.status).toBe(200);
      // Held until the last one is dismissed.
      expect(res.body.data).toMatchObject({ integrityState: i < 3 ? 'needs_review' : 'clear', hold: i < 3 ? 'under_review' : null });
      expect(await inbox(s.student.user.id)).toEqual(i < 3 ? ['attemptStopped.title'] : ['attemptStopped.title', 'resultAvailable.title']);
    }
    expect(await inbox(s.parent.user.id)).toEqual(['childAttemptStopped.title', 'childResultAvailable.title']);
    const mine = await server.api('GET', `/submissions/${s.attemptId}`, undefined, { token: s.student.token });
    expect(mine.body.data.submission).toMatchObject({ integrityHold: null, percentage: 0 });
  });
});
