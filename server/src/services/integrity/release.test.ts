import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';
import { flagAttempt, linkParent, personOf, satExam } from '../../test/integrity';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The result notices each student's inbox holds, by the student's first name. */
async function told(students: { user: { id: string; first_name: string } }[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const s of students) {
    const rows = (await server.deps.db('notifications').where({ user_id: s.user.id }).orderBy('created_at')) as { texts: { title: { key: string } } }[];
    out[s.user.first_name] = rows.map((r) => r.texts.title.key).filter((k) => !k.startsWith('achievement'));
  }
  return out;
}

/** An exam that holds its results until released, sat by Ann (no flags), Ben and Cleo (a flag each). */
async function hall(resultsWaitForReview: boolean) {
  const { teacher, exam, students } = await satExam(server, { settings: { showResultsImmediately: false, resultsWaitForReview }, names: ['Ann', 'Ben', 'Cleo'] });
  const [, ben, cleo] = students;
  const benFlag = await flagAttempt(server.deps, ben!.attemptId, ben!.user.id);
  const cleoFlag = await flagAttempt(server.deps, cleo!.attemptId, cleo!.user.id, 'fullscreen-exit');
  const release = () => server.api('PUT', `/exams/${exam.id}/release-results`, undefined, { token: teacher.token });
  const decide = (attemptId: string, eventId: string, decision: 'confirm' | 'dismiss') =>
    server.api('POST', `/attempts/${attemptId}/flags/${eventId}/decision`, { decision }, { token: teacher.token });
  const outcome = (attemptId: string, value: 'keep' | 'withhold' | 'zero') => server.api('POST', `/attempts/${attemptId}/outcome`, { outcome: value }, { token: teacher.token });
  return { teacher, exam, students, benFlag, cleoFlag, release, decide, outcome };
}

describe('results that wait for the review', () => {
  it('releasing tells only those the review does not hold; each held one is told as its review lets it out', async () => {
    const h = await hall(true);
    const [ann, ben, cleo] = h.students as [(typeof h.students)[0], (typeof h.students)[0], (typeof h.students)[0]];
    const parent = await personOf(server, 'parent');
    await linkParent(server.deps, parent.user.id, ben.user.id);
    expect((await h.release()).status).toBe(200);
    expect(await told(h.students)).toEqual({ Ann: ['resultAvailable.title'], Ben: [], Cleo: [] });

    const list = async (token: string) => (await server.api('GET', '/submissions', undefined, { token })).body.data.submissions[0];
    expect(await list(ann.token)).toMatchObject({ integrityHold: null, percentage: 80 });
    expect(await list(ben.token)).toMatchObject({ integrityHold: 'under_review', percentage: null, isPassed: null });
    expect(await list(parent.token)).toMatchObject({ integrityHold: 'under_review', percentage: null });
    const queue = (await server.api('GET', `/exams/${h.exam.id}/review-queue`, undefined, { token: h.teacher.token })).body.data;
    expect(queue.summary).toMatchObject({ held: 2 });

    // Ben's one flag dismissed: his result is out, and he and his parent are told now.
    await h.decide(ben.attemptId, h.benFlag, 'dismiss');
    expect(await told(h.students)).toEqual({ Ann: ['resultAvailable.title'], Ben: ['resultAvailable.title'], Cleo: [] });
    expect(await list(ben.token)).toMatchObject({ integrityHold: null, percentage: 80 });
    expect((await told([parent])).Test).toEqual(['childResultAvailable.title']);

    // Cleo's confirmed: still held (under review) until an outcome; withheld stays held; kept lets it out.
    await h.decide(cleo.attemptId, h.cleoFlag, 'confirm');
    expect(await list(cleo.token)).toMatchObject({ integrityHold: 'under_review', percentage: null });
    await h.outcome(cleo.attemptId, 'withhold');
    expect(await list(cleo.token)).toMatchObject({ integrityHold: 'withheld', percentage: null });
    expect((await told([cleo])).Cleo).toEqual(['integrityOutcome.withhold.title']);
    await h.outcome(cleo.attemptId, 'keep');
    expect(await list(cleo.token)).toMatchObject({ integrityHold: null, percentage: 80 });
    expect((await told([cleo])).Cleo).toEqual(['integrityOutcome.withhold.title', 'integrityOutcome.keep.title', 'resultAvailable.title']);
  });

  it('an exam that does not wait releases every result, flagged or not', async () => {
    const h = await hall(false);
    await h.release();
    expect(await told(h.students)).toEqual({ Ann: ['resultAvailable.title'], Ben: ['resultAvailable.title'], Cleo: ['resultAvailable.title'] });
    const queue = (await server.api('GET', `/exams/${h.exam.id}/review-queue`, undefined, { token: h.teacher.token })).body.data;
    expect(queue.summary).toMatchObject({ needsReview: 2, held: 0 });
  });

  it('a decision before the release tells nobody: results not out are out for nobody', async () => {
    const h = await hall(true);
    const ben = h.students[1]!;
    await h.decide(ben.attemptId, h.benFlag, 'dismiss');
    expect(await told(h.students)).toEqual({ Ann: [], Ben: [], Cleo: [] });
    await h.release();
    expect(await told(h.students)).toEqual({ Ann: ['resultAvailable.title'], Ben: ['resultAvailable.title'], Cleo: [] });
  });
});
