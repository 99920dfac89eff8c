import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_MSG, INTEGRITY_MSG, MSG, SESSION_MSG } from '@exam/shared';
import { startTestServer, type TestServer } from '../../test/harness';
import { flagAttempt, linkParent, personOf, satExam } from '../../test/integrity';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const decide = (token: string, attemptId: string, eventId: string, body: unknown) => server.api('POST', `/attempts/${attemptId}/flags/${eventId}/decision`, body, { token });
const outcome = (token: string, attemptId: string, body: unknown) => server.api('POST', `/attempts/${attemptId}/outcome`, body, { token });
const stored = (attemptId: string) => server.deps.db('attempts').where({ id: attemptId }).first('integrity_state', 'integrity_outcome', 'score', 'percentage', 'passed');

/** One graded student (80 %) of an exam whose results wait for the review, with two flags. */
async function flagged() {
  const { teacher, exam, students } = await satExam(server, { settings: { resultsWaitForReview: true } });
  const s = students[0]!;
  const first = await flagAttempt(server.deps, s.attemptId, s.user.id, 'tab-switch');
  const second = await flagAttempt(server.deps, s.attemptId, s.user.id, 'copy');
  return { teacher, exam, student: s, first, second };
}

async function staffOf(examId: string, duties: { proctors: boolean; reviews: boolean }, part: { sections?: string[]; studentIds?: string[] } = {}) {
  const t = await personOf(server, 'teacher');
  await server.deps.db('exam_staff').insert({ exam_id: examId, user_id: t.user.id, ...duties, sections: part.sections ?? [], student_ids: part.studentIds ?? [] });
  return t;
}

describe('decisions on flags', () => {
  it('derive the attempt’s state from each flag’s standing decision, and a changed decision keeps the one before it', async () => {
    const { teacher, student, first, second } = await flagged();
    const confirmed = await decide(teacher.token, student.attemptId, first, { decision: 'confirm', note: ' Seen on the camera ' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ integrityState: 'confirmed', outcome: null, hold: 'under_review', flag: { eventId: first, decision: 'confirm' } });
    expect(confirmed.body.data.flag.history).toEqual([expect.objectContaining({ decision: 'confirm', note: 'Seen on the camera', by: { id: teacher.user.id, name: 'Test Teacher' } })]);

    // One flag confirmed stands for the attempt, whatever the other.
    expect((await decide(teacher.token, student.attemptId, second, { decision: 'dismiss' })).body.data.integrityState).toBe('confirmed');

    const changed = await decide(teacher.token, student.attemptId, first, { decision: 'dismiss', note: 'Another student in the picture' });
    expect(changed.body.data).toMatchObject({ integrityState: 'clear', hold: null, flag: { decision: 'dismiss' } });
    expect(changed.body.data.flag.history.map((h: { decision: string }) => h.decision)).toEqual(['confirm', 'dismiss']);
    expect(await server.deps.db('flag_decisions').where({ attempt_id: student.attemptId }).count({ n: '*' })).toEqual([{ n: 3 }]);

    const timeline = (await server.api('GET', `/attempts/${student.attemptId}/timeline`, undefined, { token: teacher.token })).body.data;
    expect(timeline.counts).toMatchObject({ flags: 2, undecided: 0, confirmed: 0, dismissed: 2 });
    expect(timeline.entries.filter((e: { kind: string }) => e.kind === 'flag-decision').map((e: { detail: { decision: string } }) => e.detail.decision)).toEqual(['confirm', 'dismiss', 'dismiss']);
  });

  it('refuse what is not a decision, or a note too long, with the catalogue’s words; a flag not of this attempt does not exist', async () => {
    const { teacher, student, first } = await flagged();
    const other = await flagged();
    const bad = await decide(teacher.token, student.attemptId, first, { decision: 'maybe' });
    expect([bad.status, bad.body.message]).toEqual([400, INTEGRITY_MSG.decisionUnknown]);
    const long = await decide(teacher.token, student.attemptId, first, { decision: 'confirm', note: 'x'.repeat(1001) });
    expect([long.status, long.body.message]).toEqual([400, INTEGRITY_MSG.noteTooLong]);
    const started = (await server.deps.db('attempt_events').insert({ attempt_id: student.attemptId, type: 'started', actor_id: student.user.id }).returning('id')) as { id: string }[];
    for (const eventId of [other.first, String(started[0]!.id), 'abc', '99999999999']) {
      const res = await decide(teacher.token, student.attemptId, eventId, { decision: 'confirm' });
      expect([res.status, res.body.message]).toEqual([404, INTEGRITY_MSG.flagNotFound]);
    }
    expect(await server.deps.db('flag_decisions').where({ attempt_id: student.attemptId })).toEqual([]);
    // In the reader's language.
    const german = await server.api('POST', `/attempts/${student.attemptId}/flags/${first}/decision`, { decision: 'maybe' }, { token: teacher.token, headers: { 'accept-language': 'de' } });
    expect(german.body.message).toBe('Wählen Sie, ob die Markierung bestätigt oder verworfen wird.');
  });
});

describe('the outcome of a confirmed attempt', () => {
  it('is refused before a flag is confirmed', async () => {
    const { teacher, student } = await flagged();
    const res = await outcome(teacher.token, student.attemptId, { outcome: 'zero' });
    expect([res.status, res.body.message]).toEqual([409, INTEGRITY_MSG.outcomeNeedsConfirmed]);
    const bad = await outcome(teacher.token, student.attemptId, { outcome: 'pardon' });
    expect([bad.status, bad.body.message]).toEqual([400, INTEGRITY_MSG.outcomeUnknown]);
  });

  it('waits for the attempt to be submitted: grading would write over an outcome decided while it is sat', async () => {
    const { teacher, student, first } = await flagged();
    await decide(teacher.token, student.attemptId, first, { decision: 'confirm' });
    await server.deps.db('attempts').where({ id: student.attemptId }).update({
      status: 'in_progress',
      submitted_at: null,
      submit_reason: null,
      graded_at: null,
      score: null,
      max_score: null,
      percentage: null,
      passed: null,
      correct_count: null,
      partial_count: null,
      incorrect_count: null,
      skipped_count: null,
      pending_count: null,
    });
    const res = await outcome(teacher.token, student.attemptId, { outcome: 'zero' });
    expect([res.status, res.body.message]).toEqual([409, INTEGRITY_MSG.outcomeAfterSubmission]);
    expect(await stored(student.attemptId)).toMatchObject({ integrity_state: 'confirmed', integrity_outcome: null });
  });

  it('zero sets the result to nothing and a later keep puts it back; withhold hides it; every outcome is history and told to the family', async () => {
    const { teacher, student, first } = await flagged();
    const parent = await personOf(server, 'parent');
    await linkParent(server.deps, parent.user.id, student.user.id);
    await decide(teacher.token, student.attemptId, first, { decision: 'confirm' });

    const zero = await outcome(teacher.token, student.attemptId, { outcome: 'zero', note: 'Copied from a phone' });
    expect(zero.body.data).toMatchObject({ integrityState: 'confirmed', outcome: 'zero', hold: null });
    expect(await stored(student.attemptId)).toMatchObject({ integrity_outcome: 'zero', percentage: 0, passed: false });
    expect(Number((await stored(student.attemptId)).score)).toBe(0);
    const seen = await server.api('GET', `/submissions/${student.attemptId}`, undefined, { token: student.token });
    expect(seen.body.data.submission).toMatchObject({ integrityHold: null, percentage: 0 });

    // Zero twice keeps the first zero's memory of the result.
    await outcome(teacher.token, student.attemptId, { outcome: 'zero' });
    const kept = await outcome(teacher.token, student.attemptId, { outcome: 'keep' });
    expect(kept.body.data.history.map((h: { outcome: string }) => h.outcome)).toEqual(['zero', 'zero', 'keep']);
    expect(kept.body.data.history[0]).toMatchObject({ note: 'Copied from a phone', by: { id: teacher.user.id } });
    expect(await stored(student.attemptId)).toMatchObject({ integrity_outcome: 'keep', percentage: 80, passed: true });

    const withheld = await outcome(teacher.token, student.attemptId, { outcome: 'withhold' });
    expect(withheld.body.data.hold).toBe('withheld');
    const hidden = await server.api('GET', `/submissions/${student.attemptId}`, undefined, { token: student.token });
    expect(hidden.body.data.submission).toMatchObject({ integrityHold: 'withheld', percentage: null, score: null });

    const keys = async (userId: string) =>
      ((await server.deps.db('notifications').where({ user_id: userId }).orderBy('created_at')) as { texts: { title: { key: string } } }[]).map((n) => n.texts.title.key);
    // The zero lets the result out (held until an outcome): told then; the keep gives the score back: told as updated.
    expect((await keys(student.user.id)).filter((k) => !k.startsWith('achievement'))).toEqual([
      'integrityOutcome.zero.title',
      'resultAvailable.title',
      'integrityOutcome.zero.title',
      'integrityOutcome.keep.title',
      'resultUpdated.title',
      'integrityOutcome.withhold.title',
    ]);
    expect((await keys(parent.user.id)).at(-1)).toBe('childIntegrityOutcome.withhold.title');
  });

  it('is cleared when the attempt stops being confirmed, and a zeroed result gets its score back', async () => {
    const { teacher, student, first } = await flagged();
    await decide(teacher.token, student.attemptId, first, { decision: 'confirm' });
    await outcome(teacher.token, student.attemptId, { outcome: 'zero' });
    const dismissed = await decide(teacher.token, student.attemptId, first, { decision: 'dismiss' });
    expect(dismissed.body.data).toMatchObject({ integrityState: 'needs_review', outcome: null, hold: 'under_review' });
    expect(await stored(student.attemptId)).toMatchObject({ integrity_state: 'needs_review', integrity_outcome: null, percentage: 80 });
    // Confirmed again: no outcome until a reviewer decides one.
    expect((await decide(teacher.token, student.attemptId, first, { decision: 'confirm' })).body.data).toMatchObject({ integrityState: 'confirmed', outcome: null });
  });

  it('stays at zero when a teacher marks the attempt afterwards; leaving the zero writes the result from the marks as they are then', async () => {
    const { teacher, exam, student, first } = await flagged();
    const last = exam.questionIds.at(-1)!;
    await decide(teacher.token, student.attemptId, first, { decision: 'confirm' });
    await outcome(teacher.token, student.attemptId, { outcome: 'zero' });
    // The one question marked wrong, now given its 2 points: 100 %, but the zero stands.
    const marked = await server.api('POST', `/submissions/${student.attemptId}/grade`, { grades: [{ questionId: last, marks: 2 }] }, { token: teacher.token });
    expect(marked.status).toBe(200);
    expect(await stored(student.attemptId)).toMatchObject({ integrity_outcome: 'zero', percentage: 0 });
    await outcome(teacher.token, student.attemptId, { outcome: 'keep' });
    expect(await stored(student.attemptId)).toMatchObject({ integrity_outcome: 'keep', percentage: 100, passed: true });
    expect(Number((await stored(student.attemptId)).score)).toBe(10);
  });
});

describe('who may read and decide', () => {
  it('the timeline: staff of the exam, and the student only once the result is theirs to see; anyone else is told it does not exist', async () => {
    const { teacher, exam, student, first } = await flagged();
    const admin = await personOf(server, 'admin');
    const other = await personOf(server, 'teacher');
    const otherStudent = await personOf(server, 'student');
    const parent = await personOf(server, 'parent');
    await linkParent(server.deps, parent.user.id, student.user.id);
    const proctor = await staffOf(exam.id, { proctors: true, reviews: false });
    const reviewer = await staffOf(exam.id, { proctors: false, reviews: true });
    const read = async (token: string) => {
      const res = await server.api('GET', `/attempts/${student.attemptId}/timeline`, undefined, { token });
      return res.status === 200 ? (res.body.data.mayReview as boolean) : res.status;
    };
    expect(await read(teacher.token)).toBe(true);
    expect(await read(admin.token)).toBe(true);
    expect(await read(reviewer.token)).toBe(true);
    expect(await read(proctor.token)).toBe(false);
    for (const who of [other, otherStudent, parent, student]) expect(await read(who.token)).toBe(404);
    // Once the review lets the result out, the student reads their own (never deciding); the parent still does not.
    await decide(teacher.token, student.attemptId, first, { decision: 'dismiss' });
    const second = (await server.api('GET', `/attempts/${student.attemptId}/timeline`, undefined, { token: teacher.token })).body.data.flags[1].eventId as string;
    await decide(teacher.token, student.attemptId, second, { decision: 'dismiss' });
    expect(await read(student.token)).toBe(false);
    expect(await read(parent.token)).toBe(404);
    expect(await read(otherStudent.token)).toBe(404);
    const missing = await server.api('GET', `/attempts/00000000-0000-4000-8000-000000000000/timeline`, undefined, { token: teacher.token });
    expect([missing.status, missing.body.message]).toEqual([404, SESSION_MSG.attemptNotFound]);
  });

  it('decisions and outcomes: the exam’s reviewers; a proctor who does not review is refused; anyone else is told the attempt does not exist', async () => {
    const { teacher, exam, student, first } = await flagged();
    const admin = await personOf(server, 'admin');
    const other = await personOf(server, 'teacher');
    const parent = await personOf(server, 'parent');
    await linkParent(server.deps, parent.user.id, student.user.id);
    const proctor = await staffOf(exam.id, { proctors: true, reviews: false });
    const reviewer = await staffOf(exam.id, { proctors: false, reviews: true });
    const status = async (token: string, decision: 'confirm' | 'dismiss') => (await decide(token, student.attemptId, first, { decision })).status;
    expect(await status(proctor.token, 'confirm')).toBe(403);
    expect(await status(other.token, 'confirm')).toBe(404);
    expect(await status(student.token, 'dismiss')).toBe(403);
    expect(await status(parent.token, 'dismiss')).toBe(403);
    expect(await server.deps.db('flag_decisions').where({ attempt_id: student.attemptId })).toEqual([]);
    expect(await status(teacher.token, 'confirm')).toBe(200);
    expect(await status(admin.token, 'confirm')).toBe(200);
    expect(await status(reviewer.token, 'confirm')).toBe(200);
    const byOutcome = async (token: string) => (await outcome(token, student.attemptId, { outcome: 'keep' })).status;
    expect([await byOutcome(proctor.token), await byOutcome(other.token), await byOutcome(student.token), await byOutcome(parent.token)]).toEqual([403, 404, 403, 403]);
    expect([await byOutcome(teacher.token), await byOutcome(admin.token), await byOutcome(reviewer.token)]).toEqual([200, 200, 200]);
  });

  it('the review queue: the exam’s reviewers; a missing exam is not found', async () => {
    const { teacher, exam } = await flagged();
    const admin = await personOf(server, 'admin');
    const other = await personOf(server, 'teacher');
    const student = await personOf(server, 'student');
    const parent = await personOf(server, 'parent');
    const proctor = await staffOf(exam.id, { proctors: true, reviews: false });
    const reviewer = await staffOf(exam.id, { proctors: false, reviews: true });
    const status = async (token: string, id = exam.id) => (await server.api('GET', `/exams/${id}/review-queue`, undefined, { token })).status;
    expect(await Promise.all([teacher, admin, reviewer].map((p) => status(p.token)))).toEqual([200, 200, 200]);
    expect(await Promise.all([other, proctor, student, parent].map((p) => status(p.token)))).toEqual([403, 403, 403, 403]);
    const missing = await server.api('GET', `/exams/00000000-0000-4000-8000-000000000000/review-queue`, undefined, { token: teacher.token });
    expect([missing.status, missing.body.message]).toEqual([404, EXAM_MSG.examNotFound]);
    const forbidden = await server.api('GET', `/exams/${exam.id}/review-queue`, undefined, { token: other.token });
    expect(forbidden.body.message).toBe(MSG.forbidden);
  });
});

describe('the review queue', () => {
  it('lists attempts with undecided flags first (most first), then confirmed, then by name; totals per state; filters by state and by the reviewer’s part', async () => {
    const { teacher, exam, students } = await satExam(server, { settings: { resultsWaitForReview: true }, names: ['Dora', 'Carl', 'Bea', 'Abe', 'Eve'] });
    const [dora, carl, bea, abe, eve] = students as [(typeof students)[0], (typeof students)[0], (typeof students)[0], (typeof students)[0], (typeof students)[0]];
    await flagAttempt(server.deps, carl.attemptId, carl.user.id);
    await flagAttempt(server.deps, carl.attemptId, carl.user.id, 'paste');
    await flagAttempt(server.deps, dora.attemptId, dora.user.id);
    const beaFlag = await flagAttempt(server.deps, bea.attemptId, bea.user.id);
    const eveFlag = await flagAttempt(server.deps, eve.attemptId, eve.user.id);
    await decide(teacher.token, bea.attemptId, beaFlag, { decision: 'confirm' });
    await decide(teacher.token, eve.attemptId, eveFlag, { decision: 'dismiss' });
    await server.deps.db('users').where({ id: abe.user.id }).update({ section: 'A' });

    const queue = (await server.api('GET', `/exams/${exam.id}/review-queue`, undefined, { token: teacher.token })).body.data;
    expect(queue.exam).toEqual({ id: exam.id, title: expect.any(String), waitsForReview: true, defaultOutcome: 'withhold' });
    expect(queue.summary).toEqual({ attempts: 5, clear: 2, needsReview: 2, confirmed: 1, held: 3 });
    expect(queue.items.map((i: { student: { name: string } }) => i.student.name.split(' ')[0])).toEqual(['Carl', 'Dora', 'Bea', 'Abe', 'Eve']);
    expect(queue.items[0]).toMatchObject({ attemptId: carl.attemptId, flags: 2, undecided: 2, confirmed: 0, integrityState: 'needs_review', hold: 'under_review', student: { section: 'B' } });
    expect(queue.items[2]).toMatchObject({ flags: 1, undecided: 0, confirmed: 1, integrityState: 'confirmed', outcome: null, hold: 'under_review' });
    expect(queue.items[4]).toMatchObject({ flags: 1, undecided: 0, confirmed: 0, integrityState: 'clear', hold: null });

    const confirmedOnly = (await server.api('GET', `/exams/${exam.id}/review-queue?state=confirmed`, undefined, { token: teacher.token })).body.data;
    expect(confirmedOnly.items.map((i: { attemptId: string }) => i.attemptId)).toEqual([bea.attemptId]);
    expect(confirmedOnly.summary.attempts).toBe(5);

    // A reviewer of section A and of Carl: their part; the whole hall unless they ask for theirs.
    const reviewer = await staffOf(exam.id, { proctors: false, reviews: true }, { sections: ['A'], studentIds: [carl.user.id] });
    const mine = (await server.api('GET', `/exams/${exam.id}/review-queue?mine=true`, undefined, { token: reviewer.token })).body.data;
    expect(mine.items.map((i: { attemptId: string }) => i.attemptId)).toEqual([carl.attemptId, abe.attemptId]);
    expect(mine.summary).toMatchObject({ attempts: 2, needsReview: 1, clear: 1 });
    const whole = (await server.api('GET', `/exams/${exam.id}/review-queue?mine=false`, undefined, { token: reviewer.token })).body.data;
    expect(whole.items).toHaveLength(5);
    // The owner has no part of their own: theirs is the whole hall.
    expect((await server.api('GET', `/exams/${exam.id}/review-queue?mine=true`, undefined, { token: teacher.token })).body.data.items).toHaveLength(5);
  });
});
